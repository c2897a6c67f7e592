/**
 * Texts of the credit history (`/credit-history`): loan labels are the spec's (second document §4, in
 * shared/statuses.ts); the rest is new, in the app's voice (tú, short sentences).
 */
export const CREDIT_HISTORY_TEXTS = {
  intro: 'Todos tus préstamos, con sus cuotas y los pagos que has hecho.',
  loading: 'Cargando tus préstamos',
  loadFailed: 'No hemos podido cargar tus préstamos.',
  retry: 'Reintentar',
  /** Offline or the last load failed: the loans kept from before, with their age (DATA_AGE_TEXTS). */
  offline: 'Sin conexión: te mostramos tus préstamos tal como estaban.',
  notUpdated: 'No hemos podido actualizar tus préstamos: te mostramos los últimos datos.',
  emptyTitle: 'Todavía no tienes préstamos',
  empty: 'Cuando pidas tu primer préstamo, aquí verás sus cuotas y tus pagos.',
  requestLoan: 'Solicita tu préstamo',
  listLabel: 'Tus préstamos',
  loanTitle: 'Préstamo de {amount}',
  loanAmount: 'Importe',
  createdDate: 'Fecha de solicitud',
  firstRepaymentDate: 'Primer pago',
  status: 'Estado',
  installments: 'Cuotas ({count})',
  installmentsLabel: 'Cuotas del préstamo de {amount}',
  payments: 'Pagos',
  noPayments: 'Sin pagos',
  paymentLine: '{date} · {amount} · {source}',
} as const;
