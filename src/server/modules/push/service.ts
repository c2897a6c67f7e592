import type { FastifyBaseLogger } from 'fastify';
import type { PushSubscriptionPayload } from '../../../shared/api/push.ts';
import type { AuthenticatedCustomer } from '../../auth/sessions.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/connect.ts';
import { BusinessError } from '../../http/errors.ts';
import { deleteCustomerSubscription, saveSubscription } from './repository/subscriptions.ts';
import { subscriptionProblem } from './subscription-rules.ts';

/**
 * The push service: the logged-in customer's web-push subscriptions (PushSubscriptionPost, PushSubscriptionDelete).
 * The reminders that use them are sent by the scheduler (scheduler.ts, started by plugin.ts).
 */
export interface PushDeps {
  db: Database;
  clock: Clock;
  /** While SANDBOX is on, endpoints on local hosts are accepted (subscription-rules.ts). */
  sandbox: boolean;
}

const USER_AGENT_MAX = 512;

export async function subscribe(
  deps: PushDeps,
  customer: AuthenticatedCustomer,
  subscription: PushSubscriptionPayload,
  userAgentHeader: string | undefined,
  log: FastifyBaseLogger,
): Promise<true> {
  const problem = subscriptionProblem(subscription, { sandbox: deps.sandbox });
  if (problem) {
    log.info({ customerId: customer.id, problem }, 'push subscription refused');
    throw new BusinessError('InvalidPushSubscription');
  }
  const userAgent = userAgentHeader?.slice(0, USER_AGENT_MAX) ?? null;
  const saved = await saveSubscription(deps.db, {
    customerId: customer.id,
    subscription,
    userAgent,
    now: deps.clock.now(),
  });
  log.info({ customerId: customer.id, subscriptionId: saved.id }, 'push subscription saved');
  return true;
}

export async function unsubscribe(
  deps: PushDeps,
  customer: AuthenticatedCustomer,
  endpoint: string,
  log: FastifyBaseLogger,
): Promise<true> {
  const deleted = await deleteCustomerSubscription(deps.db, customer.id, endpoint);
  log.info({ customerId: customer.id, deleted }, 'push subscription deleted');
  return true;
}
