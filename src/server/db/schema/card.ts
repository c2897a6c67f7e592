import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
    /**
     * At most the first six and the last four digits, as PCI DSS allows: `411111******1111` (rows written before
     * migration 0005 keep only the last four). The app shows it with the first six as asterisks, grouped by 4.
     */
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
    /** The `Idempotency-Key` of the CardCreateAndValidatePost that last validated the card (its intent). */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('cards_customer_idx').on(t.customerId)],
);

/**
 * One 3-D Secure authentication of a card (second document §4 "3-D Secure states"): the track id the client polls
 * ThreeDsStateGet with, the gateway's scenario and the state it is in. The card turns Valid only when it completes.
 */
export const cardThreeDsSessions = pgTable(
  'card_three_ds_sessions',
  {
    /** The track id (random, unguessable). */
    trackId: text('track_id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    /** The gateway's transaction id (the spec's 3-D Secure event `transactionId`). */
    transactionId: text('transaction_id').notNull(),
    /** The gateway's flow for this card: challenge, fingerprintThenChallenge, challengeThenFailure, … */
    scenario: text('scenario').notNull(),
    /** dfpPost, iframe, inprogress, completed, error: the state last answered to the client. */
    state: text('state').notNull(),
    /** The gateway's own state of the flow (opaque to the card module; the sandbox keeps JSON here). */
    providerState: text('provider_state'),
    /**
     * The loan payment this authentication is for (PayLoanPost's card charge with 3-D Secure), null when it
     * validates a new card. No foreign key: the payments table belongs to the payment module, defined after cards.
     */
    paymentId: integer('payment_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('card_three_ds_sessions_customer_idx').on(t.customerId, t.createdAt),
    index('card_three_ds_sessions_transaction_idx').on(t.transactionId),
  ],
);

/** Every status change of a card (architecture §6), written by `recordStatusChange(db, 'card', …)`. */
export const cardStatusHistory = pgTable(
  'card_status_history',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<CardStatus>(),
    toStatus: text('to_status').$type<CardStatus>().notNull(),
    /** Who: `customer`, `system`, `seed`, a job name or a staff member id. */
    changedBy: text('changed_by').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('card_status_history_card_idx').on(t.cardId, t.createdAt)],
);

/**
 * Every sub-status change of a card (the card proof: askForProof → uploaded → proofAccepted | proofRejected),
 * written by `recordStatusChange(db, 'cardSubStatus', …)`; CardStatusHistoryGet reads it with the status history.
 */
export const cardSubStatusHistory = pgTable(
  'card_sub_status_history',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<CardSubStatus>(),
    toStatus: text('to_status').$type<CardSubStatus>().notNull(),
    /** Who: `customer` (the upload) or `staff:<id>`. */
    changedBy: text('changed_by').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('card_sub_status_history_card_idx').on(t.cardId, t.createdAt)],
);
