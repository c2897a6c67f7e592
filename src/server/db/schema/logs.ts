import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
