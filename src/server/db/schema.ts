import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The database schema (Drizzle). Changes are committed migrations: edit this file, run `npm run db:generate`
 * (drizzle-kit generate), commit the new SQL in `src/server/db/migrations`.
 *
 * Conventions: money in integer cents (`*_cents`); calendar dates as `date` (YYYY-MM-DD strings in code);
 * instants as `timestamptz`; statuses as text holding the spec's names (validated in code, so a new status needs
 * no migration); every status change of a customer, loan or instalment is a row in its history table.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    /** The spec's customer status: new, preRegistered, registered, systemApproved, declined, securityChecked, … */
    status: text('status').notNull().default('new'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    nationalId: text('national_id').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    /** Spanish mobile number, 9 digits without the +34 prefix. */
    phone: text('phone').notNull(),
    gender: text('gender'),
    employmentStatus: text('employment_status').notNull(),
    companyName: text('company_name'),
    /** The signup option in cents (0, 500 €, …, 3001 € meaning "over 3.000 €"). */
    monthlyIncomeCents: integer('monthly_income_cents').notNull(),
    /** The customer's reference code (the spec's additionalField), e.g. in bank-transfer descriptions. */
    referenceCode: text('reference_code').notNull(),
    isRtb: boolean('is_rtb').notNull().default(false),
    isBlacklist: boolean('is_blacklist').notNull().default(false),
    creditLimitCents: integer('credit_limit_cents').notNull().default(0),
    /** The member role: user for customers (staff roles exist in the wider system). */
    role: text('role').notNull().default('user'),
    passwordRequired: boolean('password_required').notNull().default(false),
    acceptPolicy: boolean('accept_policy').notNull().default(false),
    acceptMarketing: boolean('accept_marketing').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_phone_key').on(t.phone),
    uniqueIndex('customers_reference_code_key').on(t.referenceCode),
    index('customers_national_id_idx').on(t.nationalId),
    index('customers_email_idx').on(t.email),
  ],
);

export const customerStatusHistory = pgTable(
  'customer_status_history',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** Who: `customer`, `system`, `seed`, a job name or a staff member id. */
    changedBy: text('changed_by').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('customer_status_history_customer_idx').on(t.customerId, t.createdAt)],
);

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

/** Every SMS the server sent (the sandbox provider only writes here; `/sandbox/sms` reads it). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    text: text('text').notNull(),
    purpose: text('purpose').notNull(),
    provider: text('provider').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the customer opened a link carrying this SMS's id (`smsPoolId`, SmsMarkasreadGetBySmsId). */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.id)],
);

/** The client activity log: one record per (deviceId, sessionHash), actions appended by PUT. */
export const clientLogs = pgTable(
  'client_logs',
  {
    id: serial('id').primaryKey(),
    deviceId: text('device_id').notNull(),
    sessionHash: text('session_hash').notNull(),
    application: text('application').notNull(),
    /** As the client reported it (not trusted, no foreign key). */
    customerId: integer('customer_id'),
    email: text('email'),
    mobilePhone: text('mobile_phone'),
    userAgent: text('user_agent').notNull(),
    actions: jsonb('actions')
      .notNull()
      .default(sql`'[]'::jsonb`),
    actionCount: integer('action_count').notNull().default(0),
    firstInit: boolean('first_init').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('client_logs_device_session_key').on(t.deviceId, t.sessionHash),
    index('client_logs_customer_idx').on(t.customerId),
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
    status: text('status').notNull(),
    amountCents: integer('amount_cents').notNull(),
    installmentCount: integer('installment_count').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    firstRepaymentDate: date('first_repayment_date', { mode: 'string' }).notNull(),
    toAccountId: integer('to_account_id'),
    cardId: integer('card_id'),
    isRestructured: boolean('is_restructured').notNull().default(false),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('loans_customer_status_idx').on(t.customerId, t.status)],
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
    status: text('status').notNull().default('notPaid'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('installments_loan_number_key').on(t.loanId, t.number),
    index('installments_due_idx').on(t.status, t.expectedDate),
  ],
);

export const loanStatusHistory = pgTable(
  'loan_status_history',
  {
    id: serial('id').primaryKey(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
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
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    changedBy: text('changed_by').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('installment_status_history_installment_idx').on(t.installmentId, t.createdAt)],
);

/** Server secrets generated on first start when not configured (JWT key, VAPID keys) and one-off markers. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Web-push subscriptions (`PushSubscription.toJSON()`), one row per endpoint, bound to the customer who saved it
 * last. Deleted when the customer unsubscribes or the push service answers 404/410 (expired).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (base64url), for the payload encryption. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** When the browser says the subscription expires (rarely set). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_customer_idx').on(t.customerId),
  ],
);

/**
 * One payment reminder (instalment, kind), created by the scheduler of any instance and claimed with
 * `SELECT … FOR UPDATE SKIP LOCKED`: the unique (installment_id, kind) makes each reminder exist, and be sent, once.
 * status: pending (to send at next_attempt_at) → sending (claimed until lease_until) → sent | failed (attempts used
 * up) | skipped (its day passed, the instalment was paid, or no subscription is left; `last_error` says which).
 */
export const reminderDeliveries = pgTable(
  'reminder_deliveries',
  {
    id: serial('id').primaryKey(),
    installmentId: integer('installment_id')
      .notNull()
      .references(() => installments.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** dueIn3Days, dueTomorrow, dueToday, overdue1Day (src/shared/push.ts). */
    kind: text('kind').notNull(),
    /** The instalment's due date when the reminder was planned. */
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('reminder_deliveries_installment_kind_key').on(t.installmentId, t.kind),
    index('reminder_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('reminder_deliveries_customer_idx').on(t.customerId),
  ],
);

/** The customer's home address (registration step after the SMS code: preRegistered → registered). */
export const customerAddresses = pgTable('customer_addresses', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  street: text('street').notNull(),
  streetNumber: text('street_number').notNull(),
  floor: text('floor'),
  /** 5 digits; its first two are the province code (01-52). */
  postcode: text('postcode').notNull(),
  city: text('city').notNull(),
  province: text('province').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

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
 * Affiliate and campaign clicks (first document §4 "Affiliate tracking"): a browser's captured campaign URIs
 * (utm_campaign, uid, mykredit_ref, campaignid), attached to the customer after registration or login.
 */
export const affiliateClicks = pgTable(
  'affiliate_clicks',
  {
    id: serial('id').primaryKey(),
    uniqueClientId: text('unique_client_id').notNull(),
    /** [{ occuredAt, fullUri }] as the client sent them. */
    history: jsonb('history').notNull(),
    utmCampaign: text('utm_campaign'),
    uid: text('uid'),
    mykreditRef: text('mykredit_ref'),
    campaignId: text('campaign_id'),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('affiliate_clicks_client_idx').on(t.uniqueClientId),
    index('affiliate_clicks_customer_idx').on(t.customerId),
  ],
);

/** The customer's communication permissions (second document §3); every change is a row of the history below. */
export const communicationPermissions = pgTable('communication_permissions', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  allowEmail: boolean('allow_email').notNull(),
  allowSms: boolean('allow_sms').notNull(),
  allow3CxCalls: boolean('allow_3cx_calls').notNull(),
  updatedAt: updatedAt(),
});

export const communicationPermissionHistory = pgTable(
  'communication_permission_history',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    allowEmail: boolean('allow_email').notNull(),
    allowSms: boolean('allow_sms').notNull(),
    allow3CxCalls: boolean('allow_3cx_calls').notNull(),
    /** registration, unsubscribe, account, staff id … */
    source: text('source').notNull(),
    /** For unsubscribe links: the campaign. */
    campaignId: text('campaign_id'),
    createdAt: createdAt(),
  },
  (t) => [index('communication_permission_history_customer_idx').on(t.customerId, t.createdAt)],
);

export * from './schema/idempotency.ts';
