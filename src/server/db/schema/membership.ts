import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';
import { customers } from './customer.ts';

export const credentials = pgTable('credentials', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  /** `scrypt$N$r$p$salt$hash` (see auth/password.ts). */
  passwordHash: text('password_hash').notNull(),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  blocked: boolean('blocked').notNull().default(false),
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/** One row per issued JWT (its `jti`); logout sets `revoked_at`, and a revoked or expired session answers 401. */
export const sessions = pgTable(
  'sessions',
  {
    jti: text('jti').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /**
     * A staff member's read-only view of the customer's area (MorphToPost): no call that writes is answered, and the
     * session lasts 15 minutes. `morphed_by_staff_id` names who opened it (the audit record says why).
     */
    readOnly: boolean('read_only').notNull().default(false),
    morphedByStaffId: integer('morphed_by_staff_id'),
  },
  (t) => [index('sessions_customer_idx').on(t.customerId)],
);

/** One-time SMS codes: hashed, single use, bound to phone and purpose, expiring, with an attempt counter. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('one_time_codes_phone_purpose_idx').on(t.phone, t.purpose, t.createdAt)],
);
