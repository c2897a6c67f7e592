import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { customers } from './customer.ts';

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
