/**
 * The Spanish (and the few English) texts of both specification documents, grouped by area.
 *
 * Every text of the SPEC catalogues below is copied verbatim from the spec, so `grep` of the spec's words finds it
 * here (a test checks it). Placeholders use `{name}`; fill them with `formatMessage`. Texts the spec does not give
 * but the product needs live in `PRODUCT_MESSAGES` at the end, clearly apart.
 */

export type MessageValues = Readonly<Record<string, string | number>>;

/** Replaces each `{name}` of the template with `values[name]`; unknown placeholders are left as they are. */
export function formatMessage(template: string, values: MessageValues = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}

/** Default validation messages (first document §5, "Default messages"). */
export const VALIDATION_MESSAGES = {
  required: 'Campo obligatorio',
  email: 'Email no válido',
  fakeEmail: 'Email no válido',
  min: 'El valor mínimo es {min}',
  max: 'El valor máximo es {max}',
  minLength: 'La longitud mínima es {minLength}',
  maxLength: 'La longitud máxima es {maxLength}',
  number: 'No es un número',
  pattern: 'Patrón incorrecto',
  sameAs: 'Los campos no coinciden',
  notSameAs: 'Los campos no coinciden',
  string: 'Carácter no válido',
  url: 'Invalid url',
  dateValid: 'Fecha invalida',
  dateRange: 'Rango de fechas no válido',
} as const;

export type ValidationRule = keyof typeof VALIDATION_MESSAGES;

/** The default message of a rule, interpolated (`validationMessage('min', { min: 4 })`). */
export function validationMessage(rule: ValidationRule, values: MessageValues = {}): string {
  return formatMessage(VALIDATION_MESSAGES[rule], values);
}

/** Field-specific validation messages (first document §5, second document §5). */
export const FIELD_MESSAGES = {
  passwordLength: 'Tu contraseña debe tener entre 4 y 20 caracteres de longitud.',
  spanishAlphabet: 'Solo se permiten caracteres del alfabeto español.',
  nationalId: 'Por favor, ingresá un DNI/NIE válido.',
  emailSuggestion: 'Email no válido (Quizás quisiste decir: {suggestion})',
  documentRequired: 'No has subido ningún documento.',
  invalidFileType: 'Invalid file type',
  /** `n` is the limit in megabytes (limit / 1e6). */
  fileTooLarge: 'File size exceeds over {n}mb',
} as const;

/** Form labels and hints the spec quotes. */
export const FIELD_LABELS = {
  companyName: 'Nombre del empleador',
  callDay: 'Selecciona la fecha;',
  callHour: 'Selecciona la hora;',
} as const;

/** Access guard, crash screen and 404 page (first document §2). */
export const SHELL_MESSAGES = {
  loginRequired: 'Para acceder a esta pagina debes iniciar sesion.',
  crashTitle: '¡Vaya! Algo salió mal',
  goHome: 'Ir a la página de inicio',
  homeTitle: 'Solicita tu préstamo rápido en menos de 10 minutos',
} as const;

/** Header, mobile menu and offer banner (first document §2). */
export const NAVIGATION_TEXTS = {
  howItWorks: 'Como funciona',
  help: 'Ayuda',
  about: 'About',
  contact: 'Contacto',
  login: 'Inicia Sesion',
  createAccount: 'Crea una Cuenta',
  clientArea: 'Area de Clientes',
  loanHistory: 'Historial de Prestamos',
  accountManagement: 'Gestion de la Cuenta',
  logout: 'Cerrar Sesion',
  offerUpTo: 'Recibe hasta {amount}',
  yourLimit: 'TU LIMITE',
} as const;

/** Global handling by HTTP outcome (first document §8, "Global by HTTP outcome"). */
export const HTTP_MESSAGES = {
  timeout: {
    title: 'Aviso',
    heading: '¿Estás sin conexión?',
    message: 'Comprueba tu conexión a Internet y vuelve a intentarlo.',
    button: 'Recargar',
  },
  network: {
    heading: '¿Estás sin conexión?',
    message: 'Su solicitud ha expirado...',
    button: 'Recargar',
  },
  unauthorized: { message: 'Su sesión ha caducado. Por favor ingrese nuevamente.' },
  notFound: { title: '404', message: 'No conseguimos encontrar lo que estás buscando.' },
  tooManyRequests: {
    title: 'Se han realizado demasiados intentos',
    message: 'Por favor, inténtelo de nuevo más tarde.',
  },
  serverError: {
    message: 'Ha ocurrido un error. Vuelva a cargar la página o inténtelo de nuevo.',
    button: 'Recargar',
  },
  /** The synthetic error produced when the browser is offline (first document §7). */
  offline: 'No Internet Connection',
} as const;

/** Generic English texts present in both catalogues. */
export const GENERIC_MESSAGES = {
  technicalError: 'Technical error',
  requestTimeout: 'Request Timeout',
  tryAgain: 'Please try again.',
  authorizationError: 'Authorization Error',
  loginWithCredentials: 'Please login with your credentials.',
  notFound: '404 not found.',
} as const;

/** Toast (notification) titles. */
export const NOTIFICATION_TITLES = {
  success: 'Success',
  error: 'Error',
  warning: 'Warning',
  info: 'Info',
  processing: 'Processing',
} as const;

/** Confirm dialog titles by type and default buttons (first document §2). */
export const DIALOG_TEXTS = {
  titles: { success: 'Exito', error: 'Attencione', info: 'Aviso', warning: 'Aviso' },
  yes: 'Si',
  no: 'No',
} as const;

/** Session effects (first document §8, second document §4). */
export const SESSION_MESSAGES = {
  loggedOutInAnotherTab: "You've been logged out from another tab.",
  closedOrNoneStatus: 'Ya hay un cliente registrado con esta información. Por favor, inicia sesión de nuevo.',
} as const;

/** Home page and calculator (first document §2). */
export const HOME_TEXTS = {
  applyNow: 'Solicita YA',
  moreInformation: 'Más Información',
  youWillPay: 'Pagarás {amount}€ el {date}',
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
  couldNotSendPin: 'Could not send pin.',
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
  submit: 'SUBMIT',
  invalid: 'Email no válido',
} as const;

/** Loan request screen: step banners, buttons and notices (second document §2). */
export const LOAN_REQUEST_TEXTS = {
  steps: {
    productActive: 'Selecciona el importe de tu préstamo.',
    productSuccess: 'Has seleccionado {product}€...',
    firstRepaymentDateSuccess: 'Pagarás el {date}...',
    installmentSuccess: 'Has elegido pagar en {installment} cuotas...',
    acceptAgreementActive: 'Acepta los Términos y Condiciones.',
  },
  next: 'Siguiente',
  perMonth: 'al mes',
  addBankAccount: 'Añadir nueva cuenta bancaria',
  acceptAll: 'ACEPTAR TODO',
  /** The no-card notice is three parts: the first, then the optional middle (other cards exist), then the end. */
  noCardStart:
    'No tienes una tarjeta válida registrada en nuestro sistema. Por favor, introduce los datos de tu tarjeta de débito',
  noCardChooseOther: ' o elige otra tarjeta',
  noCardEnd: '.',
} as const;

/** Loan request and agreement assignment errors (second document §8). */
export const LOAN_REQUEST_ERRORS = {
  verifyCardPrompt: 'Para continuar con el proceso de solicitud de tu préstamo debes verificar tu tarjeta.',
  loanNotFound: 'Préstamo no encontrado.',
} as const;

/** Bank identification, widgets and scrape (second document §2, §4, §8). */
export const BANK_TEXTS = {
  identifyBank: 'Identifica tu banco',
  next: 'Siguiente',
  processing: 'Procesando',
} as const;

export const WIDGET_MESSAGES = {
  accountBlocked: 'Su cuenta ha sido bloqueada. Puede intentar nuevamente en 24 horas.',
  mustAcceptTerms: 'Debe aceptar los términos y condiciones.',
  noWidgetUrl: 'Ha ocurrido un error. Por favor, inténtalo de nuevo.',
} as const;

export const BANK_SCRAPE_MESSAGES = {
  error: 'Ha ocurrido un error. Por favor intenta de nuevo.',
  couldNotAddAccount: 'No se pudo agregar nueva cuenta bancaria.',
  couldNotAddThisAccount:
    'No se pudo añadir esta cuenta bancaria. Por favor intenta de nuevo con otra cuenta bancaria.',
  inProgress: 'Procesando',
} as const;

/** Documents screen (second document §2). */
export const DOCUMENTS_TEXTS = {
  skipWarningTitle: 'Aviso',
  skipWarning: 'No has subido tu DNI/NIE.',
  upload: 'Subir DNI/NIE',
  continue: 'Continuar',
} as const;

/** Add-card screen, 3-D Secure and card proof upload (second document §2, §8). */
export const CARD_TEXTS = {
  next: 'Siguiente',
  receiveAmount: 'Recibir mis {amount}',
  addLater: 'Quiero añadir mi tarjeta más tarde',
  verify: 'Verifica',
} as const;

export const CARD_MESSAGES = {
  validationFailed: 'La validación ha fallado.',
  threeDsFailed:
    'Falló la verificación de 3D Secure. No se pudo agregar la tarjeta bancaria. Por favor, inténtalo de nuevo.',
  threeDsFailedCode: '3DS_FLOW_FAILED',
  /** The message the 3-D Secure provider posts when the challenge is done. */
  threeDsCompletedMessage: 'credorax_completed',
  proofUploadFailed: 'Ha surgido un error mientras se subían los documentos. Por favor inténtelo de nuevo.',
  proofUploadSuccess: 'Hemos recibido tu solicitud de verificación.',
} as const;

/** Dashboard and credit summary (second document §2). */
export const DASHBOARD_TEXTS = {
  currentDebt: 'TU DEUDA ACTUAL',
  flexiblePayment: 'Pago Flexible',
  rollover: 'Prórroga',
  pay: 'Pagar',
  viewAgreement: 'Ver contrato',
  print: 'Imprimir',
  download: 'Descargar',
  installmentDetails: 'Detalles de la cuota',
  payWholeLoan: 'Pago Total Préstamo',
  payAmount: 'Pagar {amount}',
  repaymentProblems: '¿Problemas con un reembolso?',
  showDetails: 'Ver detalles',
  showLess: 'Ver menos',
} as const;

/** Call scheduling (second document §2, §8). */
export const CALL_TIME_TEXTS = {
  dayLabel: 'Selecciona la fecha;',
  hourLabel: 'Selecciona la hora;',
  submit: 'Programar llamada',
  failed: 'Ha ocurrido un error. Vuelva a cargar la página o inténtelo de nuevo.',
} as const;

/** Success toasts (second document §8). */
export const SUCCESS_TOASTS = {
  bankAccountAdded: 'Nueva cuenta bancaria añadida con éxito.',
  cardSetAsPrimary: 'Has establecido tu tarjeta como principal.',
  callScheduled: 'Hemos aceptado tu solicitud. Te llamaremos a la hora que has especificado.',
  changesSaved: 'Los cambios se han guardado.',
} as const;

/** Marketing opt-in prompt and cookie consent modal (second document §2, §4). */
export const MARKETING_TEXTS = {
  welcomeBack: '¡Bienvenido de nuevo!',
} as const;

export const COOKIE_TEXTS = {
  accept: 'ACEPTAR',
  showDetails: 'Mostrar detalles',
  hideDetails: 'Ocultar detalles',
  privacyControls: 'Controles de Privacidad',
  selectAll: 'SELECCIONAR TODO',
  updateConsent: 'ACTUALIZAR CONSENTIMIENTO',
} as const;

/** Client activity log (second document §7.3, §8). */
export const LOG_TEXTS = {
  timeout: 'Timeout',
  networkError: 'Network Error',
  stringifyError: 'JSON stringify error',
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
