import {
  bigserial,
  boolean,
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
 * The client activity log: one record per (deviceId, sessionHash) with what the client says about itself; its actions
 * are rows of `client_log_actions`, only ever inserted (and the oldest pruned past the cap), so a write costs the
 * same at the first action of a session and at the 2,000th.
 */
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
    /** Actions stored in `client_log_actions` for this record (at most CLIENT_LOG_LIMITS.actionsPerRecord). */
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

/** One action of a client log record, in the order the client sent them (`id`). */
export const clientLogActions = pgTable(
  'client_log_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientLogId: integer('client_log_id')
      .notNull()
      .references(() => clientLogs.id, { onDelete: 'cascade' }),
    action: jsonb('action').notNull(),
    /** When the server stored it (the action's own time is `action.actionTime`, as the client reported it). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('client_log_actions_log_idx').on(t.clientLogId, t.id)],
);
