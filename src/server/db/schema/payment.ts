import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type {
  DirectTransferOrderStatus,
  PaymentPurpose,
  PaymentSource,
  PaymentRowStatus,
} from '../../../shared/payment-statuses.ts';
import { cards } from './card.ts';
import { createdAt, updatedAt } from './columns.ts';
import { customers } from './customer.ts';
import { installments, loans } from './loan.ts';
import { staffUsers } from './staff.ts';

/**
 * One payment of a loan by the customer (second document §3 "Payment"): by card (PayLoanPost), by a
 * bank transfer reconciled later, or through the direct-transfer widget. `amount_cents` is what the customer pays;
 * once `success`, `payment_allocations` says which instalments it paid. At most one `pending` payment per loan (the
 * partial unique index): a second press while one is pending is RequestInProgress, on every server instance.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    /** The instalment the customer chose (firstNotPaidInstallment), null otherwise. */
    installmentId: integer('installment_id').references(() => installments.id, { onDelete: 'set null' }),
    /** pendingInstallments, firstNotPaidInstallment, closeLoan (also a withdrawal's return) or rolloverFee. */
    paymentOption: text('payment_option').$type<PaymentPurpose>().notNull(),
    /** debit-card, bank-transfer or direct-transfer: the `paymentSource` of the instalment's payments. */
    source: text('source').$type<PaymentSource>().notNull(),
    /** The card charged (source debit-card). */
    cardId: integer('card_id').references(() => cards.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<PaymentRowStatus>().notNull(),
    /** The Spanish text shown with the status (why it failed, what is pending). */
    message: text('message').notNull().default(''),
    /** The provider's reference: the gateway's transaction id, the transfer order id, the bank statement line. */
    providerReference: text('provider_reference'),
    /** The card gateway's 3-D Secure track id, when the charge asked for one. */
    threeDsTrackId: text('three_ds_track_id'),
    /**
     * The `Idempotency-Key` of the call that created the payment (its intent): a retry of that key after a crash
     * finds this payment and resolves it with the provider instead of paying again (src/server/http/idempotency.ts).
     */
    idempotencyKey: text('idempotency_key'),
    /** The server instance that calls the provider for this payment (server_instances); a dead one's are recovered. */
    instanceId: text('instance_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_customer_idx').on(t.customerId, t.createdAt),
    index('payments_loan_idx').on(t.loanId, t.createdAt),
    uniqueIndex('payments_one_pending_per_loan')
      .on(t.loanId)
      .where(sql`status = 'pending'`),
    index('payments_three_ds_idx').on(t.threeDsTrackId),
    uniqueIndex('payments_idempotency_key_idx')
      .on(t.customerId, t.idempotencyKey)
      .where(sql`idempotency_key is not null`),
    index('payments_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
  ],
);

/** How a successful payment was spread over the loan's instalments (the Installment's `payments[]`). */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    installmentId: integer('installment_id')
      .notNull()
      .references(() => installments.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_allocations_installment_idx').on(t.installmentId),
    index('payment_allocations_payment_idx').on(t.paymentId),
  ],
);

/** Every status change of a payment (architecture §6), written by `recordStatusChange(db, 'payment', …)`. */
export const paymentStatusHistory = pgTable(
  'payment_status_history',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<PaymentRowStatus>(),
    toStatus: text('to_status').$type<PaymentRowStatus>().notNull(),
    changedBy: text('changed_by').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('payment_status_history_payment_idx').on(t.paymentId, t.createdAt)],
);

/**
 * A direct-transfer widget order (DirectTransferInitPost → DirectTransferOrdersGet): the provider's order id, the
 * loan and amount, and the payment it settles once the provider's callback says it is paid.
 */
export const directTransferOrders = pgTable(
  'direct_transfer_orders',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    /** The payment created for the order (pending until the provider's callback settles it). */
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** The provider's order id (random, unguessable): the widget url and the callback carry it. */
    providerOrderId: text('provider_order_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<DirectTransferOrderStatus>().notNull(),
    successPage: text('success_page').notNull(),
    errorPage: text('error_page').notNull(),
    doneMessage: text('done_message').notNull(),
    /**
     * The provider's own state of the order (opaque JSON text): the sandbox keeps the app's origin (its widget's
     * frame-ancestors and message target) and how the widget ended (a `user_blocked` blocks the customer 24 h).
     */
    providerState: text('provider_state'),
    /** The `Idempotency-Key` of the DirectTransferInitPost that started the order (its intent, as for payments). */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('direct_transfer_orders_provider_idx').on(t.providerOrderId),
    uniqueIndex('direct_transfer_orders_idempotency_key_idx')
      .on(t.customerId, t.idempotencyKey)
      .where(sql`idempotency_key is not null`),
    index('direct_transfer_orders_customer_idx').on(t.customerId, t.createdAt),
  ],
);

/**
 * The lines of the lender's bank statement: money received by transfer (docs/rules/payments.md "Manual matching").
 * A line whose concept the customer wrote as the bank-transfer modal says (`<reference>-CN<loan id>`) can be
 * matched by the reconciliation; any other waits `unmatched` until an agent matches it to a loan's instalment by
 * hand (PayLoanManualPost), which settles a `bank-transfer` payment and records who matched it. `external_id` is the
 * bank's id of the line: a line fed twice is one line.
 */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: serial('id').primaryKey(),
    externalId: text('external_id').notNull(),
    /** Where the money came from: today only `bank-transfer` (the statement); card chargebacks later. */
    source: text('source').$type<'bank-transfer'>().notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The concept the payer wrote, as the bank gives it. */
    description: text('description').notNull(),
    payerName: text('payer_name'),
    status: text('status').$type<'unmatched' | 'matched'>().notNull().default('unmatched'),
    /** The payment it settled, once matched. */
    paymentId: integer('payment_id').references(() => payments.id),
    matchedByStaffId: integer('matched_by_staff_id').references(() => staffUsers.id),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bank_statement_lines_external_key').on(t.externalId),
    uniqueIndex('bank_statement_lines_payment_key').on(t.paymentId),
    index('bank_statement_lines_status_idx').on(t.status, t.receivedOn, t.id),
  ],
);

/**
 * Discounts staff granted on an unpaid instalment (DiscountPost; docs/rules/payments.md "Discounts"): the instalment's
 * interest and total are lowered by `amount_cents` when it is granted and raised back when it is removed (while the
 * instalment is still unpaid). `request_key` is the back office's key of the grant: the same key again answers the same
 * discount, so a retried grant never discounts twice.
 */
export const loanDiscounts = pgTable(
  'loan_discounts',
  {
    id: serial('id').primaryKey(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    installmentId: integer('installment_id')
      .notNull()
      .references(() => installments.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    requestKey: text('request_key').notNull(),
    createdByStaffId: integer('created_by_staff_id')
      .notNull()
      .references(() => staffUsers.id),
    createdAt: createdAt(),
    removedByStaffId: integer('removed_by_staff_id').references(() => staffUsers.id),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedReason: text('removed_reason'),
  },
  (t) => [
    uniqueIndex('loan_discounts_request_key').on(t.requestKey),
    index('loan_discounts_loan_idx').on(t.loanId, t.id),
  ],
);
