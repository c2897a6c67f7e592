import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { PushSubscriptionPayload } from '../../../../shared/api/push.ts';
import type { Executor } from '../../../db/connect.ts';
import { pushSubscriptions } from '../../../db/schema/index.ts';

/** The push subscriptions repository: one row per endpoint, bound to the customer who saved it last. */

/** Subscriptions kept per customer (browsers and devices); saving one more forgets the least recently saved. */
export const MAX_SUBSCRIPTIONS_PER_CUSTOMER = 10;

export type StoredSubscription = typeof pushSubscriptions.$inferSelect;

export interface SaveSubscriptionInput {
  customerId: number;
  subscription: PushSubscriptionPayload;
  userAgent: string | null;
  now: Date;
}

/**
 * Insert or refresh the subscription of `endpoint`: a browser re-subscribing (new keys) updates the row, and an
 * endpoint saved by another customer before (shared device, new login) moves to this customer.
 */
export async function saveSubscription(db: Executor, input: SaveSubscriptionInput): Promise<StoredSubscription> {
  const { customerId, subscription, userAgent, now } = input;
  const expiresAt =
    typeof subscription.expirationTime === 'number' && Number.isFinite(subscription.expirationTime)
      ? new Date(subscription.expirationTime)
      : null;
  const values = {
    customerId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    expiresAt: expiresAt && !Number.isNaN(expiresAt.getTime()) ? expiresAt : null,
    userAgent,
    createdAt: now,
    updatedAt: now,
  };
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        customerId: sql`excluded.customer_id`,
        p256dh: sql`excluded.p256dh`,
        auth: sql`excluded.auth`,
        expiresAt: sql`excluded.expires_at`,
        userAgent: sql`excluded.user_agent`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning();
  if (!row) throw new Error('push subscription upsert returned nothing');
  await trimSubscriptions(db, customerId);
  return row;
}

/** Keep only the customer's most recently saved subscriptions. */
async function trimSubscriptions(db: Executor, customerId: number): Promise<void> {
  const keep = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.customerId, customerId))
    .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
    .limit(MAX_SUBSCRIPTIONS_PER_CUSTOMER);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.customerId, customerId), notInArray(pushSubscriptions.id, keep)));
}

/** Forget the customer's subscription of `endpoint`; true when there was one. Another customer's is untouched. */
export async function deleteCustomerSubscription(db: Executor, customerId: number, endpoint: string): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.customerId, customerId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}

export async function subscriptionsOfCustomer(db: Executor, customerId: number): Promise<StoredSubscription[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.customerId, customerId))
    .orderBy(pushSubscriptions.id);
}

/** Delete subscriptions the push service declared gone (404/410) or that expired. */
export async function deleteSubscriptions(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, [...ids]));
}

export async function markSubscriptionsDelivered(db: Executor, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: now })
    .where(inArray(pushSubscriptions.id, [...ids]));
}
