import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customer.ts';
import { loans } from './loan.ts';

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
