import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { CardStatus, CardSubStatus } from '../../../shared/api/common.ts';
import { createdAt, updatedAt } from './columns.ts';
import { customers } from './customer.ts';

/**
 * The customer's payment cards (second document §3 "Card"). Only the masked number, brand and expiry are kept;
 * the full number and CVV never reach the database (the card gateway holds them behind `providerToken`).
 */
export const cards = pgTable(
  'cards',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** First six digits as asterisks: `******1234561111`. */
    maskedCardNumber: text('masked_card_number').notNull(),
    /** `visa` when the number starts with 4 (the spec's one brand icon), otherwise `other`. */
    brand: text('brand').notNull(),
    expiryMonth: integer('expiry_month').notNull(),
    expiryYear: integer('expiry_year').notNull(),
    cardStatus: text('card_status').$type<CardStatus>().notNull(),
    cardSubStatus: text('card_sub_status').$type<CardSubStatus>(),
    /** The customer's principal card. */
    isActive: boolean('is_active').notNull().default(false),
    /** The gateway's token for charging the card (sandbox: an opaque id). */
    providerToken: text('provider_token'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('cards_customer_idx').on(t.customerId)],
);
