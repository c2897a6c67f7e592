import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/connect.ts';
import { cards } from '../../db/schema/index.ts';

/** Card SQL (read side): the customer's cards. */

/** The customer's cards that are not deleted, the principal one first, then oldest first. */
export async function listCustomerCards(db: Executor, customerId: number) {
  return db
    .select({
      id: cards.id,
      cardStatus: cards.cardStatus,
      maskedCardNumber: cards.maskedCardNumber,
      cardSubStatus: cards.cardSubStatus,
      isActive: cards.isActive,
      brand: cards.brand,
    })
    .from(cards)
    .where(and(eq(cards.customerId, customerId), ne(cards.cardStatus, 'Deleted')))
    .orderBy(cards.id);
}
