import { es } from './spanish.ts';
/**
 * Spanish (and the few English) texts of the first document's customer flows: field messages and labels, login,
 * registration, PIN and password, unsubscribe, update-email. Verbatim from the spec (tests/unit/shared/messages.test.ts
 * checks them), except PRODUCT_MESSAGES. Apart from src/shared/messages.ts so the first page load carries only the
 * shell's texts.
 */

/** Field-specific validation messages (first document §5, second document §5). */
export const FIELD_MESSAGES = {
  passwordLength: 'Tu contraseña debe tener entre 4 y 20 caracteres de longitud.',
  spanishAlphabet: 'Solo se permiten caracteres del alfabeto español.',
  nationalId: es('Por favor, ingresá un DNI/NIE válido.'),
  emailSuggestion: 'Email no válido (Quizás quisiste decir: {suggestion})',
  documentRequired: 'No has subido ningún documento.',
  invalidFileType: es('Invalid file type'),
  /** `n` is the limit in megabytes (limit / 1e6). */
  fileTooLarge: es('File size exceeds over {n}mb'),
} as const;

/** Form labels and hints the spec quotes. */
export const FIELD_LABELS = {
  companyName: 'Nombre del empleador',
  callDay: es('Selecciona la fecha;'),
  callHour: es('Selecciona la hora;'),
} as const;

/** Login page and its errors (first document §2, §8). */
export const LOGIN_TEXTS = {
  loginTab: 'Inicia sesión',
  registerTab: 'Crea una cuenta',
  changeAccount: 'Cambiar cuenta',
  forgotPassword: '¿Olvidaste tu contraseña?',
  /** Generic title of the login and register error dialogs. */
  errorTitle: 'Aviso',
} as const;

/** Register page, phone check and consent dialog (first document §2, §4, §8). */
export const REGISTER_TEXTS = {
  acceptAll: 'ACEPTAR TODO',
  marketingConsentTitle: '¡Estamos en contacto!',
  marketingConsentYes: '¡Sí!',
  marketingConsentNo: 'No',
  phoneAlreadyRegistered:
    'Ya hay un cliente registrado con este número de teléfono. Por favor, inicia sesión de nuevo.',
  alreadyRegisteredButton: 'Inicia sesión',
  errorTitle: 'Aviso',
} as const;

/** Forgot PIN, reset password and change password (first document §2, §8). */
export const PASSWORD_TEXTS = {
  pinNotReceived: 'No he recibido el PIN',
  couldNotSendPin: es('Could not send pin.'),
  changePasswordTitle: 'Cambiar Contraseña?',
  changePasswordSuccessTitle: '¡Éxito!',
  changePasswordSuccess: 'Contraseña actualizada. ¡Mantenla segura!',
} as const;

/** Unsubscribe page (first document §2). */
export const UNSUBSCRIBE_TEXTS = {
  success: 'Gracias. Su solicitud se recibió con éxito.',
} as const;

/** Update-email modal (first document §2, second document §5). */
export const UPDATE_EMAIL_TEXTS = {
  submit: es('SUBMIT'),
  invalid: 'Email no válido',
} as const;

/**
 * Texts the product needs where the spec gives none. They are NOT from the spec (the verbatim test skips this
 * group); keep them few, plain and in the spec's register.
 */
export const PRODUCT_MESSAGES = {
  birthDateTooYoung: 'Debes tener al menos {min} años.',
  /** `date` is the earliest accepted birth date (75 years ago), DD/MM/YYYY. */
  birthDateTooOld: 'Tu fecha de nacimiento no puede ser anterior al {date}.',
} as const;
