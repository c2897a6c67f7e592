import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { CardSubStatus } from '../../../shared/api/common.ts';
import type { Executor } from '../../db/connect.ts';
import { preparedRead } from '../../db/prepared.ts';
import { recordStatusChange } from '../../db/status-history.ts';
import { cards, cardThreeDsSessions } from '../../db/schema/index.ts';
import { USABLE_CARD_STATUSES } from '../../../shared/card-statuses.ts';

/** Card SQL: the customer's cards and their 3-D Secure flows. */

/** What the contract's Card entity is made of. */
const cardEntityColumns = {
  id: cards.id,
  cardStatus: cards.cardStatus,
  maskedCardNumber: cards.maskedCardNumber,
  cardSubStatus: cards.cardSubStatus,
  isActive: cards.isActive,
  brand: cards.brand,
};

/** The customer's cards that are not deleted, oldest first (`isActive` marks the principal one). */
const customerCardsById = preparedRead((db) =>
  db
    .select(cardEntityColumns)
    .from(cards)
    .where(and(eq(cards.customerId, sql.placeholder('customerId')), ne(cards.cardStatus, 'Deleted')))
    .orderBy(cards.id)
    .prepare('customer_cards'),
);

export const listCustomerCards = (db: Executor, customerId: number) => customerCardsById(db, { customerId });

/** One of the customer's cards that is not deleted (another customer's: undefined). */
export async function findCustomerCard(db: Executor, customerId: number, cardId: number) {
  const [row] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.customerId, customerId), ne(cards.cardStatus, 'Deleted')))
    .limit(1);
  return row;
}

/** The customer's card with the same masked number and expiry (the same card entered again), not deleted. */
export async function findSameCard(
  db: Executor,
  customerId: number,
  card: { maskedCardNumber: string; expiryMonth: number; expiryYear: number },
) {
  const [row] = await db
    .select()
    .from(cards)
    .where(
      and(
        eq(cards.customerId, customerId),
        eq(cards.maskedCardNumber, card.maskedCardNumber),
        eq(cards.expiryMonth, card.expiryMonth),
        eq(cards.expiryYear, card.expiryYear),
        ne(cards.cardStatus, 'Deleted'),
      ),
    )
    .orderBy(cards.id)
    .limit(1);
  return row;
}

/** True when the customer already has a principal card with a usable status. */
export async function hasActiveUsableCard(db: Executor, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: cards.id })
    .from(cards)
    .where(
      and(
        eq(cards.customerId, customerId),
        eq(cards.isActive, true),
        inArray(cards.cardStatus, [...USABLE_CARD_STATUSES]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Makes `cardId` the customer's only principal card. */
export async function setOnlyActiveCard(db: Executor, customerId: number, cardId: number, now: Date) {
  await db
    .update(cards)
    .set({ isActive: false, updatedAt: now })
    .where(and(eq(cards.customerId, customerId), ne(cards.id, cardId), eq(cards.isActive, true)));
  await db.update(cards).set({ isActive: true, updatedAt: now }).where(eq(cards.id, cardId));
}

/** The customer's 3-D Secure flow of a track id, locked for the transaction (another customer's: undefined). */
export async function lockThreeDsSession(db: Executor, customerId: number, trackId: string) {
  const [row] = await db
    .select()
    .from(cardThreeDsSessions)
    .where(and(eq(cardThreeDsSessions.trackId, trackId), eq(cardThreeDsSessions.customerId, customerId)))
    .limit(1)
    .for('update');
  return row;
}

/** The customer's card last validated by the call with this Idempotency-Key, if any. */
export async function findCustomerCardByKey(db: Executor, customerId: number, idempotencyKey: string) {
  const [row] = await db
    .select({ id: cards.id, cardStatus: cards.cardStatus })
    .from(cards)
    .where(and(eq(cards.customerId, customerId), eq(cards.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row;
}

/** The card's newest open 3-D Secure validation (not a payment's), if any. */
export async function openCardThreeDs(db: Executor, cardId: number) {
  const [row] = await db
    .select({ trackId: cardThreeDsSessions.trackId, transactionId: cardThreeDsSessions.transactionId })
    .from(cardThreeDsSessions)
    .where(
      and(
        eq(cardThreeDsSessions.cardId, cardId),
        isNull(cardThreeDsSessions.paymentId),
        isNull(cardThreeDsSessions.completedAt),
      ),
    )
    .orderBy(desc(cardThreeDsSessions.createdAt))
    .limit(1);
  return row;
}

export interface CardSubStatusMove {
  cardId: number;
  /** `customer` (the proof's upload) or `staff:<id>`. */
  changedBy: string;
  reason?: string | null;
  to: CardSubStatus;
  at: Date;
}

/**
 * Sets a card's sub-status with its `cardSubStatus` history row (the document module's card proof and
 * SetCardSubStatusPost, each under its lock of the card row) and answers the card as the contract's Card entity
 * needs it. The history's `from` is read in the same statement's transaction, before the update.
 */
export async function setCardSubStatus(db: Executor, move: CardSubStatusMove) {
  const [before] = await db
    .select({ cardSubStatus: cards.cardSubStatus })
    .from(cards)
    .where(eq(cards.id, move.cardId))
    .for('update');
  const [row] = await db
    .update(cards)
    .set({ cardSubStatus: move.to, updatedAt: move.at })
    .where(eq(cards.id, move.cardId))
    .returning(cardEntityColumns);
  if (!before || !row) throw new Error('card sub-status update returned nothing');
  await recordStatusChange(db, 'cardSubStatus', {
    id: move.cardId,
    from: before.cardSubStatus,
    to: move.to,
    changedBy: move.changedBy,
    reason: move.reason ?? null,
    at: move.at,
  });
  return row;
}

/** The card's customer, status and sub-status, locked for a staff member's change; undefined if no such card. */
export async function lockCardForStaff(db: Executor, cardId: number) {
  const [row] = await db
    .select({ customerId: cards.customerId, cardStatus: cards.cardStatus, cardSubStatus: cards.cardSubStatus })
    .from(cards)
    .where(eq(cards.id, cardId))
    .for('update');
  return row;
}

/** A card payment's 3-D Secure session (the payment module's PayLoanPost, in its transaction). */
export async function insertThreeDsSession(db: Executor, values: typeof cardThreeDsSessions.$inferInsert) {
  await db.insert(cardThreeDsSessions).values(values);
}

/**
 * A 3-D Secure flow's provider state (the sandbox gateway's pages, providers/sandbox-card-gateway-three-ds.ts, under
 * their lock of the row).
 */
export async function setThreeDsProviderState(db: Executor, trackId: string, providerState: string): Promise<void> {
  await db.update(cardThreeDsSessions).set({ providerState }).where(eq(cardThreeDsSessions.trackId, trackId));
}
