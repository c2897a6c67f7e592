import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ScrapeSessionStatus } from '../../../shared/card-statuses.ts';
import { createdAt, updatedAt } from './columns.ts';
import { customers } from './customer.ts';

/**
 * The customer's bank accounts (second document §3 "Bank account"): linked through the open-banking provider's
 * widget (a scrape session) or entered by hand. The IBAN is stored without spaces; one account per IBAN and customer.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** ES + 22 digits, no spaces. */
    iban: text('iban').notNull(),
    /** The bank's name (the spec's bankValue), from the IBAN's entity code. */
    bankValue: text('bank_value').notNull(),
    /** The 4-digit Spanish entity code (IBAN positions 5-8). */
    bankCode: text('bank_code').notNull(),
    holderName: text('holder_name').notNull(),
    /** `scrape` (open-banking widget) or `manual`. */
    source: text('source', { enum: ['scrape', 'manual'] }).notNull(),
    /** The spec's account status: `active` (usable for payouts) or `inactive`. */
    status: text('status').notNull().default('active'),
    /** The scrape session that found it (null for a manual entry). */
    scrapeSessionId: text('scrape_session_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('bank_accounts_customer_iban_key').on(t.customerId, t.iban),
    index('bank_accounts_customer_idx').on(t.customerId, t.createdAt),
  ],
);

/** Transactions read from a linked account (90 days in the sandbox), the decision's salary evidence. */
export const bankTransactions = pgTable(
  'bank_transactions',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    bookedOn: date('booked_on', { mode: 'string' }).notNull(),
    /** Signed: positive in, negative out. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    /** The provider's (or our) classification of an income as salary. */
    isSalary: boolean('is_salary').notNull().default(false),
  },
  (t) => [index('bank_transactions_account_idx').on(t.accountId, t.bookedOn)],
);

/**
 * One open-banking session (WidgetInitPost → the provider's widget → AccountsAfterScrapeGet polls). Its id is the
 * opaque `sessionId` the client polls with; another customer's id is not found.
 */
export const scrapeSessions = pgTable(
  'scrape_sessions',
  {
    id: text('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The provider behind the widget (`sandbox` here; a real provider by configuration). */
    provider: text('provider').notNull(),
    /** succeeded, sessionFailed, decisionFailed, decisionRejected, unnaxResponseTimeout, inProgress. */
    status: text('status').$type<ScrapeSessionStatus>().notNull(),
    /** The bank chosen in the widget (null until the customer logs in there). */
    bankValue: text('bank_value'),
    /** The provider's own state for the session (opaque JSON text; the sandbox keeps its scenario and polls). */
    providerState: text('provider_state'),
    /** How many times the client has asked for the result. */
    polls: integer('polls').notNull().default(0),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('scrape_sessions_customer_idx').on(t.customerId, t.createdAt)],
);
