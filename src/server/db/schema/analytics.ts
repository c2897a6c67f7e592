import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customer.ts';

/**
 * The product's own analytics (AnalyticsEventsPost): page views (`kind` 'page', `name` the route's path pattern) and
 * events (`kind` 'event', `name` e.g. 'rtb_success', `props` their flat properties), sent only with the customer's
 * analytics/performance cookie permission. `customer_id` is the session's customer when one was logged in (kept
 * null if the customer is deleted); `client_id` the browser's Client-Unique id. `occurred_at` is the device's instant
 * (the receipt's when the device clock was off by more than a day ahead or a week behind).
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    props: jsonb('props'),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    clientId: text('client_id').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // Counting by name and day: a range of occurred_at within one name.
    index('analytics_events_name_occurred_idx').on(t.name, t.occurredAt),
    index('analytics_events_customer_idx').on(t.customerId),
  ],
);
