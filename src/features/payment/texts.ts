import { DASHBOARD_TEXTS } from '../../shared/messages-loan.ts';
import type { PaymentOption } from '../../shared/payment-statuses.ts';
import { CARD_PAYMENT_TEXTS } from '../../lib/card-payment/texts.ts';

/**
 * Texts of the payment pages: the spec's verbatim (shared/messages-loan.ts) and new ones in the app's voice (tú,
 * short sentences).
 */
export const PAYMENT_TEXTS = {
  loading: 'Cargando tu pago',
  loadFailed: 'No hemos podido cargar los datos de tu pago.',
  retry: CARD_PAYMENT_TEXTS.retry,
  amountToPay: 'Importe a pagar',
  whatItPays: 'Qué pagas',
  installment: 'Cuota {number} de {count}',
  dueOn: 'vence el {date}',
  dueToday: 'vence hoy',
  dueOnPast: 'venció el {date} ({n} días de retraso)',
  dueOnPastDay: 'venció el {date} (1 día de retraso)',
  closeLoan: 'Todo el préstamo ({count} cuotas pendientes)',
  loanNumber: 'Préstamo n.º {loanId}',
  methodLegend: 'Cómo quieres pagar',
  methods: {
    card: 'Tarjeta de débito',
    bankTransfer: 'Transferencia bancaria',
    directTransfer: 'Transferencia inmediata desde tu banco',
  },
  cardLegend: CARD_PAYMENT_TEXTS.cardLegend,
  principal: CARD_PAYMENT_TEXTS.principal,
  noCards: CARD_PAYMENT_TEXTS.noCards,
  addCard: CARD_PAYMENT_TEXTS.addCard,
  pay: DASHBOARD_TEXTS.pay,
  payAmount: DASHBOARD_TEXTS.payAmount,
  paying: 'Procesando tu pago',
  confirming: CARD_PAYMENT_TEXTS.confirming,
  offline: 'No hay conexión a Internet: no puedes pagar ahora. Conéctate y vuelve a intentarlo.',
  bankTransferIntro:
    'Haz una transferencia desde tu banco con estos datos. Cuando la recibamos, la cuota quedará pagada.',
  bankTransferOpen: 'Ver los datos para la transferencia',
  directTransferIntro: 'Paga con una transferencia inmediata desde tu banco, sin salir de la aplicación.',
  directTransferOpen: 'Pagar desde mi banco',
  lostAnswer: CARD_PAYMENT_TEXTS.lostAnswer,
  inProgress: CARD_PAYMENT_TEXTS.inProgress,
  threeDsFailed: CARD_PAYMENT_TEXTS.threeDsFailed,
  threeDsAborted: CARD_PAYMENT_TEXTS.threeDsAborted,
  failedGeneric: CARD_PAYMENT_TEXTS.failedGeneric,
  confirmTimeout: CARD_PAYMENT_TEXTS.confirmTimeout,
  toDashboard: CARD_PAYMENT_TEXTS.toDashboard,
  notFirstUnpaid: 'Los pagos se hacen desde la primera cuota pendiente.',
} as const;

/** What each payment option pays, in Spanish (payment page and success page). */
export const PAYMENT_OPTION_TEXTS = {
  firstNotPaidInstallment: 'Pago de la cuota',
  pendingInstallments: 'Pago de las cuotas pendientes',
  closeLoan: DASHBOARD_TEXTS.payWholeLoan,
} as const satisfies Record<PaymentOption, string>;

export const PAYMENT_SUCCESS_TEXTS = {
  title: '¡Pago realizado!',
  loading: 'Cargando tu pago',
  loadFailed: 'No hemos podido cargar los datos de tu pago.',
  retry: 'Reintentar',
  paid: 'Has pagado',
  option: 'Concepto',
  remaining: 'Te queda por pagar',
  loanRepaid: 'Préstamo pagado',
  nextDate: 'Próxima cuota',
  pending: 'Estamos confirmando tu pago con tu banco…',
  failed: 'El pago no se ha podido realizar.',
  confirmTimeout: PAYMENT_TEXTS.confirmTimeout,
  toDashboard: PAYMENT_TEXTS.toDashboard,
} as const;
