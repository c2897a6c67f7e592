import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/connect.ts';
import {
  deleteSubscriptions,
  markSubscriptionsDelivered,
  subscriptionsOfCustomer,
} from './repository/subscriptions.ts';
import type { PushMessage, PushSender } from './sender.ts';

/**
 * One notification to every live subscription of a customer (other modules' one-off pushes, e.g. the payout's
 * 'Tu dinero está en camino'): expired and gone (404/410) subscriptions are deleted, delivered ones marked. Not
 * retried: the caller decides what a failure means. Answers how many devices accepted it.
 */
export interface NotifyDeps {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  send: PushSender;
}

export async function notifyCustomer(deps: NotifyDeps, customerId: number, message: PushMessage): Promise<number> {
  const { db, clock, send, log } = deps;
  const now = clock.now();
  const all = await subscriptionsOfCustomer(db, customerId);
  const expired = all.filter((subscription) => subscription.expiresAt && subscription.expiresAt <= now);
  await deleteSubscriptions(
    db,
    expired.map((subscription) => subscription.id),
  );
  const live = all.filter((subscription) => !expired.includes(subscription));
  const outcomes = await Promise.all(
    live.map(async (subscription) => ({ id: subscription.id, outcome: await send(subscription, message) })),
  );
  const delivered = outcomes.filter(({ outcome }) => outcome.result === 'delivered').map(({ id }) => id);
  await deleteSubscriptions(
    db,
    outcomes.filter(({ outcome }) => outcome.result === 'gone').map(({ id }) => id),
  );
  await markSubscriptionsDelivered(db, delivered, clock.now());
  const failed = outcomes.filter(({ outcome }) => outcome.result === 'retry' || outcome.result === 'rejected');
  if (failed.length > 0)
    log.warn({ customerId, failed: failed.length }, 'push notification not delivered to some devices');
  return delivered.length;
}
