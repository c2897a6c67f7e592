import type { Executor } from '../../db/connect.ts';
import { recordStatusChange } from '../../db/status-history.ts';
import { cancelInstallmentReminders } from '../push/index.ts';
import { insertInstallment, updateInstallment } from '../loan/index.ts';
import { loanInstallments } from './repository/loans.ts';
import { insertAllocations, type PaymentRow } from './repository/payments.ts';
import {
  failPendingRolloverOfPayment,
  findRolloverOfPayment,
  markRolloverApplied,
  markRolloverFailed,
} from './repository/rollovers.ts';

/**
 * The settle core's `rolloverFee` branch (docs/rules/payments.md "Rollover"): the rollover a fee payment pays
 * (`loan_rollovers`, one row per payment, written by RolloverPost with the payment) is applied when the payment settles
 * and failed when it fails, in the settle core's transaction and under the customer's loan lock.
 */

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
    await markRolloverFailed(tx, rollover.id, at);
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
  const created = await insertInstallment(tx, {
    loanId: rollover.loanId,
    number,
    expectedDate: rollover.toDate,
    baseCents: rollover.newBaseCents,
    interestCents: rollover.newInterestCents,
    totalCents: rollover.newTotalCents,
    paidCents: 0,
    status: 'notPaid',
  });
  await recordStatusChange(tx, 'installment', { id: created.id, from: null, to: 'notPaid', changedBy, reason, at });
  await markRolloverApplied(tx, rollover.id, created.id, at);
  await cancelInstallmentReminders(tx, [from.id], at);
  return true;
}

/** A failed or abandoned fee payment: its rollover becomes `failed` (nothing moves). */
export async function failRolloverFee(tx: Executor, paymentId: number, at: Date): Promise<void> {
  await failPendingRolloverOfPayment(tx, paymentId, at);
}
