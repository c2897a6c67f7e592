import type { FastifyInstance } from 'fastify';
import { AnalyticsEventsPost } from '../../../shared/api/analytics.ts';
import { registerCall } from '../../http/register-call.ts';
import { registerSandboxAnalyticsCounts } from './sandbox-counts.ts';
import { recordAnalytics, type AnalyticsDeps } from './service.ts';

/**
 * The product's own analytics (`/api/analytics/events`): public, the session's customer recorded when a valid one
 * is sent (`optional` auth: a stale token leaves the request anonymous, never a 401). A client sends a batch every
 * few seconds at most while the customer moves around, and one more when the page is hidden; the per-IP budget
 * leaves room for several tabs behind one address and stops a script from filling the table. Counted in memory
 * and synced (`batched`), like the client log: hot and harmless. Sandbox: the counts per day.
 */

export const analyticsRateLimit = { max: 60, timeWindow: 60_000, batched: true };

export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  const deps: AnalyticsDeps = { db: app.db, clock: app.clock };
  registerCall(
    app,
    AnalyticsEventsPost,
    ({ body, customer, request }) => recordAnalytics(deps, body, customer?.id ?? null, request.log),
    { rateLimit: analyticsRateLimit },
  );
  registerSandboxAnalyticsCounts(app);
}
