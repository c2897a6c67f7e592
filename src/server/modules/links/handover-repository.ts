import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect.ts';
import { handoverIntroductions } from '../../db/schema/index.ts';

/**
 * Handover introductions' SQL (`handover_introductions`): found by the SHA-256 of their id only; "live" means not
 * used, not voided and not expired at `now`.
 */

export interface LiveIntroduction {
  id: number;
  customerId: number;
  expiresAt: Date;
  wrongCodes: number;
}

const live = (now: Date) =>
  and(
    isNull(handoverIntroductions.usedAt),
    isNull(handoverIntroductions.voidedAt),
    gt(handoverIntroductions.expiresAt, now),
  );

/** Voids the customer's live introductions ('replaced' by a newer one); answers how many. */
export async function voidLiveIntroductions(tx: Executor, customerId: number, now: Date): Promise<number> {
  const rows = await tx
    .update(handoverIntroductions)
    .set({ voidedAt: now, voidReason: 'replaced' })
    .where(and(eq(handoverIntroductions.customerId, customerId), live(now)))
    .returning({ id: handoverIntroductions.id });
  return rows.length;
}

export async function insertIntroduction(
  tx: Executor,
  row: { idHash: string; customerId: number; createdByStaffId: number; createdAt: Date; expiresAt: Date },
): Promise<number> {
  const [inserted] = await tx.insert(handoverIntroductions).values(row).returning({ id: handoverIntroductions.id });
  if (!inserted) throw new Error('handover introduction insert returned nothing');
  return inserted.id;
}

/** The live introduction with this hash (locked until the transaction ends when `forUpdate`), or null. */
export async function findLiveIntroduction(
  db: Executor,
  idHash: string,
  now: Date,
  options: { forUpdate?: boolean } = {},
): Promise<LiveIntroduction | null> {
  const query = db
    .select({
      id: handoverIntroductions.id,
      customerId: handoverIntroductions.customerId,
      expiresAt: handoverIntroductions.expiresAt,
      wrongCodes: handoverIntroductions.wrongCodes,
    })
    .from(handoverIntroductions)
    .where(and(eq(handoverIntroductions.idHash, idHash), live(now)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** Uses the introduction up (single use): false when it was not live any more. */
export async function markIntroductionUsed(tx: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(handoverIntroductions)
    .set({ usedAt: now })
    .where(and(eq(handoverIntroductions.id, id), live(now)))
    .returning({ id: handoverIntroductions.id });
  return rows.length === 1;
}

/**
 * Counts one wrong code; the `limit`-th voids the introduction ('wrongCodes'). Answers the wrong codes so far.
 */
export async function countWrongCode(tx: Executor, id: number, limit: number, now: Date): Promise<number> {
  const [row] = await tx
    .update(handoverIntroductions)
    .set({
      wrongCodes: sql`${handoverIntroductions.wrongCodes} + 1`,
      voidedAt: sql`case when ${handoverIntroductions.wrongCodes} + 1 >= ${limit} then ${now.toISOString()}::timestamptz else ${handoverIntroductions.voidedAt} end`,
      voidReason: sql`case when ${handoverIntroductions.wrongCodes} + 1 >= ${limit} then 'wrongCodes' else ${handoverIntroductions.voidReason} end`,
    })
    .where(eq(handoverIntroductions.id, id))
    .returning({ wrongCodes: handoverIntroductions.wrongCodes });
  return row?.wrongCodes ?? limit;
}
