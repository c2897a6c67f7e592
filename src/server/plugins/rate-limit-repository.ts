import { and, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';
import { rateLimitCounters } from '../db/schema/index.ts';

/**
 * All SQL of the shared rate-limit counters (the mechanism is ./rate-limit-counters.ts). A counter is a fixed window
 * per (budget, key): `hits` until `reset_at`; a hit on a window that is over starts the next one. Each statement is
 * one atomic upsert, so any number of server instances count into the same row without losing a hit.
 */

export interface CounterTotal {
  budget: string;
  key: string;
  /** Every instance's hits in the window, this one included. */
  hits: number;
  resetAt: Date;
}

/** Hits are capped below the column's maximum: a flood of refused requests cannot overflow the integer. */
const HITS_CAP = 2_000_000_000;

const windowOver = (now: Date) => sql`${rateLimitCounters.resetAt} <= ${now.toISOString()}::timestamptz`;

/** The upsert's SET: the new hits added to the window, or the window restarted with them when it is over. */
const addOrRestart = (now: Date) => ({
  hits: sql`case when ${windowOver(now)} then excluded.hits else least(${rateLimitCounters.hits} + excluded.hits, ${HITS_CAP}) end`,
  resetAt: sql`case when ${windowOver(now)} then excluded.reset_at else ${rateLimitCounters.resetAt} end`,
});

/** Counts one hit of `key` in `budget` (one statement) and answers the window's total and end. */
export async function countHit(
  db: Executor,
  hit: { budget: string; key: string; now: Date; timeWindowMs: number },
): Promise<CounterTotal> {
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ budget: hit.budget, key: hit.key, hits: 1, resetAt: new Date(hit.now.getTime() + hit.timeWindowMs) })
    .onConflictDoUpdate({ target: [rateLimitCounters.budget, rateLimitCounters.key], set: addOrRestart(hit.now) })
    .returning();
  if (!row) throw new Error('rate-limit counter upsert returned no row');
  return row;
}

/**
 * Adds the hits an instance counted locally since its last sync (one statement for all of them) and answers the
 * shared totals of those counters. `resetAt` of a row is the end of the instance's local window: used only when the
 * shared window is over or absent.
 */
export async function addHits(db: Executor, rows: readonly CounterTotal[], now: Date): Promise<CounterTotal[]> {
  if (rows.length === 0) return [];
  return db
    .insert(rateLimitCounters)
    .values(rows.map(({ budget, key, hits, resetAt }) => ({ budget, key, hits, resetAt })))
    .onConflictDoUpdate({ target: [rateLimitCounters.budget, rateLimitCounters.key], set: addOrRestart(now) })
    .returning();
}

/** Deletes the counters whose window is over (a later hit starts a new one anyway), of budgets starting `prefix`. */
export async function purgeExpiredCounters(db: Executor, prefix: string, now: Date): Promise<number> {
  const deleted = await db
    .delete(rateLimitCounters)
    .where(
      and(
        lte(rateLimitCounters.resetAt, now),
        prefix === '' ? undefined : sql`starts_with(${rateLimitCounters.budget}, ${prefix})`,
      ),
    )
    .returning({ budget: rateLimitCounters.budget });
  return deleted.length;
}
