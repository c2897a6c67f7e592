import { date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { customers } from './customer.ts';
import { installments, loans } from './loan.ts';
import { payments } from './payment.ts';

/**
 * Changes the customer makes to a running loan: a rollover ('Prórroga'), a restructure ('Pago Flexible')
 * and the 14-day withdrawal ('Desistir del contrato'). Each is a row of its own here AND the status history rows of
 * the instalments and loans it touches (src/server/db/status-history.ts), written in one transaction under the
 * loan's lock. Amounts in integer cents, dates as Europe/Madrid calendar dates.
 */

/**
 * A rollover: the fee is paid by card (a `payments` row with payment_option `rolloverFee`, 3-D Secure when the gateway
 * asks); once that payment succeeds the loan's single payable instalment becomes `rollovered` and a new instalment is
 * created on `to_date` with the new amount. `pending` until the fee is paid, `applied` after, `failed` when the fee
 * payment failed or was abandoned. One row per fee payment (unique): settling the payment twice applies it once.
 */
export const loanRollovers = pgTable(
  'loan_rollovers',
  {
    id: serial('id').primaryKey(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** The instalment rolled over (its status becomes `rollovered` when applied). */
    fromInstallmentId: integer('from_installment_id')
      .notNull()
      .references(() => installments.id, { onDelete: 'cascade' }),
    /** The instalment created on the new date, once applied. */
    newInstallmentId: integer('new_installment_id').references(() => installments.id, { onDelete: 'set null' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    feeCents: integer('fee_cents').notNull(),
    newBaseCents: integer('new_base_cents').notNull(),
    newInterestCents: integer('new_interest_cents').notNull(),
    newTotalCents: integer('new_total_cents').notNull(),
    /** pending | applied | failed. */
    status: text('status').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('loan_rollovers_payment_key').on(t.paymentId),
    index('loan_rollovers_loan_idx').on(t.loanId, t.createdAt),
  ],
);

/**
 * A restructure ('Pago Flexible'): the payable instalments of the loan become `restructured` and the new plan's
 * instalments are added to the same loan (numbers continue); the loan is marked `is_restructured`. The figures the
 * customer confirmed are kept here (debt, principal, interest, total, TAE in basis points).
 */
export const loanRestructures = pgTable(
  'loan_restructures',
  {
    id: serial('id').primaryKey(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** What the customer owed on the day (the payable instalments' remaining amounts). */
    debtCents: integer('debt_cents').notNull(),
    /** The capital carried into the new plan. */
    principalCents: integer('principal_cents').notNull(),
    /** Interest of the new plan (accrued interest carried over + the new periods' interest). */
    interestCents: integer('interest_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    installmentCount: integer('installment_count').notNull(),
    /** TAE × 100 (one decimal kept: 103,7 % → 10370). */
    taeBasisPoints: integer('tae_basis_points').notNull(),
    /** The first and last instalment numbers of the new plan. */
    firstInstallmentNumber: integer('first_installment_number').notNull(),
    lastInstallmentNumber: integer('last_installment_number').notNull(),
    /**
     * The pre-contract information the customer accepted (the agreement module's structured `LegalDocument`, the
     * one shown and rendered again as PDF from the dashboard) and the SHA-256 of its HTML they confirmed. Null for a
     * restructure made before the document existed.
     */
    document: jsonb('document'),
    documentDigest: text('document_digest'),
    createdAt: createdAt(),
  },
  (t) => [index('loan_restructures_loan_idx').on(t.loanId, t.createdAt)],
);

/**
 * The customer's notice of withdrawal (Directive 2023/2225 art. 26; Ley 16/2011 art. 28): within 14 calendar days of
 * the payout. The amount to return is the capital plus the interest accrued per day until it is returned; it is
 * settled by a `closeLoan` payment (card or transfer). One per loan (unique). `requested` until repaid.
 */
export const loanWithdrawals = pgTable(
  'loan_withdrawals',
  {
    id: serial('id').primaryKey(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    principalCents: integer('principal_cents').notNull(),
    /** Interest accrued up to the notice day. */
    interestCents: integer('interest_cents').notNull(),
    /** principal + interest on the notice day. */
    amountCents: integer('amount_cents').notNull(),
    /** What each further day adds until the money is returned. */
    dailyInterestCents: integer('daily_interest_cents').notNull(),
    /** The last day to return the money (30 calendar days after the notice). */
    repayBy: date('repay_by', { mode: 'string' }).notNull(),
    /** requested | repaid. */
    status: text('status').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('loan_withdrawals_loan_key').on(t.loanId),
    index('loan_withdrawals_customer_idx').on(t.customerId),
  ],
);

/** A review invitation (CustomerReviewLinkPost): the customer's unique reference and the link it gave. */
export const reviewLinks = pgTable(
  'review_links',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    reviewUniqueRef: text('review_unique_ref').notNull(),
    link: text('link').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('review_links_customer_ref_key').on(t.customerId, t.reviewUniqueRef)],
);
