import { CARD_TEXTS, DASHBOARD_TEXTS, LOAN_REQUEST_ERRORS, LOAN_REQUEST_TEXTS } from '../../shared/messages-loan.ts';

/**
 * Texts of the loan request screen. The spec's texts (second document §2) come verbatim from messages-loan.ts; the
 * rest are written in the same voice.
 */
export type StepName =
  'product' | 'firstRepaymentDate' | 'installment' | 'accountId' | 'creditSummary' | 'cardId' | 'acceptAgreement';
export type StepState = 'notYet' | 'active' | 'success';

const spec = LOAN_REQUEST_TEXTS.steps;

/** Each step's banner per state; `{…}` are filled with the step's value. */
export const STEP_TEXTS: Record<StepName, Record<StepState, string>> = {
  product: {
    notYet: spec.productActive,
    active: spec.productActive,
    success: spec.productSuccess,
  },
  firstRepaymentDate: {
    notYet: 'Después elegirás la fecha de tu primer pago.',
    active: 'Elige la fecha de tu primer pago.',
    success: spec.firstRepaymentDateSuccess,
  },
  installment: {
    notYet: 'Después elegirás en cuántas cuotas quieres pagar.',
    active: 'Elige en cuántas cuotas quieres pagar.',
    success: spec.installmentSuccess,
  },
  accountId: {
    notYet: 'Después elegirás la cuenta en la que recibirás el dinero.',
    active: 'Elige la cuenta en la que recibirás el dinero.',
    success: 'Recibirás el dinero en la cuenta {account}...',
  },
  creditSummary: {
    notYet: 'Después verás el resumen de tu préstamo.',
    active: 'Revisa el resumen de tu préstamo.',
    success: 'Este es el resumen de tu préstamo...',
  },
  cardId: {
    notYet: 'Después elegirás tu tarjeta de débito.',
    active: 'Elige la tarjeta de débito para tus pagos.',
    success: 'Has elegido la tarjeta {card}...',
  },
  acceptAgreement: {
    notYet: 'Después aceptarás los Términos y Condiciones.',
    active: spec.acceptAgreementActive,
    success: 'Has aceptado los Términos y Condiciones...',
  },
};

/**
 * A minipréstamo's banners where they differ: one repayment, so step 2 is the repayment date and step 3 is fixed at
 * one payment (form-rules.ts `bannerText`).
 */
export const MINI_STEP_TEXTS: Partial<Record<StepName, Record<StepState, string>>> = {
  firstRepaymentDate: {
    notYet: 'Después elegirás el día en que devolverás tu minipréstamo.',
    active: 'Elige el día en que devolverás tu minipréstamo.',
    success: spec.firstRepaymentDateSuccess,
  },
  installment: {
    notYet: 'Un minipréstamo se devuelve en un solo pago.',
    active: 'Un minipréstamo se devuelve en un solo pago.',
    success: 'Devolverás tu minipréstamo en un solo pago...',
  },
  creditSummary: {
    notYet: 'Después verás el resumen de tu minipréstamo.',
    active: 'Revisa el resumen de tu minipréstamo.',
    success: 'Este es el resumen de tu minipréstamo...',
  },
};

/** Step headings (numbered in the page). */
export const STEP_TITLES: Record<StepName, string> = {
  product: 'Importe',
  firstRepaymentDate: 'Fecha del primer pago',
  installment: 'Número de cuotas',
  accountId: 'Cuenta bancaria',
  creditSummary: 'Resumen del préstamo',
  cardId: 'Tarjeta',
  acceptAgreement: 'Condiciones',
};

/** A minipréstamo's step headings where they differ. */
export const MINI_STEP_TITLES: Partial<Record<StepName, string>> = {
  firstRepaymentDate: 'Fecha de devolución',
  installment: 'Número de pagos',
  creditSummary: 'Resumen del minipréstamo',
};

/**
 * The form's checklist (the spec's "form error list": each field valid or invalid), in words a customer reads: a done
 * field by its name, a pending one by what is left to do.
 */
export const FIELD_TODO: Record<Exclude<StepName, 'creditSummary'>, string> = {
  product: 'Elige el importe del préstamo',
  firstRepaymentDate: 'Elige la fecha del primer pago',
  installment: 'Elige el número de cuotas',
  accountId: 'Elige la cuenta bancaria',
  cardId: 'Elige tu tarjeta de débito',
  acceptAgreement: 'Acepta los Términos y Condiciones',
};

export const FIELD_LABELS: Record<Exclude<StepName, 'creditSummary'>, string> = {
  product: 'Importe del préstamo',
  firstRepaymentDate: 'Fecha del primer pago',
  installment: 'Número de cuotas',
  accountId: 'Cuenta bancaria',
  cardId: 'Tarjeta de débito',
  acceptAgreement: 'Términos y Condiciones',
};

/** A minipréstamo's checklist labels where they differ. */
export const MINI_FIELD_LABELS: Partial<typeof FIELD_LABELS> = {
  firstRepaymentDate: 'Fecha de devolución',
  installment: 'Un solo pago',
};

export const LOAN_FORM_TEXTS = {
  ...LOAN_REQUEST_TEXTS,
  formLabel: 'Solicitud de préstamo',
  productLabel: 'Tipo de préstamo',
  productNames: { mini: 'Minipréstamo', installment: 'Préstamo a plazos' },
  productHints: {
    mini: 'De {min} a {max}, en un solo pago',
    installment: 'Desde {min}, en cuotas mensuales',
  },
  miniDateLabel: 'Fecha de devolución',
  miniPayment: 'Un solo pago',
  miniPaymentOn: '{amount} el {date}',
  summaryMiniPayment: 'Pago único',
  summaryMiniPaymentDate: 'Fecha de devolución',
  /** The interest-free first loan (docs/rules/pricing-and-quotes.md "The interest-free first loan"). */
  interestFreeNote:
    'Tu primer minipréstamo es sin intereses ni comisiones: devuelves {amount} el {date}. Si no lo devuelves ese día, pierdes el 0 % y se aplican los intereses del minipréstamo: {interest} de intereses, {total} en total.',
  amountLabel: 'Importe del préstamo',
  amountOption: '{amount} €',
  dateLabel: 'Fecha del primer pago',
  invalidDate:
    'La fecha elegida no está disponible: es fin de semana, festivo o queda fuera del plazo. Elige otra fecha.',
  installmentsLabel: 'Número de cuotas',
  /** The home calculator's choice that the request form cannot offer (form-rules.ts `startFromCalculator`). */
  calculatorAmountBelow:
    'En la calculadora elegiste {chosen}, pero una solicitud empieza en {min}. Elige aquí el importe que necesitas.',
  calculatorAmountAbove:
    'En la calculadora elegiste {chosen}, pero ahora puedes solicitar hasta {max}. Elige aquí el importe que necesitas.',
  calculatorInstallmentsUnavailable:
    'En la calculadora elegiste {chosen} cuotas, pero por ahora las solicitudes se ofrecen en {offered} cuotas: las hemos seleccionado.',
  installmentOption: '{installments} cuotas',
  installmentUnavailable:
    'Esta opción no está disponible por ahora según la última evaluación de tu perfil. Podrá estar disponible en una próxima solicitud.',
  loadingPlans: 'Calculando tus cuotas',
  accountLabel: 'Cuenta bancaria',
  cardLabel: 'Tarjeta de débito',
  summaryFirstPayment: 'Primera cuota',
  summaryFirstPaymentDate: 'Fecha de la primera cuota',
  summaryInterest: 'Intereses totales',
  summaryTotal: 'Total a devolver',
  summaryTae: 'TAE',
  summaryAmount: 'Importe solicitado',
  summaryInstallments: 'Número de cuotas',
  acceptAgreement: 'He leído y acepto los Términos y Condiciones y la explicación del préstamo.',
  acceptCommunications: 'Acepto recibir comunicaciones comerciales por email, SMS y teléfono.',
  termsLink: 'Términos y Condiciones',
  explanationLink: 'Explicación del préstamo',
  updateEmail: 'Actualizar mi email',
  formErrors: 'Lo que falta para continuar',
  /** Read by screen readers after a done field's name; the list shows a check mark. */
  fieldValid: 'hecho',
  offlineSubmit:
    'No tienes conexión a internet. Tu solicitud no se ha enviado y tus datos se han guardado: cuando vuelvas a tener conexión, pulsa «Siguiente» de nuevo.',
  offlineData: 'Sin conexión: te mostramos los últimos datos cargados.',
  loadFailed: 'No hemos podido cargar los datos de tu solicitud. Por favor, inténtalo de nuevo.',
  retry: 'Reintentar',
  noAccount: 'Todavía no tienes una cuenta bancaria vinculada.',
  agreementLoadFailed: 'No hemos podido cargar el documento. Por favor, inténtalo de nuevo.',
  /** The loan explanation describes the offer on the form: it needs one. */
  explanationNeedsOffer:
    'Elige el importe, la fecha del primer pago, el número de cuotas y la cuenta para ver la explicación de tu préstamo.',
  close: 'Cerrar',
} as const;

/**
 * The agreement step after the request (second document §2, §4, §8): the pre-contract information, then the
 * agreement, 'Imprimir', 'Descargar', the acceptance and its errors. Spec texts from messages-loan.ts.
 */
export const AGREEMENT_STEP_TEXTS = {
  title: 'Tu contrato de préstamo',
  preContractHeading: 'Información normalizada europea sobre el crédito al consumo',
  preContractIntro:
    'Antes de firmar, lee la información precontractual de tu préstamo. Puedes imprimirla o descargarla.',
  agreementHeading: 'Contrato de préstamo',
  agreementIntro: 'Lee tu contrato. Al pulsar «Acepto» lo firmas y tramitamos el envío de tu dinero.',
  toAgreement: 'Ver el contrato',
  toPreContract: 'Ver la información precontractual',
  accept: 'Acepto',
  print: DASHBOARD_TEXTS.print,
  download: DASHBOARD_TEXTS.download,
  loading: 'Cargando tu contrato',
  loadFailed: 'No hemos podido cargar tu contrato. Por favor, inténtalo de nuevo.',
  downloadFailed: 'No hemos podido descargar el documento. Por favor, inténtalo de nuevo.',
  offline:
    'No tienes conexión a internet. Tu contrato no se ha aceptado: cuando vuelvas a tener conexión, pulsa «Acepto» de nuevo.',
  loanNotFound: LOAN_REQUEST_ERRORS.loanNotFound,
  verifyCardPrompt: LOAN_REQUEST_ERRORS.verifyCardPrompt,
  verify: CARD_TEXTS.verify,
  verifyLater: 'Ahora no',
  emailIntro:
    'Necesitamos un email válido para enviarte tu contrato. Escríbelo y aceptaremos tu contrato a continuación.',
  reviewAgreement: 'Revisar y aceptar el contrato',
  requested: 'Hemos recibido tu solicitud. Para continuar, lee y acepta tu contrato.',
} as const;
