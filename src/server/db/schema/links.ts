import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customer.ts';
import { loans } from './loan.ts';
import { staffUsers } from './staff.ts';

/**
 * Repay tokens of the short links (/r/:repayToken, /rx/…, /rs/…) sent by SMS and e-mail: a bearer secret, so only
 * its SHA-256 is stored. Valid until `expires_at` or revocation; each use is counted.
 */
export const repayTokens = pgTable(
  'repay_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    loanId: integer('loan_id').references(() => loans.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    useCount: integer('use_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('repay_tokens_token_hash_key').on(t.tokenHash),
    index('repay_tokens_customer_idx').on(t.customerId),
  ],
);

/**
 * Handover introductions (docs/backoffice.md §5 "Handover"): an agent prepares a customer's access from the customer
 * file and the customer opens `/handover/v1/<introductionId>` from the SMS, confirms a code sent to their mobile and
 * is logged in. The id is a bearer secret (128 bits), so only its SHA-256 is stored. Single use, 48 hours, voided by
 * a newer introduction of the customer or by five wrong codes.
 */
export const handoverIntroductions = pgTable(
  'handover_introductions',
  {
    id: serial('id').primaryKey(),
    idHash: text('id_hash').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdByStaffId: integer('created_by_staff_id')
      .notNull()
      .references(() => staffUsers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    /** Why it was voided: 'replaced' (a newer introduction) or 'wrongCodes' (five wrong codes). */
    voidReason: text('void_reason').$type<'replaced' | 'wrongCodes'>(),
    wrongCodes: integer('wrong_codes').notNull().default(0),
  },
  (t) => [
    uniqueIndex('handover_introductions_id_hash_key').on(t.idHash),
    index('handover_introductions_customer_idx').on(t.customerId),
  ],
);
