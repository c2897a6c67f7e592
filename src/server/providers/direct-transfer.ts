/**
 * Direct bank-transfer (pay-by-bank) provider used to repay. Not implemented yet: the sandbox widget page under
 * `/sandbox/…` emits the spec's window messages; a real provider (DIRECT_TRANSFER_URL / DIRECT_TRANSFER_API_KEY)
 * implements the same interface.
 */

/** Widget events (second document §4): the event decides done or fail; for `payment` its own status decides. */
export type DirectTransferEvent = 'user_blocked' | 'consents_denied' | 'payment' | 'bank_login';

export type DirectTransferOrderStatus = 'pending' | 'authorized' | 'failed' | 'cancelled';

export interface DirectTransferOrder {
  orderId: string;
  loanId: number;
  amountCents: number;
  status: DirectTransferOrderStatus;
  createdAt: Date;
}

export interface DirectTransferProvider {
  readonly name: string;
  /** Start a transfer for a loan; the client embeds `widgetUrl`. `idempotencyKey` makes a retry reuse the order. */
  initTransfer(input: {
    customerId: number;
    loanId: number;
    amountCents: number;
    successPage: string;
    errorPage: string;
    doneMessage: string;
    idempotencyKey: string;
  }): Promise<{ orderId: string; widgetUrl: string }>;
  /** Orders of a customer (the client lists those with status authorized). */
  listOrders(customerId: number): Promise<DirectTransferOrder[]>;
}
