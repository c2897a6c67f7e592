import type { FastifyBaseLogger } from 'fastify';
import type { AffiliateClickPayload } from '../../../shared/api/tracking.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/connect.ts';
import { campaignClickOf, type CampaignClick } from './campaign-uri.ts';
import { attachClientClicks, clickKey, insertClicks, lockClientClicks, storedClickKeys } from './repository.ts';

/**
 * AffilateClickPost and AttachAffilatesPost. The history's landings on this app that carry a campaign parameter
 * are stored once each (a repeated post stores nothing new); the rest (foreign or malformed URIs, landings without
 * campaign parameters) is ignored, never refused: tracking must not break a page. With a customer, the browser's
 * unattached clicks are attached to them; a click attached to a customer stays theirs.
 */

export interface TrackingDeps {
  db: Database;
  clock: Clock;
}

export interface ClickOrigins {
  /** The app's origins (PUBLIC_URL's, and the one the request was addressed to). */
  origins: ReadonlySet<string>;
  /** Base for paths of the app (`/…?utm_campaign=…`). */
  base: string;
}

export interface TrackingResult {
  stored: number;
  ignored: number;
  attached: number;
}

function countingClicks(payload: AffiliateClickPayload, where: ClickOrigins): CampaignClick[] {
  const seen = new Set<string>();
  const clicks: CampaignClick[] = [];
  for (const entry of payload.history) {
    const click = campaignClickOf(entry, where.origins, where.base);
    if (!click || seen.has(clickKey(click))) continue;
    seen.add(clickKey(click));
    clicks.push(click);
  }
  return clicks;
}

export async function recordAffiliateClicks(
  deps: TrackingDeps,
  payload: AffiliateClickPayload,
  where: ClickOrigins,
  customerId: number | null,
  log: FastifyBaseLogger,
): Promise<TrackingResult> {
  const clicks = countingClicks(payload, where);
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    await lockClientClicks(tx, payload.uniqueClientId);
    const stored = await storedClickKeys(
      tx,
      payload.uniqueClientId,
      clicks.map((click) => click.fullUri),
    );
    const fresh = clicks.filter((click) => !stored.has(clickKey(click)));
    const inserted = await insertClicks(tx, payload.uniqueClientId, fresh, customerId, now);
    const attached = customerId === null ? 0 : await attachClientClicks(tx, payload.uniqueClientId, customerId, now);
    return { stored: inserted, ignored: payload.history.length - clicks.length, attached };
  });
  log.info({ event: 'affiliateClick', customerId, ...result }, 'affiliate clicks recorded');
  return result;
}
