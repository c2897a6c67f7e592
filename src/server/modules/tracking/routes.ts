import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AffilateClickPost, AttachAffilatesPost } from '../../../shared/api/tracking.ts';
import { registerCall } from '../../http/register-call.ts';
import { recordAffiliateClicks, type ClickOrigins, type TrackingDeps } from './service.ts';

/**
 * Affiliate tracking (`/api/customer/affiliateClick`, `/api/customer/attachAffiliates`). A client posts after a
 * campaign landing and once after registration or login; the per-IP limit leaves room for that and stops a script
 * from filling the table.
 */

export const trackingRateLimit = { max: 30, timeWindow: 60_000 };

/** PUBLIC_URL's origin, and the origin this request was addressed to (Host / X-Forwarded-* behind a trusted proxy). */
function clickOriginsOf(app: FastifyInstance, request: FastifyRequest): ClickOrigins {
  const publicOrigin = new URL(app.config.publicUrl).origin;
  const origins = new Set([publicOrigin]);
  try {
    origins.add(new URL(`${request.protocol}://${request.host}`).origin);
  } catch {
    // A Host header that is no host: only PUBLIC_URL counts.
  }
  return { origins, base: publicOrigin };
}

export async function trackingRoutes(app: FastifyInstance): Promise<void> {
  const deps: TrackingDeps = { db: app.db, clock: app.clock };

  registerCall(
    app,
    AffilateClickPost,
    async ({ body, customer, request }) => {
      await recordAffiliateClicks(deps, body, clickOriginsOf(app, request), customer?.id ?? null, request.log);
      return true;
    },
    { rateLimit: trackingRateLimit },
  );
  registerCall(
    app,
    AttachAffilatesPost,
    async ({ body, requireCustomer, request }) => {
      await recordAffiliateClicks(deps, body, clickOriginsOf(app, request), requireCustomer().id, request.log);
      return true;
    },
    { rateLimit: trackingRateLimit },
  );
}
