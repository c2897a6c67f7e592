import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/connect.ts';
import { loanRollovers } from '../../../db/schema/index.ts';

/** Rollovers (the settle core's `rolloverFee` branch; docs/rules/payments.md "Rollover"). */

export type RolloverRow = typeof loanRollovers.$inferSelect;
export type NewRolloverRow = typeof loanRollovers.$inferInsert;

export async function insertRollover(db: Executor, values: NewRolloverRow): Promise<RolloverRow> {
  const [row] = await db.insert(loanRollovers).values(values).returning();
  return row!;
}

export async function findRolloverOfPayment(db: Executor, paymentId: number): Promise<RolloverRow | undefined> {
  const [row] = await db.select().from(loanRollovers).where(eq(loanRollovers.paymentId, paymentId)).limit(1);
  return row;
}

export async function markRolloverApplied(db: Executor, id: number, newInstallmentId: number, at: Date) {
  await db
    .update(loanRollovers)
    .set({ status: 'applied', newInstallmentId, appliedAt: at, updatedAt: at })
    .where(eq(loanRollovers.id, id));
}

export async function markRolloverFailed(db: Executor, id: number, at: Date) {
  await db.update(loanRollovers).set({ status: 'failed', updatedAt: at }).where(eq(loanRollovers.id, id));
}

/** The rollover of a failed or abandoned fee payment, while pending. */
export async function failPendingRolloverOfPayment(db: Executor, paymentId: number, at: Date) {
  await db
    .update(loanRollovers)
    .set({ status: 'failed', updatedAt: at })
    .where(and(eq(loanRollovers.paymentId, paymentId), eq(loanRollovers.status, 'pending')));
}
