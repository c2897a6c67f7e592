import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The server instances running on this database (src/server/instances.ts): each one writes its row at start and
 * its heartbeat every few seconds. A running idempotency key or a pending provider call held by an instance whose
 * heartbeat stopped belongs to a dead instance: a retry takes it over and the recovery job resolves it at once,
 * instead of waiting for a lease.
 */
export const serverInstances = pgTable(
  'server_instances',
  {
    id: text('id').primaryKey(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('server_instances_heartbeat_idx').on(t.heartbeatAt)],
);

/**
 * Rate-limit counters shared by every server instance (src/server/plugins/rate-limit.ts): a fixed window per
 * budget and key (an IP address, a phone, a customer), `hits` requests counted until `reset_at`.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** The budget's name (`global`, `login:phone`, `card:customer`, …). */
    budget: text('budget').notNull(),
    key: text('key').notNull(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.budget, t.key] }), index('rate_limit_counters_reset_idx').on(t.resetAt)],
);

/**
 * The sandbox providers' own ledger (what a real gateway keeps on its servers): one row per idempotency key the app
 * sent, with the outcome it got, so a retried charge, card validation or transfer order answers the first outcome,
 * a crashed request can be asked about (`found`/`absent`), and an abandoned one can be voided so it never charges
 * later. Only the sandbox writes it.
 */
export const sandboxProviderOperations = pgTable('sandbox_provider_operations', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  /** `charge`, `validation` or `transfer`. */
  kind: text('kind').notNull(),
  /** The outcome as the provider answered it (JSON), or `{"status":"voided"}`. */
  outcome: text('outcome').notNull(),
  amountCents: integer('amount_cents'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
