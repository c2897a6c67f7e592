import { todayInMadrid } from '../../../shared/dates.ts';
import { isPayableInstallment } from '../../../shared/loan/payment-amounts.ts';
import type { InstallmentStatus } from '../../../shared/loan-statuses.ts';
import {
  isReversedPaymentStatus,
  ROLLOVER_FEE_PAYMENT,
  type PaymentRowStatus,
  type ReversedPaymentStatus,
} from '../../../shared/payment-statuses.ts';
import type { Executor } from '../../db/connect.ts';
import { lockResource } from '../../db/locks.ts';
import {
  changesWithReason,
  recordStatusChange,
  recordStatusChanges,
  type StatusChange,
} from '../../db/status-history.ts';
import { BusinessError } from '../../http/errors.ts';
import { markWithdrawalRepaid, reopenWithdrawal, updateInstallment, updateLoanStatus } from '../loan/index.ts';
import { syncCollectionStatus } from './collection.ts';
import { loanState, statementLineLock } from './manual.ts';
import { findLoan, loanInstallments, type InstallmentRow, type LoanRow } from './repository/loans.ts';
import {
  findAllocations,
  findLoanPaymentRows,
  findPayment,
  lockPayment,
  updatePayment,
  type PaymentRow,
} from './repository/payments.ts';
import {
  findStatementLineByExternalId,
  findStatementLineOfPayment,
  markStatementLineMatched,
  markStatementLineUnmatched,
  type StatementLineRow,
} from './repository/statement-lines.ts';
import { lockCustomerLoans, type PaymentChange } from './settle.ts';
import { PAYMENT_TEXTS } from './texts.ts';

/**
 * A settled payment taken back, and put back (docs/rules/payments.md "Annulled payments"): the back office's
 * `deletePayment` (a bank transfer matched by mistake: its line goes back to the reconciliation), a chargeback (the
 * card's bank returned the money to the customer) and `undeletePayment`. Each is one transaction under the payment's
 * statement line lock (when it has one), then the customer's loan lock — the order every payment path takes — and
 * undoes or redoes exactly what the settle core did: the allocation rows stay, the instalments lose or regain their
 * cents and the statuses the payment gave them (the history rows `payment:<id>` say which), the loan its `repaid`,
 * the withdrawal its return; then the collection status follows. Only the loan's last settled payment is taken
 * back, so what is undone is exactly what that payment did.
 */

export type PaymentReversal = ReversedPaymentStatus;
type RefusalCode = ConstructorParameters<typeof BusinessError>[0];

const STATEMENT_REFERENCE = 'bank-statement:';

/** A loan whose payments may still be changed: running, or repaid (by its last payment). */
const CHANGEABLE_LOAN_STATUSES = new Set<LoanRow['status']>(['issued', 'arranged', 'repaid']);

/** The statement line a bank-transfer payment came from (its reference names it), whatever its state now. */
export async function lineOf(db: Executor, payment: PaymentRow): Promise<StatementLineRow | undefined> {
  if (payment.source !== 'bank-transfer') return undefined;
  const byPayment = await findStatementLineOfPayment(db, payment.id);
  if (byPayment) return byPayment;
  const reference = payment.providerReference ?? '';
  if (!reference.startsWith(STATEMENT_REFERENCE)) return undefined;
  return findStatementLineByExternalId(db, reference.slice(STATEMENT_REFERENCE.length));
}

export interface LockedPayment {
  payment: PaymentRow;
  loan: LoanRow;
  line: StatementLineRow | undefined;
}

/**
 * The payment with its loan and statement line, locked in that order (line, the customer's loans, the payment row);
 * undefined for an unknown payment.
 */
export async function lockPaymentForChange(tx: Executor, paymentId: number): Promise<LockedPayment | undefined> {
  const first = await findPayment(tx, paymentId);
  if (!first) return undefined;
  const firstLine = await lineOf(tx, first);
  if (firstLine) await lockResource(tx, statementLineLock(firstLine.id));
  await lockCustomerLoans(tx, first.customerId);
  const payment = (await lockPayment(tx, paymentId))!;
  const loan = (await findLoan(tx, payment.loanId))!;
  return { payment, loan, line: firstLine ? await lineOf(tx, payment) : undefined };
}

/** A loan's status and its payments: what decides whether one of them may be taken back or put back. */
export interface LoanPayments {
  loanStatus: LoanRow['status'];
  /** When an interest-free first loan's promotion lapsed (its instalment's interest grew): null otherwise. */
  interestFreeLapsedAt: Date | null;
  payments: ReadonlyArray<Pick<PaymentRow, 'id' | 'status' | 'settledAt' | 'source' | 'paymentOption'>>;
}

const settledTime = (payment: Pick<PaymentRow, 'settledAt'>) => payment.settledAt?.getTime() ?? 0;

type SettledOrder = Pick<PaymentRow, 'id' | 'settledAt'>;
/** Whether `a` was settled after `b` (by when, then by id: one instant may settle two). */
const settledAfter = (a: SettledOrder, b: SettledOrder) =>
  settledTime(a) > settledTime(b) || (settledTime(a) === settledTime(b) && a.id > b.id);

/** The loan's last settled payment: by when it was settled, then by id. */
function lastSettled(loan: LoanPayments) {
  let last: LoanPayments['payments'][number] | undefined;
  for (const payment of loan.payments) {
    if (payment.status === 'success' && (!last || settledAfter(payment, last))) last = payment;
  }
  return last;
}

/** Why the loan's payment `paymentId` cannot be taken back as `kind` now, or null (pure: the list shows it too). */
export function reversalRefusal(loan: LoanPayments, paymentId: number, kind: PaymentReversal): RefusalCode | null {
  const payment = loan.payments.find((row) => row.id === paymentId);
  if (!payment || payment.status !== 'success') return 'PaymentNotSettled';
  if (kind === 'deleted' && payment.source !== 'bank-transfer') return 'PaymentNotTransfer';
  if (kind === 'chargedBack' && payment.source !== 'debit-card') return 'PaymentNotCard';
  if (payment.paymentOption === ROLLOVER_FEE_PAYMENT || !CHANGEABLE_LOAN_STATUSES.has(loan.loanStatus)) {
    return 'PaymentLoanChanged';
  }
  if (lastSettled(loan)?.id !== payment.id) return 'PaymentNotLast';
  if (loan.payments.some((row) => row.status === 'pending')) return 'RequestInProgress';
  return null;
}

/** Why the loan's annulled or charged-back payment cannot be put back now, or null (pure, as above). */
export function restoreRefusal(
  loan: LoanPayments,
  paymentId: number,
  line: Pick<StatementLineRow, 'status' | 'paymentId'> | undefined,
): RefusalCode | null {
  const payment = loan.payments.find((row) => row.id === paymentId);
  if (!payment || !isReversedPaymentStatus(payment.status)) return 'PaymentNotReversed';
  const last = lastSettled(loan);
  if (last && settledAfter(last, payment)) return 'PaymentRestoreBlocked';
  if (loan.loanStatus !== 'issued' && loan.loanStatus !== 'arranged') return 'PaymentLoanChanged';
  // An interest-free first loan whose promotion lapsed since the payment (its interest grew while it stood unpaid):
  // putting the payment back would call paid an instalment it no longer covers. A discount (P4) settles that case.
  if (loan.interestFreeLapsedAt && loan.interestFreeLapsedAt > (payment.settledAt ?? loan.interestFreeLapsedAt)) {
    return 'PaymentLoanChanged';
  }
  if (loan.payments.some((row) => row.status === 'pending')) return 'RequestInProgress';
  if (line && line.status === 'matched' && line.paymentId !== payment.id) return 'StatementLineReassigned';
  return null;
}

/** A loan and its payments as the refusals read them. */
export const loanPaymentsFrom = (loan: LoanRow, payments: LoanPayments['payments']): LoanPayments => ({
  loanStatus: loan.status,
  interestFreeLapsedAt: loan.interestFreeLapsedAt,
  payments,
});

/** The locked payment's loan and payments as the refusals read them. */
export async function loanPaymentsOf(tx: Executor, { loan }: LockedPayment): Promise<LoanPayments> {
  return loanPaymentsFrom(loan, await findLoanPaymentRows(tx, loan.id));
}

/** What the audit keeps of a payment and its loan around a change. */
export interface PaymentChangeRecord {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

const paymentState = (payment: Pick<PaymentRow, 'id' | 'status' | 'amountCents'>, line?: StatementLineRow) => ({
  payment: { id: payment.id, status: payment.status, amountCents: payment.amountCents },
  ...(line ? { statementLine: { id: line.id, status: line.status, paymentId: line.paymentId } } : {}),
});

/** The cents the payment put on each instalment, and the status each instalment had before it (those it paid). */
async function whatItDid(tx: Executor, payment: PaymentRow, rows: readonly InstallmentRow[]) {
  const cents = new Map<number, number>();
  for (const row of await findAllocations(tx, payment.id)) {
    cents.set(row.installmentId, (cents.get(row.installmentId) ?? 0) + row.amountCents);
  }
  const reason = `payment:${payment.id}`;
  const statusBefore = new Map<number, InstallmentStatus>();
  for (const change of await changesWithReason(
    tx,
    'installment',
    rows.map((row) => row.id),
    reason,
  )) {
    if (change.to === 'paid' && change.from !== null && !statusBefore.has(change.entityId)) {
      statusBefore.set(change.entityId, change.from);
    }
  }
  const loanChange = (await changesWithReason(tx, 'loan', [payment.loanId], reason)).find((c) => c.to === 'repaid');
  return { cents, statusBefore, loanBefore: loanChange?.from ?? null };
}

/**
 * Takes a settled payment back (`deleted` or `chargedBack`) after `reversalRefusal` found nothing against it: what
 * the payment paid is unpaid again, a loan it repaid runs again (the limit growth of that repayment stays: the credit
 * decision happened and the history says so), its statement line waits in the reconciliation again.
 */
export async function reversePayment(
  tx: Executor,
  locked: LockedPayment,
  kind: PaymentReversal,
  change: PaymentChange,
): Promise<PaymentChangeRecord> {
  const { payment, loan, line } = locked;
  const { at, changedBy } = change;
  const rows = await loanInstallments(tx, loan.id);
  const { cents, statusBefore, loanBefore } = await whatItDid(tx, payment, rows);
  // A repaid loan whose repayment was not this payment's (nothing else repays one today): nothing to undo safely.
  if (loan.status === 'repaid' && loanBefore === null) throw new BusinessError('PaymentLoanChanged');
  const reason = `${kind === 'deleted' ? 'paymentDeleted' : 'chargeback'}:${payment.id}`;
  const history: StatusChange<'installment'>[] = [];
  for (const row of rows) {
    const taken = cents.get(row.id) ?? 0;
    const before = statusBefore.get(row.id);
    if (taken === 0 && before === undefined) continue;
    if (row.paidCents < taken) throw new BusinessError('PaymentLoanChanged');
    const status = before !== undefined && row.status === 'paid' ? before : row.status;
    await updateInstallment(tx, row.id, {
      paidCents: row.paidCents - taken,
      status,
      paidAt: status === 'paid' ? row.paidAt : null,
    });
    if (status !== row.status) history.push({ id: row.id, from: row.status, to: status, changedBy, reason, at });
  }
  await recordStatusChanges(tx, 'installment', history);
  if (loan.status === 'repaid' && loanBefore !== null) {
    await updateLoanStatus(tx, loan.id, loanBefore, at);
    await recordStatusChange(tx, 'loan', { id: loan.id, from: 'repaid', to: loanBefore, changedBy, reason, at });
    await reopenWithdrawal(tx, loan.id, at);
  }
  const message = kind === 'deleted' ? PAYMENT_TEXTS.deleted : PAYMENT_TEXTS.chargedBack;
  await updatePayment(tx, payment.id, { status: kind, message, updatedAt: at });
  await recordStatusChange(tx, 'payment', { id: payment.id, from: 'success', to: kind, changedBy, reason, at });
  if (line) await markStatementLineUnmatched(tx, line.id);
  await syncCollectionStatus(tx, payment.customerId, { today: todayInMadrid(at), changedBy, at });
  return recordOf(tx, locked, rows, kind);
}

/**
 * Puts an annulled or charged-back payment back as it was (`undeletePayment`), after `restoreRefusal` found nothing
 * against it: its allocations count again, the instalments it paid are paid again (on the day it was settled), a loan
 * it repaid is repaid again, and a transfer's line is matched to it again by the approving administrator.
 */
export async function restorePayment(
  tx: Executor,
  locked: LockedPayment,
  change: PaymentChange & { staffId: number },
): Promise<PaymentChangeRecord> {
  const { payment, loan, line } = locked;
  const { at, changedBy } = change;
  const rows = await loanInstallments(tx, loan.id);
  const { cents, statusBefore, loanBefore } = await whatItDid(tx, payment, rows);
  const reason = `paymentRestored:${payment.id}`;
  const history: StatusChange<'installment'>[] = [];
  const after = new Map(rows.map((row) => [row.id, row]));
  for (const row of rows) {
    const added = cents.get(row.id) ?? 0;
    const paidByIt = statusBefore.has(row.id);
    if (added === 0 && !paidByIt) continue;
    const status: InstallmentStatus = paidByIt ? 'paid' : row.status;
    const values = {
      paidCents: row.paidCents + added,
      status,
      paidAt: paidByIt ? (payment.settledAt ?? at) : row.paidAt,
    };
    await updateInstallment(tx, row.id, values);
    after.set(row.id, { ...row, ...values });
    if (status !== row.status) history.push({ id: row.id, from: row.status, to: status, changedBy, reason, at });
  }
  await recordStatusChanges(tx, 'installment', history);
  if (loanBefore !== null && ![...after.values()].some(isPayableInstallment)) {
    await updateLoanStatus(tx, loan.id, 'repaid', at);
    await recordStatusChange(tx, 'loan', { id: loan.id, from: loan.status, to: 'repaid', changedBy, reason, at });
    await markWithdrawalRepaid(tx, loan.id, at);
  }
  const from = payment.status as PaymentRowStatus;
  await updatePayment(tx, payment.id, { status: 'success', message: '', updatedAt: at });
  await recordStatusChange(tx, 'payment', { id: payment.id, from, to: 'success', changedBy, reason, at });
  if (line) {
    await markStatementLineMatched(tx, line.id, {
      paymentId: payment.id,
      matchedByStaffId: change.staffId,
      matchedAt: at,
    });
  }
  await syncCollectionStatus(tx, payment.customerId, { today: todayInMadrid(at), changedBy, at });
  return recordOf(tx, locked, rows, 'success');
}

/** The audit record's before (as locked) and after (read again) of the payment, its line and its loan. */
async function recordOf(
  tx: Executor,
  { payment, loan, line }: LockedPayment,
  rowsBefore: readonly InstallmentRow[],
  status: PaymentRowStatus,
): Promise<PaymentChangeRecord> {
  const loanAfter = (await findLoan(tx, loan.id))!;
  const lineAfter = line ? await findStatementLineByExternalId(tx, line.externalId) : undefined;
  return {
    before: { ...paymentState(payment, line), ...loanState(loan, rowsBefore) },
    after: {
      ...paymentState({ ...payment, status }, lineAfter),
      ...loanState(loanAfter, await loanInstallments(tx, loan.id)),
    },
  };
}

/** What a staff member asks of a payment: take it back (`deleted`, `chargedBack`) or put it back (`restore`). */
export type PaymentChangeKind = PaymentReversal | 'restore';

/** The payment as a proposal keeps it (`current`): its approval compares the status. */
export interface ProposedPayment {
  id: number;
  loanId: number;
  customerId: number;
  amountCents: number;
  source: PaymentRow['source'];
  status: PaymentRowStatus;
  settledAt: string | null;
}

const refusalOf = (loan: LoanPayments, locked: Pick<LockedPayment, 'payment' | 'line'>, change: PaymentChangeKind) =>
  change === 'restore'
    ? restoreRefusal(loan, locked.payment.id, locked.line)
    : reversalRefusal(loan, locked.payment.id, change);

/**
 * A proposal's check (no lock: its approval checks again under the locks): the payment of a customer the staff
 * member may see (else 404 `StaffPaymentNotFound`), refused with the code that stops the change now.
 */
export async function paymentForProposal(
  db: Executor,
  paymentId: number,
  change: PaymentChangeKind,
  /** Throws when the staff member may not see this customer. */
  checkScope: (customerId: number) => Promise<void>,
): Promise<ProposedPayment> {
  const payment = await findPayment(db, paymentId);
  if (!payment) throw new BusinessError('StaffPaymentNotFound');
  try {
    await checkScope(payment.customerId);
  } catch (error) {
    // Another company's customer's payment is not found, as an unknown one.
    if (error instanceof BusinessError) throw new BusinessError('StaffPaymentNotFound');
    throw error;
  }
  const loan = (await findLoan(db, payment.loanId))!;
  const loanPayments = loanPaymentsFrom(loan, await findLoanPaymentRows(db, loan.id));
  const refusal = refusalOf(loanPayments, { payment, line: await lineOf(db, payment) }, change);
  if (refusal) throw new BusinessError(refusal);
  return {
    id: payment.id,
    loanId: payment.loanId,
    customerId: payment.customerId,
    amountCents: payment.amountCents,
    source: payment.source,
    status: payment.status,
    settledAt: payment.settledAt?.toISOString() ?? null,
  };
}

/**
 * An approved proposal's change, in the approval's transaction: under the locks, the payment must still have the
 * status it was proposed with (else `PaymentProposalOutdated`) and nothing may stop the change now; then it is
 * taken back or put back. Returns what the payment's audit record keeps.
 */
export async function applyPaymentChange(
  tx: Executor,
  input: { paymentId: number; change: PaymentChangeKind; proposedStatus: PaymentRowStatus; staffId: number; at: Date },
): Promise<PaymentChangeRecord & { customerId: number }> {
  const locked = await lockPaymentForChange(tx, input.paymentId);
  if (!locked) throw new BusinessError('StaffPaymentNotFound');
  if (locked.payment.status !== input.proposedStatus) throw new BusinessError('PaymentProposalOutdated');
  const refusal = refusalOf(await loanPaymentsOf(tx, locked), locked, input.change);
  if (refusal) throw new BusinessError(refusal);
  const change = { changedBy: `staff:${input.staffId}`, at: input.at };
  const record =
    input.change === 'restore'
      ? await restorePayment(tx, locked, { ...change, staffId: input.staffId })
      : await reversePayment(tx, locked, input.change, change);
  return { ...record, customerId: locked.payment.customerId };
}
