import type { FastifyInstance } from 'fastify';
import { PushPublicKeyGet, PushSubscriptionDelete, PushSubscriptionPost } from '../../../shared/api/push.ts';
import { registerCall } from '../../http/register-call.ts';
import { subscribe, unsubscribe, type PushDeps } from './service.ts';

/** Subscribing happens once per browser; a client looping on it is throttled well before it costs anything. */
const subscriptionRateLimit = { max: 30, timeWindow: 60_000 };

/** Web push (`/api/communication/push`): the VAPID public key, and the logged-in customer's subscriptions. */
export async function pushRoutes(app: FastifyInstance): Promise<void> {
  const deps: PushDeps = { db: app.db, clock: app.clock, sandbox: app.config.sandbox };

  registerCall(app, PushPublicKeyGet, ({ reply }) => {
    reply.header('cache-control', 'no-cache');
    return { publicKey: app.secrets.vapid.publicKey };
  });
  registerCall(
    app,
    PushSubscriptionPost,
    ({ body, requireCustomer, request }) =>
      subscribe(deps, requireCustomer(), body, request.headers['user-agent'], request.log),
    { rateLimit: subscriptionRateLimit },
  );
  registerCall(
    app,
    PushSubscriptionDelete,
    ({ body, requireCustomer, request }) => unsubscribe(deps, requireCustomer(), body.endpoint, request.log),
    { rateLimit: subscriptionRateLimit },
  );
}
