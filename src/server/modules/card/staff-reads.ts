import { desc, eq, isNull, sql } from 'drizzle-orm';
import type { CardStatusHistoryEntry, StaffCard } from '../../../shared/api/card-staff.ts';
import type { ThreeDsState } from '../../../shared/card-statuses.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import type { Executor } from '../../db/connect.ts';
import { cards, cardThreeDsSessions } from '../../db/schema/index.ts';
import { statusHistoryOf } from '../../db/status-history.ts';
import { ApiError, BusinessError } from '../../http/errors.ts';
import { findScopedCustomer } from '../customer/index.ts';

/**
 * The customer file's card reads (docs/backoffice.md §5 'Tarjetas'): the customer's cards and a card's status
 * history. Only what the customer's own app shows of a number: the masked number and its last four digits.
 */

type Scope = Pick<AuthenticatedStaff, 'role' | 'collectionCompanyId'>;

/**
 * The state of the card's newest 3-D Secure validation (a payment's flows are not the card's validation). Nested in
 * a fragment of its own so that Drizzle writes the columns with their tables (the outer card is referred to inside).
 */
const newestThreeDsState = sql<ThreeDsState | null>`${sql`(select ${cardThreeDsSessions.state}
  from ${cardThreeDsSessions}
  where ${cardThreeDsSessions.cardId} = ${cards.id} and ${isNull(cardThreeDsSessions.paymentId)}
  order by ${cardThreeDsSessions.createdAt} desc limit 1)`}`;

/** StaffCardsGet: every card of the customer, deleted ones too, newest first. */
export async function staffCustomerCards(db: Executor, staff: Scope, customerId: number): Promise<StaffCard[]> {
  await findScopedCustomer(db, staff, customerId);
  const rows = await db
    .select({
      id: cards.id,
      maskedCardNumber: cards.maskedCardNumber,
      brand: cards.brand,
      expiryMonth: cards.expiryMonth,
      expiryYear: cards.expiryYear,
      cardStatus: cards.cardStatus,
      cardSubStatus: cards.cardSubStatus,
      isActive: cards.isActive,
      threeDsState: newestThreeDsState,
      createdAt: cards.createdAt,
      updatedAt: cards.updatedAt,
    })
    .from(cards)
    .where(eq(cards.customerId, customerId))
    .orderBy(desc(cards.createdAt), desc(cards.id));
  return rows.map((row) => ({
    ...row,
    lastFour: row.maskedCardNumber.slice(-4),
    brand: row.brand === 'visa' ? 'visa' : 'other',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/**
 * CardStatusHistoryGet: the card's status and sub-status (card proof) changes, merged newest first. An unknown
 * card and a card of a customer this staff member may not see both answer 404 `StaffCardNotFound`.
 */
export async function staffCardStatusHistory(
  db: Executor,
  staff: Scope,
  cardId: number,
): Promise<CardStatusHistoryEntry[]> {
  await scopedCardCustomer(db, staff, cardId);
  const [statuses, subStatuses] = await Promise.all([
    statusHistoryOf(db, 'card', cardId),
    statusHistoryOf(db, 'cardSubStatus', cardId),
  ]);
  const entries: CardStatusHistoryEntry[] = [
    ...statuses.map((row) => ({ kind: 'cardStatus' as const, ...row, at: row.at.toISOString() })),
    ...subStatuses.map((row) => ({ kind: 'cardSubStatus' as const, ...row, at: row.at.toISOString() })),
  ];
  // Newest first; at the same instant the later insert of a kind first, a sub-status before a status.
  return entries.sort((a, b) =>
    a.at !== b.at ? (a.at < b.at ? 1 : -1) : a.kind === b.kind ? b.id - a.id : a.kind === 'cardSubStatus' ? -1 : 1,
  );
}

/**
 * The customer of a card the staff member may see; an unknown card and a card of a customer out of their scope
 * both answer 404 `StaffCardNotFound`.
 */
export async function scopedCardCustomer(db: Executor, staff: Scope, cardId: number): Promise<number> {
  const [card] = await db.select({ customerId: cards.customerId }).from(cards).where(eq(cards.id, cardId)).limit(1);
  if (!card) throw new BusinessError('StaffCardNotFound');
  try {
    await findScopedCustomer(db, staff, card.customerId);
  } catch (error) {
    if (error instanceof ApiError && error.codeName === 'StaffCustomerNotFound')
      throw new BusinessError('StaffCardNotFound');
    throw error;
  }
  return card.customerId;
}
