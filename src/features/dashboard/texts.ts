import { DASHBOARD_TEXTS } from '../../shared/messages-loan.ts';
import { PAY_DISABLED_TEXTS } from '../../lib/loans/texts.ts';

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
  dataAge: 'Datos de hace {age}',
  ageUnderMinute: 'menos de 1 min',
  ageMinutes: '{n} min',
  ageHours: '{n} h',
  ageDays: '{n} días',
  ageDay: '1 día',
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
