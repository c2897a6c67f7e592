import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customer.ts';

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
