import type { FastifyInstance } from 'fastify';
import { PushPublicKeyGet, PushSubscriptionDelete, PushSubscriptionPost } from '../../../shared/api/push.ts';
import { BusinessError } from '../../http/errors.ts';
import { registerCall } from '../../http/register-call.ts';
import { subscriptionProblem } from '../../push/subscription-rules.ts';
import { deleteCustomerSubscription, saveSubscription } from '../../push/subscriptions.ts';

/** Subscribing happens once per browser; a client looping on it is throttled well before it costs anything. */
const subscriptionRateLimit = { max: 30, timeWindow: 60_000 };

const USER_AGENT_MAX = 512;

/** Web push (`/api/communication/push`): the VAPID public key, and the logged-in customer's subscriptions. */
export async function pushRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, PushPublicKeyGet, ({ reply }) => {
    reply.header('cache-control', 'no-cache');
    return { publicKey: app.secrets.vapid.publicKey };
  });

  registerCall(
    app,
    PushSubscriptionPost,
    async ({ body, requireCustomer, request }) => {
      const customer = requireCustomer();
      const problem = subscriptionProblem(body, { sandbox: app.config.sandbox });
      if (problem) {
        request.log.info({ customerId: customer.id, problem }, 'push subscription refused');
        throw new BusinessError('InvalidPushSubscription');
      }
      const userAgent = request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null;
      const saved = await saveSubscription(app.db, {
        customerId: customer.id,
        subscription: body,
        userAgent,
        now: app.clock.now(),
      });
      request.log.info({ customerId: customer.id, subscriptionId: saved.id }, 'push subscription saved');
      return true;
    },
    { rateLimit: subscriptionRateLimit },
  );

  registerCall(
    app,
    PushSubscriptionDelete,
    async ({ body, requireCustomer, request }) => {
      const customer = requireCustomer();
      const deleted = await deleteCustomerSubscription(app.db, customer.id, body.endpoint);
      request.log.info({ customerId: customer.id, deleted }, 'push subscription deleted');
      return true;
    },
    { rateLimit: subscriptionRateLimit },
  );
}
