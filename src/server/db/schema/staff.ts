import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { StaffRole } from '../../../shared/api/roles.ts';
import { createdAt, updatedAt } from './columns.ts';

/**
 * The lender's staff (docs/backoffice.md §1): agents (`cam`), administrators, super-administrators, external
 * collection companies' users. Never customers: no customer flow (PIN reset, repay link, registration) reads this table.
 */

/** External collection companies; a `collectioncompany` user sees only the customers assigned to theirs. */
export const collectionCompanies = pgTable('collection_companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** The company's tax id (CIF). */
  cif: text('cif').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

export const staffUsers = pgTable(
  'staff_users',
  {
    id: serial('id').primaryKey(),
    /** The work e-mail, lower case: the login name. */
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    collectionCompanyId: integer('collection_company_id').references(() => collectionCompanies.id),
    /** `scrypt$N$r$p$salt$hash` (auth/password.ts). */
    passwordHash: text('password_hash').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    /** The TOTP secret, AES-256-GCM under the `staff_totp_key` (auth/totp.ts); null until enrolled. */
    totpSecretEnc: text('totp_secret_enc'),
    totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
    /** The time step of the last code accepted: a code works once (docs/backoffice.md §1 «Replay»). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Consecutive failed passwords and codes; 5 lock the account. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_users_email_key').on(t.email),
    check('staff_users_company_check', sql`(${t.role} = 'collectioncompany') = (${t.collectionCompanyId} IS NOT NULL)`),
  ],
);

/** Between the password and the code: a single-use challenge (its id's SHA-256 only), 5 minutes. */
export const staffLoginChallenges = pgTable(
  'staff_login_challenges',
  {
    idHash: text('id_hash').primaryKey(),
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    /** `totp` (enrolled) or `enrol` (first login: the pending secret waits here until its first code). */
    purpose: text('purpose').$type<'totp' | 'enrol'>().notNull(),
    pendingSecretEnc: text('pending_secret_enc'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_login_challenges_user_idx').on(t.staffUserId)],
);

/** A staff session: the SHA-256 of its opaque `bo_` token; idle 15 minutes, absolute 10 hours. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    role: text('role').$type<StaffRole>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('staff_sessions_user_idx').on(t.staffUserId)],
);
