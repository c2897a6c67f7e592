import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LoanProduct } from '../../../shared/loan/loan-definition.ts';
import type { InstallmentStatus, LoanStatus } from '../../../shared/loan-statuses.ts';
import { createdAt, updatedAt } from './columns.ts';
import { customers } from './customer.ts';

/**
 * The loan definitions (the catalogue's `loanDefinition`): each product's pricing and bounds, as data. A price change
 * is a new row with the next `version` of the same `code` and its `valid_from`; the definition in force for a new
 * loan is the highest version already valid, and every loan keeps the id of the one it was priced by, so a change
 * never touches a loan already made. Migration 0015 stores the two of this build (`BUILT_IN_DEFINITIONS`).
 * Per product: an instalment loan has a monthly rate and instalment bounds; a minipréstamo a daily rate, its
 * default term and the interest-free first loan's maximum (docs/rules/pricing-and-quotes.md).
 */
export const loanDefinitions = pgTable(
  'loan_definitions',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    version: integer('version').notNull(),
    product: text('product').$type<LoanProduct>().notNull(),
    name: text('name').notNull(),
    minAmountCents: integer('min_amount_cents').notNull(),
    maxAmountCents: integer('max_amount_cents').notNull(),
    amountStepCents: integer('amount_step_cents').notNull(),
    /** Instalment loans: monthly rate in basis points (611 = 6,11 %). */
    monthlyRateBasisPoints: integer('monthly_rate_bp'),
    minInstallments: integer('min_installments'),
    maxInstallments: integer('max_installments'),
    installmentsStep: integer('installments_step'),
    /** Minipréstamos: daily rate in basis points of the amount (75 = 0,75 % a day). */
    dailyRateBasisPoints: integer('daily_rate_bp'),
    defaultTermDays: integer('default_term_days'),
    firstLoanFreeMaxCents: integer('first_loan_free_max_cents'),
    /** The representative example: its amount, and its instalments (instalment loan) or days (minipréstamo). */
    exampleAmountCents: integer('example_amount_cents').notNull(),
    exampleInstallments: integer('example_installments'),
    exampleTermDays: integer('example_term_days'),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('loan_definitions_code_version_key').on(t.code, t.version),
    check('loan_definitions_product_check', sql`${t.product} in ('installment', 'mini')`),
    check(
      'loan_definitions_amounts_check',
      sql`${t.minAmountCents} > 0 and ${t.maxAmountCents} >= ${t.minAmountCents} and ${t.amountStepCents} > 0`,
    ),
    // coalesce: a comparison with a missing (NULL) price is NULL, which a CHECK would let through.
    check(
      'loan_definitions_pricing_check',
      sql`coalesce(${t.product} = 'installment' and ${t.monthlyRateBasisPoints} >= 0 and ${t.minInstallments} >= 1 and ${t.maxInstallments} >= ${t.minInstallments} and ${t.installmentsStep} >= 1 and ${t.exampleInstallments} >= 1, false)
        or coalesce(${t.product} = 'mini' and ${t.dailyRateBasisPoints} >= 0 and ${t.defaultTermDays} >= 1 and ${t.firstLoanFreeMaxCents} >= 0 and ${t.exampleTermDays} >= 1, false)`,
    ),
  ],
);

export const loans = pgTable(
  'loans',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The spec's loan status: requested, agreementAssigned, issued, repaid, cancelled, arranged, … */
    status: text('status').$type<LoanStatus>().notNull(),
    /** The definition the loan was priced by (its product and prices, as they were when it was made). */
    loanDefinitionId: integer('loan_definition_id')
      .notNull()
      .references(() => loanDefinitions.id),
    /** A first minipréstamo within the free maximum: no interest if repaid on its date. */
    interestFree: boolean('interest_free').notNull().default(false),
    /**
     * When the interest-free first loan's promotion lapsed (not repaid on its date: its instalment then carries the
     * standard interest, modules/loan/interest-free.ts); null while it holds, and for every other loan.
     */
    interestFreeLapsedAt: timestamp('interest_free_lapsed_at', { withTimezone: true }),
    amountCents: integer('amount_cents').notNull(),
    installmentCount: integer('installment_count').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    firstRepaymentDate: date('first_repayment_date', { mode: 'string' }).notNull(),
    toAccountId: integer('to_account_id'),
    cardId: integer('card_id'),
    isRestructured: boolean('is_restructured').notNull().default(false),
    /** When the customer accepted the agreement (AssignAgreementPost): requested → agreementAssigned. */
    agreementAcceptedAt: timestamp('agreement_accepted_at', { withTimezone: true }),
    /** When the payout job may issue the loan: acceptance + PAYOUT_DELAY_MS; null before acceptance. */
    payoutDueAt: timestamp('payout_due_at', { withTimezone: true }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    /**
     * The earliest date among its payable instalments (`notPaid`, and `arranged`: an arrangement's plan); null when
     * none is. Kept by the database (the statement triggers `installments_first_unpaid_*`, migrations 0033 and 0036)
     * on every insert, update and delete of an instalment, whoever writes it: what searchLoans and the collection
     * reads filter and sort by ("days late").
     */
    firstUnpaidDate: date('first_unpaid_date', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('loans_customer_status_idx').on(t.customerId, t.status),
    index('loans_payout_due_idx').on(t.status, t.payoutDueAt),
    /** The running loans by their first unpaid date: the days-late filters and the latest-first order. */
    index('loans_running_first_unpaid_idx')
      .on(t.firstUnpaidDate, t.id)
      .where(sql`${t.status} in ('issued', 'arranged')`),
  ],
);

export const installments = pgTable(
  'installments',
  {
    id: serial('id').primaryKey(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    /** 1-based position in the plan. */
    number: integer('number').notNull(),
    expectedDate: date('expected_date', { mode: 'string' }).notNull(),
    baseCents: integer('base_cents').notNull(),
    interestCents: integer('interest_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    paidCents: integer('paid_cents').notNull().default(0),
    /** paid, restructured, rollovered, arranged, notPaid. */
    status: text('status').$type<InstallmentStatus>().notNull().default('notPaid'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('installments_loan_number_key').on(t.loanId, t.number),
    index('installments_due_idx').on(t.status, t.expectedDate),
    /**
     * A loan's payable instalments (notPaid, arranged) by date: its first unpaid date and what it owes in one probe
     * (migration 0033's triggers, searchLoans).
     */
    index('installments_unpaid_loan_idx')
      .on(t.loanId, t.expectedDate)
      .where(sql`${t.status} in ('notPaid', 'arranged')`),
  ],
);

export const loanStatusHistory = pgTable(
  'loan_status_history',
  {
    id: serial('id').primaryKey(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<LoanStatus>(),
    toStatus: text('to_status').$type<LoanStatus>().notNull(),
    changedBy: text('changed_by').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('loan_status_history_loan_idx').on(t.loanId, t.createdAt)],
);

export const installmentStatusHistory = pgTable(
  'installment_status_history',
  {
    id: serial('id').primaryKey(),
    installmentId: integer('installment_id')
      .notNull()
      .references(() => installments.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<InstallmentStatus>(),
    toStatus: text('to_status').$type<InstallmentStatus>().notNull(),
    changedBy: text('changed_by').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('installment_status_history_installment_idx').on(t.installmentId, t.createdAt)],
);

/**
 * The customer's latest unfinished loan flow (the client's saved flow, second document §3 "Stored loan-flow
 * parameters"), so the same customer resumes it on another device: one row per customer, replaced on each save,
 * gone after a day or once a loan is requested.
 */
export const loanFlowDrafts = pgTable('loan_flow_drafts', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  /** The flow's id (the `l` query parameter). */
  flowId: text('flow_id').notNull(),
  /** The route key of the step the customer was on. */
  step: text('step').notNull(),
  /** The flow's dto and form values as the client sent them (validated by the contract), JSON text. */
  flow: text('flow').notNull(),
  /** When the unfinished-flow push reminder went out (at most once per flow). */
  remindedAt: timestamp('reminded_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Screen visits of the loan flow (LoanApplicationScreensPost): the funnel, per customer. */
export const loanFlowScreenVisits = pgTable(
  'loan_flow_screen_visits',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    screen: text('screen').notNull(),
    status: text('status').notNull(),
    flowId: text('flow_id'),
    createdAt: createdAt(),
  },
  (t) => [index('loan_flow_screen_visits_customer_idx').on(t.customerId, t.createdAt)],
);
