import { DASHBOARD_TEXTS } from '../../shared/messages-loan.ts';
import type { PaymentOption } from '../../shared/statuses.ts';

/**
 * Texts of the payment pages: the spec's verbatim (shared/messages-loan.ts) and new ones in the app's voice (tú,
 * short sentences).
 */
export const PAYMENT_TEXTS = {
  loading: 'Cargando tu pago',
  loadFailed: 'No hemos podido cargar los datos de tu pago.',
  retry: 'Reintentar',
  amountToPay: 'Importe a pagar',
  whatItPays: 'Qué pagas',
  installment: 'Cuota {number} de {count}',
  dueOn: 'vence el {date}',
  closeLoan: 'Todo el préstamo ({count} cuotas pendientes)',
  loanNumber: 'Préstamo n.º {loanId}',
  methodLegend: 'Cómo quieres pagar',
  methods: {
    card: 'Tarjeta de débito',
    bankTransfer: 'Transferencia bancaria',
    directTransfer: 'Transferencia inmediata desde tu banco',
  },
  cardLegend: 'Tarjeta con la que pagas',
  principal: 'Principal',
  noCards: 'No tienes ninguna tarjeta válida para pagar.',
  addCard: 'Añadir una tarjeta',
  pay: DASHBOARD_TEXTS.pay,
  payAmount: DASHBOARD_TEXTS.payAmount,
  paying: 'Procesando tu pago',
  confirming: 'Estamos confirmando tu pago con tu banco…',
  offline: 'No hay conexión a Internet: no puedes pagar ahora. Conéctate y vuelve a intentarlo.',
  bankTransferIntro:
    'Haz una transferencia desde tu banco con estos datos. Cuando la recibamos, la cuota quedará pagada.',
  bankTransferOpen: 'Ver los datos para la transferencia',
  directTransferIntro: 'Paga con una transferencia inmediata desde tu banco, sin salir de la aplicación.',
  directTransferOpen: 'Pagar desde mi banco',
  /** A lost answer (network, timeout): the next press sends the same Idempotency-Key, so nothing is paid twice. */
  lostAnswer:
    'No hemos podido confirmar tu pago por un problema de conexión. Vuelve a pulsar Pagar: no te cobraremos dos veces.',
  inProgress: 'Tu solicitud ya se está procesando. Por favor, espera un momento.',
  threeDsFailed: 'Falló la verificación de 3D Secure. No se pudo realizar el pago. Por favor, inténtalo de nuevo.',
  threeDsAborted: 'Has cerrado la verificación 3D Secure. No se ha realizado el pago; puedes intentarlo de nuevo.',
  failedGeneric: 'No se ha podido realizar el pago. Por favor, inténtalo de nuevo o utiliza otra tarjeta.',
  confirmTimeout:
    'Tu banco todavía no ha confirmado el pago. Te avisaremos en cuanto lo haga; puedes consultarlo en tu área de clientes.',
  toDashboard: 'Volver a mi área de clientes',
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
