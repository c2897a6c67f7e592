import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customer.ts';
import { installments } from './loan.ts';

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
