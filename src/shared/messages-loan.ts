import { es } from './spanish.ts';
/**
 * Spanish texts of the second document's loan area: loan request, bank, widgets, documents, cards, dashboard, call
 * scheduling, success toasts. Verbatim from the spec (tests/unit/shared/messages.test.ts checks them). Apart from
 * src/shared/messages.ts so the first page load carries only the shell's texts.
 */

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
  dayLabel: es('Selecciona la fecha;'),
  hourLabel: es('Selecciona la hora;'),
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
