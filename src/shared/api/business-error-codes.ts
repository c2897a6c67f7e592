import { es } from '../spanish.ts';
import { defineCodes } from './error-codes.ts';

/**
 * Business exceptions: HTTP 422 in the spec's error shape, handled per call by `code.name` (both documents' §8).
 * Values are stable and unique (1000+, grouped by domain). Messages are the spec's verbatim texts where it gives
 * one; a `{name}` placeholder is filled by the server with `formatErrorMessage` (e.g. `{remaining}` attempts).
 */
export const businessErrorCodes = defineCodes({
  // Registration and customer data (first document §8 "Register")
  InvalidEmail: { value: 1000, status: 422, title: 'Aviso', message: 'Email no válido' },
  InvalidEmailWithUpdateRequest: {
    value: 1001,
    status: 422,
    title: 'Aviso',
    message: 'El email no es válido. Por favor, actualiza tu dirección de email.',
  },
  EmailNotAvailable: {
    value: 1002,
    status: 422,
    title: 'Aviso',
    message: 'Este email ya está registrado. Por favor, utiliza otra dirección de email.',
  },
  DNINotValid: { value: 1003, status: 422, title: 'Aviso', message: es('Por favor, ingresá un DNI/NIE válido.') },
  CustomerAlreadyRegistered: {
    value: 1004,
    status: 422,
    title: 'Aviso',
    message: 'Ya hay un cliente registrado con esta información. Por favor, inicia sesión de nuevo.',
  },
  PhoneAlreadyRegistered: {
    value: 1005,
    status: 422,
    title: 'Aviso',
    message: 'Ya hay un cliente registrado con este número de teléfono. Por favor, inicia sesión de nuevo.',
  },
  InvalidPhone: {
    value: 1006,
    status: 422,
    title: 'Aviso',
    message: 'El número de teléfono no es válido. Introduce un móvil español de 9 dígitos.',
  },
  EligibleAgeError: {
    value: 1007,
    status: 422,
    title: 'Aviso',
    message: 'Debes tener entre 18 y 75 años para solicitar un préstamo.',
  },
  InvalidBirthDate: { value: 1008, status: 422, title: 'Aviso', message: 'Fecha invalida' },
  InvalidName: {
    value: 1009,
    status: 422,
    title: 'Aviso',
    message: 'Solo se permiten caracteres del alfabeto español.',
  },
  CompanyNameRequired: {
    value: 1010,
    status: 422,
    title: 'Aviso',
    message: 'Por favor, indica el nombre del empleador.',
  },
  InvalidPassword: {
    value: 1011,
    status: 422,
    title: 'Aviso',
    message: 'Tu contraseña debe tener entre 4 y 20 caracteres de longitud.',
  },
  PasswordsDoNotMatch: { value: 1012, status: 422, title: 'Aviso', message: 'Los campos no coinciden' },
  TermsNotAccepted: { value: 1013, status: 422, title: 'Aviso', message: 'Debe aceptar los términos y condiciones.' },
  InvalidPostcode: { value: 1014, status: 422, title: 'Aviso', message: 'El código postal debe tener 5 dígitos.' },
  NotAllowedCustomerStatus: {
    value: 1015,
    status: 422,
    title: 'Aviso',
    message: 'Lo sentimos, en este momento no puedes realizar esta operación.',
  },
  InvalidProvince: {
    value: 1016,
    status: 422,
    title: 'Aviso',
    message: 'La provincia no corresponde al código postal.',
  },

  // Login, PIN and password (first document §8 "Login", "Forgot PIN, reset, change password")
  MemberNotAllowedToLoginWithPasswordException: {
    value: 1100,
    status: 422,
    title: 'Aviso',
    message: 'No puedes iniciar sesión con contraseña. Solicita un nuevo PIN en «¿Olvidaste tu contraseña?».',
  },
  MemberNotFoundException: {
    value: 1101,
    status: 422,
    title: 'Aviso',
    message: 'No hay ningún cliente registrado con este número de teléfono.',
  },
  MemberBlocked: {
    value: 1102,
    status: 422,
    title: 'Aviso',
    message: 'Tu cuenta ha sido bloqueada por demasiados intentos fallidos. Solicita un nuevo PIN para desbloquearla.',
  },
  CustomerNotFound: {
    value: 1103,
    status: 422,
    title: 'Aviso',
    message: 'No hemos encontrado ningún cliente con este número de teléfono.',
  },
  WrongPasswordException: {
    value: 1104,
    status: 422,
    title: 'Contraseña incorrecta',
    message: 'La contraseña no es correcta. Intentos restantes: {remaining}.',
  },
  PinNotValidLastAttempt: {
    value: 1105,
    status: 422,
    title: 'Aviso',
    message: 'El PIN no es correcto. Te queda un último intento antes de que se bloquee tu cuenta.',
  },
  PinNotValidWithRemainingAttemptCount: {
    value: 1106,
    status: 422,
    title: 'Aviso',
    message: 'El PIN no es correcto. Te quedan {remaining} intentos.',
  },
  PinNotValid: { value: 1107, status: 422, title: 'Aviso', message: 'El PIN no es correcto.' },
  PinExpired: { value: 1108, status: 422, title: 'Aviso', message: 'El PIN ha caducado. Solicita uno nuevo.' },
  /** `{seconds}`: the seconds left before a new PIN may be requested (also in Retry-After). */
  PinRequestTooSoon: {
    value: 1109,
    status: 422,
    title: 'Aviso',
    message: 'Espera {seconds} segundos antes de solicitar un nuevo PIN.',
  },
  TokenNotValid: { value: 1110, status: 422, title: 'Aviso', message: 'El enlace no es válido o ha caducado.' },

  // Loans, agreements and payments (second document §8 "Loan request", "Agreement assignment")
  CustomerBlacklisted: {
    value: 1200,
    status: 422,
    title: 'Aviso',
    message: 'Lo sentimos, en este momento no podemos concederte un préstamo.',
  },
  LoanNotFound: { value: 1201, status: 422, title: 'Aviso', message: 'Préstamo no encontrado.' },
  CustomerBlackListedWithSuspiciousLoan: {
    value: 1202,
    status: 422,
    title: 'Aviso',
    message: 'Para continuar con el proceso de solicitud de tu préstamo debes verificar tu tarjeta.',
  },
  ActiveLoanExists: { value: 1203, status: 422, title: 'Aviso', message: 'Ya tienes un préstamo activo.' },
  /** ImpedimentCreatePost: the loan has an impediment staff have not closed yet (one at a time per loan). */
  ImpedimentAlreadyOpen: {
    value: 1225,
    status: 422,
    title: 'Aviso',
    message: 'Ya nos contaste qué te pasa con este préstamo: lo estamos revisando y te llamaremos pronto.',
  },
  CreditLimitExceeded: {
    value: 1204,
    status: 422,
    title: 'Aviso',
    message: 'El importe solicitado supera tu límite de crédito disponible.',
  },
  InvalidLoanAmount: { value: 1205, status: 422, title: 'Aviso', message: 'El importe seleccionado no es válido.' },
  InstallmentOptionNotAvailable: {
    value: 1206,
    status: 422,
    title: 'Aviso',
    message: 'Esta opción no está disponible actualmente.',
  },
  InvalidFirstRepaymentDate: {
    value: 1207,
    status: 422,
    title: 'Aviso',
    message: 'La fecha de primer pago seleccionada no es válida.',
  },
  InvalidPaymentDates: { value: 1208, status: 422, title: 'Aviso', message: 'Las fechas de pago no son válidas.' },
  AgreementNotAccepted: { value: 1209, status: 422, title: 'Aviso', message: 'Acepta los Términos y Condiciones.' },
  AgreementNotFound: {
    value: 1210,
    status: 422,
    title: 'Aviso',
    message: 'No hemos encontrado el contrato solicitado.',
  },
  BankAccountNotFound: {
    value: 1211,
    status: 422,
    title: 'Aviso',
    message: 'No hemos encontrado la cuenta bancaria seleccionada.',
  },
  InstallmentNotFound: {
    value: 1212,
    status: 422,
    title: 'Aviso',
    message: 'No hemos encontrado la cuota seleccionada.',
  },
  LoanAlreadyRepaid: { value: 1213, status: 422, title: 'Aviso', message: 'Este préstamo ya está pagado.' },
  InvalidPaymentAmount: { value: 1214, status: 422, title: 'Aviso', message: 'El importe a pagar no es válido.' },
  PaymentFailed: {
    value: 1215,
    status: 422,
    title: 'Aviso',
    message: 'No se ha podido realizar el pago. Por favor, inténtalo de nuevo o utiliza otra tarjeta.',
  },
  PaymentNotFound: { value: 1216, status: 422, title: 'Aviso', message: 'No hemos encontrado el pago.' },
  RolloverNotAllowed: {
    value: 1217,
    status: 422,
    title: 'Aviso',
    message: 'La prórroga no está disponible para este préstamo.',
  },
  InvalidRolloverDate: {
    value: 1218,
    status: 422,
    title: 'Aviso',
    message: 'La fecha de prórroga seleccionada no es válida.',
  },
  RestructureNotAllowed: {
    value: 1219,
    status: 422,
    title: 'Aviso',
    message: 'El pago flexible no está disponible para este préstamo.',
  },
  WithdrawalNotAllowed: {
    value: 1222,
    status: 422,
    title: 'Aviso',
    message: 'El plazo de 14 días para desistir del contrato ha terminado o el préstamo no lo permite.',
  },
  /**
   * PayLoanPost: the instalments the payment names (what the customer was shown) are not what it would pay now —
   * another payment paid them meanwhile, or the amount due changed. Nothing is charged.
   */
  PaymentDueChanged: {
    value: 1223,
    status: 422,
    title: 'Aviso',
    message:
      'Lo que ibas a pagar ha cambiado desde que lo consultaste (puede que ya esté pagado). No se ha cobrado nada: revisa el importe actualizado antes de pagar.',
  },
  /**
   * RestructureLoanPost: the pre-contract information the customer accepted is not the plan a restructure would
   * make now (the day changed, a payment arrived): nothing changes; the new plan is shown again.
   */
  RestructurePlanChanged: {
    value: 1224,
    status: 422,
    title: 'Aviso',
    message:
      'El plan del Pago Flexible ha cambiado desde que lo consultaste. No se ha cambiado nada: revisa el nuevo plan antes de aceptarlo.',
  },
  // Idempotent calls: a retry while the first request runs (HTTP 409), a key reused for another request.
  RequestInProgress: {
    value: 1220,
    status: 409,
    title: 'Aviso',
    message: 'Tu solicitud ya se está procesando. Por favor, espera un momento.',
  },
  IdempotencyKeyReused: {
    value: 1221,
    status: 422,
    title: 'Aviso',
    message: 'Esta operación ya se envió con otros datos. Vuelve a intentarlo.',
  },

  // Cards and documents (second document §8 "Cards")
  CardValidationFailed: { value: 1300, status: 422, title: 'Aviso', message: 'La validación ha fallado.' },
  '3DS_FLOW_FAILED': {
    value: 1301,
    status: 422,
    title: 'Aviso',
    message:
      'Falló la verificación de 3D Secure. No se pudo agregar la tarjeta bancaria. Por favor, inténtalo de nuevo.',
  },
  CardNotFound: { value: 1302, status: 422, title: 'Aviso', message: 'No hemos encontrado la tarjeta seleccionada.' },
  InvalidCardNumber: { value: 1303, status: 422, title: 'Aviso', message: 'El número de tarjeta no es válido.' },
  CardExpired: { value: 1304, status: 422, title: 'Aviso', message: 'La tarjeta ha caducado.' },
  CardAlreadyRegistered: { value: 1305, status: 422, title: 'Aviso', message: 'Esta tarjeta ya está registrada.' },
  DocumentUploadFailed: {
    value: 1306,
    status: 422,
    title: 'Aviso',
    message: 'Ha surgido un error mientras se subían los documentos. Por favor inténtelo de nuevo.',
  },
  NoDocumentUploaded: { value: 1307, status: 422, title: 'Aviso', message: 'No has subido ningún documento.' },
  InvalidFileType: { value: 1308, status: 422, title: 'Aviso', message: 'Tipo de archivo no válido.' },

  // Bank accounts and widgets (second document §8 "Widgets", "Bank scrape")
  BankAccountNotAdded: {
    value: 1400,
    status: 422,
    title: 'Aviso',
    message: 'No se pudo agregar nueva cuenta bancaria.',
  },
  InvalidBankAccount: {
    value: 1401,
    status: 422,
    title: 'Aviso',
    message: 'No se pudo añadir esta cuenta bancaria. Por favor intenta de nuevo con otra cuenta bancaria.',
  },
  BankAccountAlreadyExists: {
    value: 1402,
    status: 422,
    title: 'Aviso',
    message: 'Esta cuenta bancaria ya está registrada.',
  },
  ScrapeFailed: {
    value: 1403,
    status: 422,
    title: 'Aviso',
    message: 'Ha ocurrido un error. Por favor intenta de nuevo.',
  },
  WidgetAccountBlocked: {
    value: 1404,
    status: 422,
    title: 'Aviso',
    message: 'Su cuenta ha sido bloqueada. Puede intentar nuevamente en 24 horas.',
  },
  WidgetUnavailable: {
    value: 1405,
    status: 422,
    title: 'Aviso',
    message: 'Ha ocurrido un error. Por favor, inténtalo de nuevo.',
  },

  // Communication, call scheduling
  CallTimeNotAvailable: {
    value: 1500,
    status: 422,
    title: 'Aviso',
    message: 'La hora seleccionada ya no está disponible. Por favor, elige otra.',
  },
  UnsubscribeLinkNotValid: {
    value: 1501,
    status: 422,
    title: 'Aviso',
    message: 'El enlace para darse de baja no es válido.',
  },
  InvalidPushSubscription: {
    value: 1502,
    status: 422,
    title: 'Aviso',
    message: 'No hemos podido activar las notificaciones en este navegador. Inténtalo de nuevo.',
  },

  // The staff's read-only view of the customer's area (MorphToPost, docs/backoffice.md §1 «morphTo»)
  ReadOnlySession: {
    value: 1600,
    status: 403,
    title: 'Aviso',
    message: 'Estás en la vista de empleado, que es solo de lectura: esta acción no está disponible.',
  },
});

export type BusinessErrorCodeName = keyof typeof businessErrorCodes;
