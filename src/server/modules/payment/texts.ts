/** Spanish texts of the payment module that the customer reads (the spec's own texts live in shared/messages). */
export const PAYMENT_TEXTS = {
  /** The payment's 3-D Secure flow ended in error (the card flow's text, for a payment). */
  threeDsFailed: 'Falló la verificación de 3D Secure. No se pudo realizar el pago. Por favor, inténtalo de nuevo.',
  /** The gateway could not be reached or answered nonsense: nothing was charged. */
  gatewayFailed: 'No se ha podido realizar el pago. Por favor, inténtalo de nuevo o utiliza otra tarjeta.',
  /**
   * The charge's outcome is not known yet (the gateway did not answer): the payment stays pending, the page polls
   * PaymentStatusGet, and the recovery job asks the gateway within seconds.
   */
  confirming: 'Estamos confirmando el pago con tu banco. En unos segundos verás el resultado.',
  /** The recovery job found the charge never made (or voided it): nothing was charged. */
  notCompleted: 'El pago no se completó y no se ha cobrado nada. Por favor, inténtalo de nuevo.',
  /** PayLoanPost for one or more instalments without naming them (installmentId / installmentIds). */
  installmentsRequired: 'Indica la cuota o las cuotas que pagas (installmentIds), tal como se te mostraron.',
  /** The gateway declined without a reason. */
  declined: 'El banco emisor ha denegado el cargo.',
  /** The lender annulled a settled payment (recorded by mistake): PaymentStatusGet answers it as failed. */
  deleted: 'Este pago se ha anulado: no cuenta para tu préstamo.',
  /** The card's bank returned a settled payment to the customer (a chargeback). */
  chargedBack: 'Tu banco ha devuelto este pago (contracargo): no cuenta para tu préstamo.',
} as const;
