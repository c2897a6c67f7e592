import type { FastifyBaseLogger } from 'fastify';
import { ANALYTICS_LIMITS } from '../../../shared/analytics.ts';
import type { AnalyticsBatch } from '../../../shared/api/analytics.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/connect.ts';
import { insertAnalyticsEvents, type AnalyticsRow } from './repository.ts';

/**
 * AnalyticsEventsPost: a batch of page views and events, stored whole (the contract has already refused a batch with
 * an unknown name or a bad property, so nothing of it is stored). The customer is the session's (null for a
 * visitor), never one named in the body.
 *
 * `occurredAt` is the device's clock. Decision: an instant more than a day ahead of the server's clock or more than
 * a week behind it is a wrong device clock, not a reason to lose the event (the client sends within seconds of
 * it): the event is kept with the receipt's instant as its `occurred_at`, so a day's count never lands on a day
 * the device invented.
 */

export interface AnalyticsDeps {
  db: Database;
  clock: Clock;
}

/** The instant to count the item at: the device's when sane, else the receipt's. */
export function occurredAtOf(occurredAt: string, receivedAt: Date): Date {
  const at = new Date(occurredAt);
  const offset = at.getTime() - receivedAt.getTime();
  if (Number.isNaN(offset) || offset > ANALYTICS_LIMITS.futureMs || offset < -ANALYTICS_LIMITS.pastMs)
    return receivedAt;
  return at;
}

export async function recordAnalytics(
  deps: AnalyticsDeps,
  batch: AnalyticsBatch,
  customerId: number | null,
  log: FastifyBaseLogger,
): Promise<{ stored: number }> {
  const receivedAt = deps.clock.now();
  const rows: AnalyticsRow[] = batch.items.map((item) => ({
    kind: item.kind,
    name: item.name,
    props: item.kind === 'event' && item.props && Object.keys(item.props).length > 0 ? item.props : null,
    customerId,
    clientId: batch.clientId,
    occurredAt: occurredAtOf(item.occurredAt, receivedAt),
    receivedAt,
  }));
  const stored = await insertAnalyticsEvents(deps.db, rows);
  log.debug({ event: 'analytics', customerId, stored }, 'analytics stored');
  return { stored };
}
