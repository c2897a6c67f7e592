import { DASHBOARD_TEXTS } from '../../shared/messages-loan.ts';
import { DATA_AGE_TEXTS, PAY_DISABLED_TEXTS } from '../../lib/loans/texts.ts';
import { LATE_PAYMENT_CUSTOMER_TEXT } from '../../shared/loan/late.ts';
import type { CustomerStatus } from '../../shared/statuses.ts';

/**
 * Texts of the dashboard: the spec's verbatim (shared/messages-loan.ts, loan labels in shared/statuses.ts) and new
 * ones in the app's voice (tú, short sentences).
 */
export const DASHBOARD_PAGE_TEXTS = {
  currentDebt: DASHBOARD_TEXTS.currentDebt,
  showDetails: DASHBOARD_TEXTS.showDetails,
  showLess: DASHBOARD_TEXTS.showLess,
  flexiblePayment: DASHBOARD_TEXTS.flexiblePayment,
  rollover: DASHBOARD_TEXTS.rollover,
  pay: DASHBOARD_TEXTS.pay,
  viewAgreement: DASHBOARD_TEXTS.viewAgreement,
  print: DASHBOARD_TEXTS.print,
  download: DASHBOARD_TEXTS.download,
  installmentDetails: DASHBOARD_TEXTS.installmentDetails,
  payWholeLoan: DASHBOARD_TEXTS.payWholeLoan,
  payAmount: DASHBOARD_TEXTS.payAmount,
  repaymentProblems: DASHBOARD_TEXTS.repaymentProblems,
  actions: 'Acciones del préstamo',
  offlineReason: PAY_DISABLED_TEXTS.offlineReason,
  staleReason: PAY_DISABLED_TEXTS.staleReason,
  checkingReason: PAY_DISABLED_TEXTS.checkingReason,
  dataAge: DATA_AGE_TEXTS.dataAge,
  ageUnderMinute: DATA_AGE_TEXTS.under,
  ageMinutes: DATA_AGE_TEXTS.minutes,
  ageHours: DATA_AGE_TEXTS.hours,
  ageDays: DATA_AGE_TEXTS.days,
  ageDay: DATA_AGE_TEXTS.day,
  alreadyPaid: 'Ya está pagada',
  dismissNotice: 'Cerrar aviso',
  loanNumber: 'Préstamo {id}',
  total: 'Total',
  payments: 'Pagos',
  noPayments: 'Sin pagos todavía',
  paymentLine: '{date}: {amount}',
  contractTitle: 'Tu contrato de préstamo',
  contractLoading: 'Cargando tu contrato',
  contractLoadFailed: 'No hemos podido cargar tu contrato. Por favor, inténtalo de nuevo.',
  contractDownloadFailed: 'No hemos podido descargar el contrato. Por favor, inténtalo de nuevo.',
  /** The accepted pre-contract information of the loan's Pago Flexible (a restructured loan). */
  restructureDocument: 'Información del Pago Flexible (PDF)',
  restructureDocumentFailed:
    'No hemos podido descargar la información del Pago Flexible. Por favor, inténtalo de nuevo.',
  loading: 'Cargando tu préstamo',
  loadFailed: 'No hemos podido cargar tu préstamo.',
  retry: 'Reintentar',
  status: 'Estado',
  nextPayment: 'Próximo pago',
  /** An owed instalment whose date has passed, in the facts ('Próximos pagos' lists only dates still to come). */
  overduePayment: 'Pago vencido',
  overduePayments: 'Pagos vencidos',
  dueOn: 'Venció el {date}',
  nextPayments: 'Próximos pagos',
  loanAmount: 'Importe del préstamo',
  installments: 'Cuotas',
  installmentsValue: '{paid} de {count} pagadas',
  installmentsList: 'Tus cuotas',
  base: 'Capital',
  interest: 'Intereses',
  requested:
    'Estamos procesando tu solicitud. Si te falta algún paso (el contrato, tu DNI/NIE o tu tarjeta), complétalo y te enviaremos el dinero.',
  onItsWay: 'Tu dinero está en camino. Lo recibirás en tu cuenta bancaria en unos minutos.',
  noLoanTitle: 'No tienes ningún préstamo activo',
  noLoan: 'Cuando pidas un préstamo, aquí verás lo que debes, tus cuotas y las fechas de pago.',
  requestLoan: 'Solicita tu préstamo',
} as const;

/**
 * The late notice of a running loan with an overdue instalment: since when, how many days, what is due
 * now, what the contract says happens next (shared/loan/late.ts, the contract's own clause in the app's voice), and
 * how to pay or get help.
 */
export const LATE_TEXTS = {
  titleOne: 'Tienes una cuota vencida',
  titleMany: 'Tienes {n} cuotas vencidas',
  sinceDay: 'Venció el {date}: llevas 1 día de retraso.',
  sinceDays: 'Venció el {date}: llevas {n} días de retraso.',
  amountDue: 'Importe vencido',
  whatHappens: LATE_PAYMENT_CUSTOMER_TEXT,
  payNow: 'Paga lo vencido con «Pagar» para ponerte al día.',
  flexible: 'Si no puedes pagarlo todo de una vez, con «Pago Flexible» repartes lo que debes en nuevas cuotas.',
  problems: 'Si algo te impide pagar, cuéntanoslo en «¿Problemas con un reembolso?» y buscaremos una solución.',
  help: '¿Necesitas ayuda? Llama a nuestro equipo de recobro al {phone} o escribe a {email}. {hours}',
} as const;

/**
 * The notice of a customer in collection, legal or fraud review (customer statuses, first document §3): what it means
 * and who to contact. Collections: the lender's collections department (the lender identity's `collections`).
 */
export const COLLECTION_TEXTS = {
  statuses: {
    internalCollection: {
      title: 'Tu deuda está en gestión de recobro',
      body: 'Tienes pagos vencidos. Nuestro equipo de recobro se pondrá en contacto contigo para ayudarte a ponerte al día. Puedes pagar aquí mismo o llamarnos para acordar un plan de pagos.',
    },
    processCollection: {
      title: 'Tu deuda está en gestión de recobro',
      body: 'Tienes pagos vencidos y estamos gestionando su cobro. Puedes pagar aquí mismo o llamarnos para acordar un plan de pagos.',
    },
    externalCollection: {
      title: 'Tu deuda la gestiona una empresa de recobro',
      body: 'Hemos encargado el cobro de tu deuda vencida a una empresa de recobro que actúa en nombre de {lender} y que siempre se identificará al contactarte. Puedes seguir pagando aquí, y nuestro equipo de recobro te atiende para cualquier duda o para acordar un plan de pagos.',
    },
    legal: {
      title: 'Tu deuda está en reclamación judicial',
      body: 'Hemos iniciado la reclamación judicial de tu deuda vencida. Todavía puedes pagarla aquí o llegar a un acuerdo con nuestro equipo de recobro.',
    },
    legalCollection: {
      title: 'Tu deuda está en reclamación judicial',
      body: 'Hemos iniciado la reclamación judicial de tu deuda vencida. Todavía puedes pagarla aquí o llegar a un acuerdo con nuestro equipo de recobro.',
    },
    fraud: {
      title: 'Tu cuenta está en revisión',
      body: 'Estamos revisando tu cuenta y, mientras tanto, algunas operaciones no están disponibles. Ponte en contacto con nuestro servicio de atención al cliente.',
    },
  } satisfies Partial<Record<CustomerStatus, { title: string; body: string }>>,
  collectionsContact: 'Equipo de recobro: {phone} · {email}. {hours}',
  serviceContact: 'Atención al cliente: {phone} (gratuito) · {email}. {hours}',
} as const;
