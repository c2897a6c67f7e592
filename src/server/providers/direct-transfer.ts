/**
 * Direct bank-transfer (pay-by-bank) provider used to repay a loan from the payment page: the customer chooses
 * their bank and authorises the transfer inside the provider's widget (a full-width iframe of the app), and the
 * provider's server tells ours how the order ended through a signed callback
 * (`POST /api/inboundpayment/callback/unnax/:callbackEvent`, modules/transfer). The sandbox provider
 * (./sandbox-direct-transfer.ts, docs/sandbox.md "Sandbox direct transfer") serves its widget under
 * `/sandbox/direct-transfer/…` and plays the provider's server; a real provider (DIRECT_TRANSFER_URL /
 * DIRECT_TRANSFER_API_KEY, ./http-direct-transfer.ts) implements the same interface. Amounts in integer cents.
 */

/** Widget events (second document §4): the event decides done or fail; for `payment` its own status decides. */
export type DirectTransferEvent = 'user_blocked' | 'consents_denied' | 'payment' | 'bank_login';

/**
 * What the provider's server reports on the callback: `authorized` (the customer authorised the transfer at the
 * bank) and `paid` (the money arrived) settle the payment; `failed` (the payment failed) and `cancelled` (the
 * customer denied the consents or is blocked) end the order without money.
 */
export const directTransferCallbackEvents = ['authorized', 'paid', 'failed', 'cancelled'] as const;
export type DirectTransferCallbackEvent = (typeof directTransferCallbackEvents)[number];

export interface DirectTransferInit {
  customerId: number;
  loanId: number;
  amountCents: number;
  successPage: string;
  errorPage: string;
  doneMessage: string;
  /** The app's origin: the only one that may frame the widget and receive its messages. */
  appOrigin: string;
  /** The origin that serves the sandbox widget pages (this server, as the client reached it). */
  serverOrigin: string;
  now: Date;
  /**
   * Makes a retry answer the first order (the same order id, widget and state) instead of opening a second one, as
   * real providers do with an `Idempotency-Key`: the app sends one per DirectTransferInitPost Idempotency-Key.
   */
  idempotencyKey?: string;
}

export type DirectTransferInitResult =
  | {
      result: 'created';
      /** The provider's order id (random, unguessable): the widget url and the callback carry it. */
      providerOrderId: string;
      /** Absolute url of the widget the client embeds. */
      widgetUrl: string;
      /** The provider's own state of the order, kept with it (opaque JSON text), or null. */
      providerState: string | null;
    }
  /** The provider blocks this customer for now (after a `user_blocked`): WidgetAccountBlocked. */
  | { result: 'blocked' };

export interface DirectTransferProvider {
  readonly name: string;
  /** Starts a transfer order for a loan payment. A provider that cannot be reached throws (WidgetUnavailable). */
  initTransfer(input: DirectTransferInit): Promise<DirectTransferInitResult>;
  /**
   * The widget url of an order this provider created, from what the app kept of it (its id and `providerState`),
   * for a retry whose first answer was lost; null when it cannot tell (then the app asks `initTransfer` again with
   * the order's idempotency key, which answers the first order).
   */
  widgetUrlOf(
    order: { providerOrderId: string; providerState: string | null },
    origins: { appOrigin: string; serverOrigin: string },
  ): string | null;
}
