import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/connect.ts';
import { installments, loanRollovers } from '../../db/schema/index.ts';
import { recordStatusChange } from '../../db/status-history.ts';
import { cancelInstallmentReminders } from '../push/index.ts';
import { insertAllocations, loanInstallments, updateInstallment, type PaymentRow } from './repository.ts';

/**
 * The settle core's `rolloverFee` branch (README "Rollover"): the rollover a fee payment pays (`loan_rollovers`, one
 * row per payment, written by RolloverPost with the payment) is applied when the payment settles and failed when it
 * fails, in the settle core's transaction and under the customer's loan lock.
 */

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

/**
 * Applies the rollover of a settled fee payment: the instalment rolled over → `rollovered` (history; the fee is
 * allocated to it), a new `notPaid` instalment on the new date with the quoted base, interest and total (next
 * number, history null → notPaid), the row `applied`, and the old instalment's unsent reminders cancelled (the new
 * instalment gets its own). True when applied; false when there was nothing pending to apply, or the instalment is
 * not payable any more (then the row is `failed`: the fee stays paid and nothing moves).
 */
export async function applyRolloverFee(
  tx: Executor,
  payment: PaymentRow,
  change: { changedBy: string; at: Date },
): Promise<boolean> {
  const rollover = await findRolloverOfPayment(tx, payment.id);
  if (!rollover || rollover.status !== 'pending') return false;
  const { at, changedBy } = change;
  const rows = await loanInstallments(tx, rollover.loanId);
  const from = rows.find((row) => row.id === rollover.fromInstallmentId);
  if (!from || (from.status !== 'notPaid' && from.status !== 'arranged')) {
    await setRolloverStatus(tx, rollover.id, 'failed', at);
    return false;
  }
  const reason = `rollover:${rollover.id}`;
  await insertAllocations(
    tx,
    payment.amountCents > 0
      ? [{ paymentId: payment.id, installmentId: from.id, amountCents: payment.amountCents, createdAt: at }]
      : [],
  );
  await updateInstallment(tx, from.id, {
    paidCents: from.paidCents + payment.amountCents,
    status: 'rollovered',
    paidAt: from.paidAt,
  });
  await recordStatusChange(tx, 'installment', {
    id: from.id,
    from: from.status,
    to: 'rollovered',
    changedBy,
    reason,
    at,
  });
  const number = Math.max(...rows.map((row) => row.number)) + 1;
  const [created] = await tx
    .insert(installments)
    .values({
      loanId: rollover.loanId,
      number,
      expectedDate: rollover.toDate,
      baseCents: rollover.newBaseCents,
      interestCents: rollover.newInterestCents,
      totalCents: rollover.newTotalCents,
      paidCents: 0,
      status: 'notPaid',
    })
    .returning({ id: installments.id });
  await recordStatusChange(tx, 'installment', { id: created!.id, from: null, to: 'notPaid', changedBy, reason, at });
  await tx
    .update(loanRollovers)
    .set({ status: 'applied', newInstallmentId: created!.id, appliedAt: at, updatedAt: at })
    .where(eq(loanRollovers.id, rollover.id));
  await cancelInstallmentReminders(tx, [from.id], at);
  return true;
}

/** A failed or abandoned fee payment: its rollover becomes `failed` (nothing moves). */
export async function failRolloverFee(tx: Executor, paymentId: number, at: Date): Promise<void> {
  await tx
    .update(loanRollovers)
    .set({ status: 'failed', updatedAt: at })
    .where(and(eq(loanRollovers.paymentId, paymentId), eq(loanRollovers.status, 'pending')));
}

async function setRolloverStatus(tx: Executor, id: number, status: 'failed', at: Date) {
  await tx.update(loanRollovers).set({ status, updatedAt: at }).where(eq(loanRollovers.id, id));
}
