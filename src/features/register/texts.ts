/**
 * Texts of the register page that the spec does not give (its own texts — 'ACEPTAR TODO', '¡Estamos en contacto!',
 * the phone-already-registered dialog, 'Nombre del empleador', the validation messages — come from
 * src/shared/messages.ts). Plain Spanish in the spec's register.
 */
import type { EmploymentStatus } from '../../shared/statuses.ts';

export const REGISTER_PAGE_TEXTS = {
  phoneCheckIntro: 'Introduce tu número de móvil para empezar. Te enviaremos un código por SMS para verificarlo.',
  phoneLabel: 'Teléfono móvil',
  phoneCheckSubmit: 'Continuar',
  customerNotFound: 'No hemos encontrado ninguna cuenta con el número {phone}. Regístrate para continuar.',
  customerNotFoundNoPhone: 'No hemos encontrado ninguna cuenta con ese número. Regístrate para continuar.',
  useAnotherNumber: 'Usar otro número',
  signupIntro: 'Completa tus datos para crear tu cuenta. Solo te llevará un par de minutos.',
  personalSection: 'Tus datos personales',
  workSection: 'Tu situación laboral',
  passwordSection: 'Tu contraseña',
  consentSection: 'Condiciones',
  firstName: 'Nombre',
  lastName: 'Apellidos',
  namesHint: 'Escribe tu nombre y apellidos tal y como aparecen en tu DNI/NIE.',
  nationalID: 'DNI/NIE',
  nationalIdHint: 'Ejemplo: 12345678Z o X1234567L.',
  emailAddress: 'Email',
  useSuggestion: 'Usar {suggestion}',
  keepEmail: 'Mi email es correcto',
  birthDate: 'Fecha de nacimiento',
  birthDateHint: 'Debes tener entre 18 y 75 años.',
  mobilePhone: 'Teléfono móvil',
  employmentStatus: 'Situación laboral',
  monthlyIncome: 'Ingresos mensuales netos',
  password: 'Contraseña',
  passwordHint: 'Entre 4 y 20 caracteres. La usarás para entrar en tu cuenta.',
  password2: 'Repite la contraseña',
  legalLinksStart: 'Antes de continuar, lee los ',
  legalLinksTerms: 'Términos y condiciones',
  legalLinksMiddle: ' y la ',
  legalLinksPrivacy: 'Política de privacidad',
  legalLinksEnd: '.',
  acceptPolicy: 'He leído y acepto los Términos y condiciones y la Política de privacidad.',
  acceptAgreement:
    'Quiero recibir ofertas y novedades de Préstamo Rápido por email, SMS y teléfono (puedes darte de baja cuando quieras).',
  marketingConsentContent:
    '¿Quieres que te avisemos de nuestras ofertas, descuentos y novedades? Solo te escribiremos cuando tengamos algo interesante para ti y podrás darte de baja cuando quieras.',
  submit: 'Crear mi cuenta',
  saved:
    'Guardamos lo que escribes en este dispositivo (nunca tu contraseña), para que no pierdas nada si se corta la conexión.',
} as const;

/** The nine employment statuses (first document §3) in Spanish, in the spec's order. */
export const EMPLOYMENT_STATUS_LABELS: Readonly<Record<EmploymentStatus, string>> = {
  fullTimeEmployed: 'Empleado/a a tiempo completo',
  selfEmployed: 'Autónomo/a',
  armedForces: 'Fuerzas Armadas',
  student: 'Estudiante',
  homeMaker: 'Amo/a de casa',
  retired: 'Jubilado/a o pensionista',
  unemployed: 'En paro',
  onBenefits: 'Recibo prestaciones o subsidios',
  other: 'Otra situación',
};

export const INCOME_TEXTS = {
  none: 'Sin ingresos',
  upTo: 'Hasta {amount}',
  over: 'Más de {amount}',
} as const;

export const REGISTER_ERROR_TEXTS = {
  unexpected: 'No hemos podido crear tu cuenta. Revisa tus datos e inténtalo de nuevo.',
  close: 'Cerrar',
} as const;
