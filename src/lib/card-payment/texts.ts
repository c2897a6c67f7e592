/** Texts of a card payment's flow (PayLoanPost, RolloverPost): the answers the payment and rollover pages show. */
export const CARD_PAYMENT_TEXTS = {
  /** A lost answer (network, timeout): the next press sends the same Idempotency-Key, so nothing is paid twice. */
  lostAnswer:
    'No hemos podido confirmar tu pago por un problema de conexión. Vuelve a pulsar Pagar: no te cobraremos dos veces.',
  inProgress: 'Tu solicitud ya se está procesando. Por favor, espera un momento.',
  threeDsFailed: 'Falló la verificación de 3D Secure. No se pudo realizar el pago. Por favor, inténtalo de nuevo.',
  threeDsAborted: 'Has cerrado la verificación 3D Secure. No se ha realizado el pago; puedes intentarlo de nuevo.',
  failedGeneric: 'No se ha podido realizar el pago. Por favor, inténtalo de nuevo o utiliza otra tarjeta.',
  confirmTimeout:
    'Tu banco todavía no ha confirmado el pago. Te avisaremos en cuanto lo haga; puedes consultarlo en tu área de clientes.',
  confirming: 'Estamos confirmando tu pago con tu banco…',
  cardLegend: 'Tarjeta con la que pagas',
  principal: 'Principal',
  noCards: 'No tienes ninguna tarjeta válida para pagar.',
  addCard: 'Añadir una tarjeta',
  toDashboard: 'Volver a mi área de clientes',
  retry: 'Reintentar',
} as const;
