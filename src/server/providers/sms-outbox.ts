import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';
import { smsOutbox } from '../db/schema/index.ts';

export interface OutboxSms {
  id: number;
  phone: string;
  text: string;
  purpose: string;
  provider: string;
  createdAt: Date;
}

export async function insertOutboxSms(db: Executor, row: Omit<OutboxSms, 'id'>): Promise<number> {
  const [inserted] = await db.insert(smsOutbox).values(row).returning({ id: smsOutbox.id });
  if (!inserted) throw new Error('SMS outbox insert returned nothing');
  return inserted.id;
}

/** The SMS sent to a phone, newest first. */
export async function listOutboxSms(db: Executor, phone: string, limit = 50): Promise<OutboxSms[]> {
  return db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(limit);
}

/** Set read_at of one SMS, the first time only; true when this call set it. */
export async function markSmsRead(db: Executor, smsId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(smsOutbox)
    .set({ readAt: now })
    .where(and(eq(smsOutbox.id, smsId), isNull(smsOutbox.readAt)))
    .returning({ id: smsOutbox.id });
  return rows.length > 0;
}

export interface OutboxSmsSent extends OutboxSms {
  readAt: Date | null;
}

/** The `limit` newest SMS sent to a phone (by sending time, then id), and how many there are in all. */
export async function newestOutboxSms(
  db: Executor,
  phone: string,
  limit: number,
): Promise<{ rows: OutboxSmsSent[]; total: number }> {
  const rows = await db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone))
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(limit);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone));
  return { rows, total: Number(counted?.total ?? 0) };
}
