import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customer.ts';

/**
 * The `Idempotency-Key`s of money-moving calls (src/server/http/idempotency.ts): one row per customer and key,
 * kept 24 h. The primary key is what makes a key run once across any number of server instances; the stored
 * answer is what a retry gets back, byte for byte.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The contract name of the call the key was first used with. */
    callName: text('call_name').notNull(),
    /** HMAC-SHA256 (hex, key derived from the server secret) of the validated params, query and body. */
    requestHash: text('request_hash').notNull(),
    /** `running` while the first request is being handled, `done` once its answer is stored. */
    state: text('state', { enum: ['running', 'done'] }).notNull(),
    /** Which request holds a running key: only that one may store the answer or release the key. */
    claimId: uuid('claim_id').notNull(),
    /** A running key whose holder has not finished by then (crashed instance) may be taken over by a retry. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    /** The server instance whose request holds a running key (server_instances): a dead instance's key is free. */
    instanceId: text('instance_id'),
    responseStatus: integer('response_status'),
    /** The answer exactly as it was sent (serialised JSON). */
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt)],
);
