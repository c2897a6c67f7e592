import { and, asc, eq, isNotNull, isNull, lte, not, or } from 'drizzle-orm';
import type { Executor } from '../../../db/connect.ts';
import { cards, cardThreeDsSessions, payments } from '../../../db/schema/index.ts';
import { instanceAlive } from '../../../instances.ts';
import type { PaymentRow } from './payments.ts';

/**
 * A card payment's charge: the instance that charges a pending payment, the payments the recovery job ends, the
 * customer's card and the 3-D Secure session of a charge.
 */

/**
 * Makes `instanceId` the one that charges a pending payment, when nobody else alive does (its instance died, or the
 * last attempt ended without an outcome); false when another live instance holds it or it is not pending.
 */
export async function takePaymentCharge(
  db: Executor,
  paymentId: number,
  instance: { id: string; staleMs: number },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ instanceId: instance.id, updatedAt: now })
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.status, 'pending'),
        or(
          isNull(payments.instanceId),
          eq(payments.instanceId, instance.id),
          not(instanceAlive(payments.instanceId, instance.staleMs)),
        ),
      ),
    )
    .returning({ id: payments.id });
  return rows.length === 1;
}

/**
 * The pending card payments whose charge nobody is making and nobody will finish (the recovery job's work):
 * without a 3-D Secure step, held by no instance (the last attempt ended without an outcome) or by a dead one;
 * with a 3-D Secure step that the customer left for longer than `threeDsTtlMs`. Oldest first.
 */
export async function recoverablePayments(
  db: Executor,
  now: Date,
  options: { staleMs: number; threeDsTtlMs: number; limit: number },
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        eq(payments.source, 'debit-card'),
        or(
          and(
            isNull(payments.threeDsTrackId),
            or(isNull(payments.instanceId), not(instanceAlive(payments.instanceId, options.staleMs))),
          ),
          and(
            isNotNull(payments.threeDsTrackId),
            lte(payments.createdAt, new Date(now.getTime() - options.threeDsTtlMs)),
          ),
        ),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(options.limit);
}

/** The customer's usable card (another customer's, deleted or unknown: undefined). */
export async function findCustomerCard(db: Executor, customerId: number, cardId: number) {
  const [row] = await db
    .select({
      id: cards.id,
      cardStatus: cards.cardStatus,
      providerToken: cards.providerToken,
      maskedCardNumber: cards.maskedCardNumber,
    })
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.customerId, customerId)))
    .limit(1);
  return row;
}

/** A payment's 3-D Secure session (the track the client polls). */
export async function findThreeDsSession(db: Executor, trackId: string) {
  const [row] = await db.select().from(cardThreeDsSessions).where(eq(cardThreeDsSessions.trackId, trackId)).limit(1);
  return row;
}
