import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';
import { oneTimeCodes } from '../db/schema/index.ts';
import { lockResource } from '../db/locks.ts';

/**
 * SQL of the one-time SMS codes (`one_time_codes`): one row per code sent, only its HMAC stored. The live code of a
 * phone and purpose is the newest row, while it is unused, unexpired and has attempts left.
 */

export interface OneTimeCodeRow {
  id: number;
  codeHash: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  attempts: number;
}

const rowColumns = {
  id: oneTimeCodes.id,
  codeHash: oneTimeCodes.codeHash,
  createdAt: oneTimeCodes.createdAt,
  expiresAt: oneTimeCodes.expiresAt,
  usedAt: oneTimeCodes.usedAt,
  attempts: oneTimeCodes.attempts,
};

const ofPhoneAndPurpose = (phone: string, purpose: string) =>
  and(eq(oneTimeCodes.phone, phone), eq(oneTimeCodes.purpose, purpose));

/**
 * Serialises the issuing and checking of codes of one phone and purpose until the transaction ends (PostgreSQL
 * advisory lock), so two requests at once cannot both pass the resend wait or both use one code.
 */
export async function lockCodesOf(tx: Executor, phone: string, purpose: string): Promise<void> {
  await lockResource(tx, `one-time-code:${purpose}:${phone}`);
}

/** The newest code of a phone and purpose (whatever its state), or null. */
export async function findLatestCode(db: Executor, phone: string, purpose: string): Promise<OneTimeCodeRow | null> {
  const [row] = await db
    .select(rowColumns)
    .from(oneTimeCodes)
    .where(ofPhoneAndPurpose(phone, purpose))
    .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
    .limit(1);
  return row ?? null;
}

/** How many codes of a phone and purpose were created after `since`, and when the oldest of them was. */
export async function countCodesSince(
  db: Executor,
  phone: string,
  purpose: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ count: count(), oldest: sql<string | null>`min(${oneTimeCodes.createdAt})` })
    .from(oneTimeCodes)
    .where(and(ofPhoneAndPurpose(phone, purpose), gt(oneTimeCodes.createdAt, since)));
  return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** Ends every code of the phone and purpose still usable (a new one replaces them, or the phone changed). */
export async function expireLiveCodes(db: Executor, phone: string, purpose: string, now: Date): Promise<number> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ expiresAt: now })
    .where(and(ofPhoneAndPurpose(phone, purpose), isNull(oneTimeCodes.usedAt), gt(oneTimeCodes.expiresAt, now)))
    .returning({ id: oneTimeCodes.id });
  return rows.length;
}

export async function insertCode(
  db: Executor,
  row: { phone: string; purpose: string; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<number> {
  const [inserted] = await db.insert(oneTimeCodes).values(row).returning({ id: oneTimeCodes.id });
  if (!inserted) throw new Error('one-time code insert returned nothing');
  return inserted.id;
}

/** A code that could not be delivered: gone, so the resend wait does not count it. */
export async function deleteCode(db: Executor, id: number): Promise<void> {
  await db.delete(oneTimeCodes).where(eq(oneTimeCodes.id, id));
}

/** Uses the code once: false when it was used, expired or exhausted in the meantime. */
export async function consumeCode(db: Executor, id: number, now: Date, maxAttempts: number): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeCodes.id, id),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
        sql`${oneTimeCodes.attempts} < ${maxAttempts}`,
      ),
    )
    .returning({ id: oneTimeCodes.id });
  return rows.length > 0;
}

/** One more wrong attempt on an unused code; the new count, or null when the code was used meanwhile. */
export async function countWrongAttempt(db: Executor, id: number): Promise<number | null> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.usedAt)))
    .returning({ attempts: oneTimeCodes.attempts });
  return row?.attempts ?? null;
}
