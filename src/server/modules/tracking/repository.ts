import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect.ts';
import { affiliateClicks } from '../../db/schema/index.ts';
import type { CampaignClick } from './campaign-uri.ts';
import { lockResource } from '../../db/locks.ts';

/**
 * Affiliate-click SQL. One row per landing: `history` holds that landing as `[{ occuredAt, fullUri }]`, so a
 * browser's clicks are told apart by (unique_client_id, occuredAt, fullUri).
 */

const entryUri = sql<string>`${affiliateClicks.history} -> 0 ->> 'fullUri'`;
const entryAt = sql<string>`${affiliateClicks.history} -> 0 ->> 'occuredAt'`;

/**
 * Serialise the writers of one browser's clicks until the transaction ends (two identical posts at once must not
 * both insert). A transaction-scoped advisory lock on a 64-bit hash of the client id.
 */
export async function lockClientClicks(tx: Executor, uniqueClientId: string): Promise<void> {
  await lockResource(tx, `affiliate:${uniqueClientId}`);
}

/** The (occuredAt, fullUri) keys of the browser's stored clicks among these URIs. */
export async function storedClickKeys(
  db: Executor,
  uniqueClientId: string,
  fullUris: readonly string[],
): Promise<Set<string>> {
  if (fullUris.length === 0) return new Set();
  const rows = await db
    .select({ occuredAt: entryAt, fullUri: entryUri })
    .from(affiliateClicks)
    .where(and(eq(affiliateClicks.uniqueClientId, uniqueClientId), inArray(entryUri, [...new Set(fullUris)])));
  return new Set(rows.map((row) => clickKey(row)));
}

export const clickKey = (click: { occuredAt: string; fullUri: string }) => `${click.occuredAt}\n${click.fullUri}`;

export async function insertClicks(
  db: Executor,
  uniqueClientId: string,
  clicks: readonly CampaignClick[],
  customerId: number | null,
  now: Date,
): Promise<number> {
  if (clicks.length === 0) return 0;
  const rows = await db
    .insert(affiliateClicks)
    .values(
      clicks.map((click) => ({
        uniqueClientId,
        history: [{ occuredAt: click.occuredAt, fullUri: click.fullUri }],
        utmCampaign: click.utmCampaign,
        uid: click.uid,
        mykreditRef: click.mykreditRef,
        campaignId: click.campaignId,
        customerId,
        attachedAt: customerId === null ? null : now,
        createdAt: now,
      })),
    )
    .returning({ id: affiliateClicks.id });
  return rows.length;
}

/** Attach the browser's clicks that no customer has yet; a click attached once is never moved. */
export async function attachClientClicks(
  db: Executor,
  uniqueClientId: string,
  customerId: number,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(affiliateClicks)
    .set({ customerId, attachedAt: now })
    .where(and(eq(affiliateClicks.uniqueClientId, uniqueClientId), isNull(affiliateClicks.attachedAt)))
    .returning({ id: affiliateClicks.id });
  return rows.length;
}
