import type { InstallmentStatus, PaymentSource } from '../../shared/statuses.ts';

/**
 * Texts of the credit history (`/credit-history`): loan labels are the spec's (second document §4, in
 * shared/statuses.ts); the rest is new, in the app's voice (tú, short sentences).
 */
export const CREDIT_HISTORY_TEXTS = {
  intro: 'Todos tus préstamos, con sus cuotas y los pagos que has hecho.',
  loading: 'Cargando tus préstamos',
  loadFailed: 'No hemos podido cargar tus préstamos.',
  retry: 'Reintentar',
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
  installmentTitle: 'Cuota {number}',
  date: 'Fecha',
  amount: 'Importe',
  installmentStatus: 'Estado de la cuota',
  payments: 'Pagos',
  noPayments: 'Sin pagos',
  paymentLine: '{date} · {amount} · {source}',
} as const;

/** Instalment statuses (second document §4) in Spanish; an owed one whose date has passed reads 'No pagada'. */
export const INSTALLMENT_STATUS_TEXTS = {
  paid: 'Pagada',
  notPaid: 'Pendiente',
  overdue: 'No pagada',
  arranged: 'En acuerdo de pago',
  restructured: 'Reestructurada',
  rollovered: 'Prorrogada',
} as const satisfies Record<InstallmentStatus | 'overdue', string>;

/** Where a payment's money came from (the Payment's `paymentSource`). */
export const PAYMENT_SOURCE_TEXTS = {
  'debit-card': 'Tarjeta',
  'bank-transfer': 'Transferencia bancaria',
  'direct-transfer': 'Transferencia inmediata',
} as const satisfies Record<PaymentSource, string>;
