import { daysBetweenIso } from '../../../shared/calendar.ts';
import { lockResource } from '../../db/locks.ts';
import { todayInMadrid } from '../../../shared/dates.ts';
import { earlyClosureAmount, earlyClosureParts } from '../../../shared/loan/early-closure.ts';
import {
  isPayableInstallment,
  payableInstallments,
  type PayableLoanView,
} from '../../../shared/loan/payment-amounts.ts';
import { eurosToCents, toCents } from '../../../shared/money.ts';
import { MINI_LOAN } from '../../../shared/loan-constants.ts';
import {
  ROLLOVER_FEE_PAYMENT,
  type PaymentOption,
  type PaymentPurpose,
  type PaymentSource,
  type PaymentStatus,
  customerPaymentStatus,
} from '../../../shared/payment-statuses.ts';
import type { Executor } from '../../db/connect.ts';
import { recordStatusChange, recordStatusChanges, type StatusChange } from '../../db/status-history.ts';
import { BusinessError } from '../../http/errors.ts';
import { updateCustomerLimit } from '../customer/index.ts';
import { insertLimitDecision } from '../decision/index.ts';
import { customerLoanLock, markWithdrawalRepaid, updateInstallment, updateLoanStatus } from '../loan/index.ts';
import { syncCollectionStatus } from './collection.ts';
import { applyRolloverFee, failRolloverFee } from './rollover-fee.ts';
import { findCustomerForPayment } from './repository/customers.ts';
import { findLoan, loanInstallments, type InstallmentRow, type LoanRow } from './repository/loans.ts';
import {
  findPayment,
  findPendingPayment,
  insertAllocations,
  insertPayment,
  lockPayment,
  updatePayment,
  type PaymentRow,
} from './repository/payments.ts';

/**
 * The settle core (docs/rules/payments.md "Payments"): every way of paying (card, bank transfer reconciliation, direct
 * transfer) creates a `pending` payment and then settles or fails it here, in the caller's transaction and under the
 * customer's loan lock (the loan request's `loan-request:customer:<id>`, re-entrant in one transaction), so a
 * payment is settled exactly once and two payments of one customer never interleave.
 */

/** Who changes the payment and when (history rows, settled_at). */
export interface PaymentChange {
  changedBy: string;
  at: Date;
}

export interface NewPendingPayment {
  customerId: number;
  loanId: number;
  installmentId?: number | null;
  paymentOption: PaymentPurpose;
  source: PaymentSource;
  cardId?: number | null;
  amountCents: number;
  providerReference?: string | null;
  message?: string;
  /** The Idempotency-Key of the call that creates it (its intent). */
  idempotencyKey?: string | null;
  /** The server instance that calls the provider for it. */
  instanceId?: string | null;
}

/** Takes the customer's loan lock in the transaction (the same lock as the loan request and the agreement). */
export const lockCustomerLoans = (tx: Executor, customerId: number) => lockResource(tx, customerLoanLock(customerId));

/** The loan as paymentQuote reads it: paid amounts from `paid_cents`, earlyClosureAmount from today. */
export function loanPayableView(loan: LoanRow, rows: readonly InstallmentRow[], today: string): PayableLoanView {
  return {
    status: loan.status,
    earlyClosureAmount: earlyClosureAmount(
      { issueDate: loan.issueDate, installments: rows.map(closureInstallment) },
      today,
    ),
    installments: rows.map((row) => ({
      id: row.id,
      status: row.status,
      expectedDate: row.expectedDate,
      totalPayment: toCents(row.totalCents),
      payments: row.paidCents > 0 ? [{ amount: toCents(row.paidCents) }] : [],
    })),
  };
}

/** An instalment row as the early-closure rule reads it (src/shared/loan/early-closure.ts). */
export const closureInstallment = (
  row: Pick<InstallmentRow, 'expectedDate' | 'status' | 'totalCents' | 'baseCents' | 'interestCents' | 'paidCents'>,
) => ({
  expectedDate: row.expectedDate,
  status: row.status,
  totalPayment: toCents(row.totalCents),
  base: toCents(row.baseCents),
  interest: toCents(row.interestCents),
  paid: toCents(row.paidCents),
});

/**
 * A card payment waiting this long for the customer's 3-D Secure was abandoned (the verification page closed): the
 * recovery job (./recovery.ts) voids its charge at the gateway and fails it, so a loan is never blocked for good. A
 * card payment without 3-D Secure is never failed by age: the job asks the gateway what became of it as soon as
 * nobody is charging it.
 */
export const PENDING_CARD_PAYMENT_TTL_MS = 10 * 60_000;
export const ABANDONED_PAYMENT_MESSAGE = 'El pago no se completó a tiempo. Por favor, inténtalo de nuevo.';
/** A card payment waiting for the customer's 3-D Secure, replaced by their next card payment of the loan. */
export const REPLACED_PAYMENT_MESSAGE =
  'Has iniciado un nuevo pago: este, pendiente de la verificación 3D Secure, se ha cancelado.';

/**
 * Inserts a `pending` payment with its history row, under the customer's loan lock. Another pending payment of the
 * loan → RequestInProgress (409; the partial unique index says the same across instances; the key is not kept, so
 * the same press may run again once it is over), unless it is a card payment that waits for the customer's 3-D
 * Secure (its charge asked for it and nothing is in flight: the customer closed the verification and pressed Pagar
 * again), replaced by a new card payment. A late end of a replaced verification settles nothing.
 *
 * `idempotencyKey` is the intent's key (the call's Idempotency-Key): a run of the same key after a crash finds this
 * payment by it. `instanceId` is the instance that is about to call the provider for it.
 */
export async function createPendingPayment(
  tx: Executor,
  input: NewPendingPayment,
  change: PaymentChange,
): Promise<PaymentRow> {
  await lockCustomerLoans(tx, input.customerId);
  const pending = await findPendingPayment(tx, input.loanId);
  if (pending) {
    const replaced =
      pending.source === 'debit-card' && pending.threeDsTrackId !== null && input.source === 'debit-card';
    if (!replaced) throw new BusinessError('RequestInProgress');
    await failPayment(tx, pending.id, REPLACED_PAYMENT_MESSAGE, change);
  }
  const payment = await insertPayment(tx, {
    customerId: input.customerId,
    loanId: input.loanId,
    installmentId: input.installmentId ?? null,
    paymentOption: input.paymentOption,
    source: input.source,
    cardId: input.cardId ?? null,
    amountCents: input.amountCents,
    status: 'pending',
    message: input.message ?? '',
    providerReference: input.providerReference ?? null,
    idempotencyKey: input.idempotencyKey ?? null,
    instanceId: input.instanceId ?? null,
    createdAt: change.at,
    updatedAt: change.at,
  });
  await recordStatusChange(tx, 'payment', {
    id: payment.id,
    from: null,
    to: 'pending',
    changedBy: change.changedBy,
    reason: input.source,
    at: change.at,
  });
  return payment;
}

export interface SettleResult {
  /** The payment's status after the call (success, or what it already was). */
  status: PaymentStatus;
  /** True when this call settled it (false: it was not pending any more). */
  settledNow: boolean;
  /** True when this payment made the loan repaid. */
  loanRepaid: boolean;
}

/** How a payment's amount goes to the instalments (pure; exported for tests). */
export function allocatePayment(
  view: PayableLoanView,
  option: PaymentOption,
  amountCents: number,
  closureParts: ReadonlyMap<number, number>,
): Array<{ installmentId: number; amountCents: number; paidOff: boolean }> {
  const payable = payableInstallments(view.installments);
  const result: Array<{ installmentId: number; amountCents: number; paidOff: boolean }> = [];
  let left = amountCents;
  for (const installment of payable) {
    if (left <= 0) break;
    const paid = installment.payments.reduce((sum, payment) => sum + payment.amount, 0);
    const remaining = Math.max(0, installment.totalPayment - paid);
    const due = option === 'closeLoan' ? (closureParts.get(installment.id) ?? remaining) : remaining;
    const take = Math.min(due, left);
    left -= take;
    result.push({ installmentId: installment.id, amountCents: take, paidOff: paid + take >= installment.totalPayment });
  }
  if (option === 'closeLoan') {
    // The early closure amount settles every payable instalment, whatever part of its total it was.
    const touched = new Set(result.map((row) => row.installmentId));
    for (const installment of payable) {
      if (!touched.has(installment.id)) result.push({ installmentId: installment.id, amountCents: 0, paidOff: true });
    }
    for (const row of result) row.paidOff = true;
  }
  // More than owed (a transfer of a larger amount): the rest stays with the last instalment paid.
  const last = result.at(-1);
  if (left > 0 && last) last.amountCents += left;
  return result;
}

/**
 * Settles a pending payment: allocation rows, instalments paid (paid_cents, paid_at, history), the loan repaid when
 * nothing payable is left (history; then the RTB limit growth), the payment success (settled_at, history), and the
 * customer's collection status. A payment that is not pending any more is left as it is (never settled twice).
 */
export async function settlePayment(tx: Executor, paymentId: number, change: PaymentChange): Promise<SettleResult> {
  const first = await findPayment(tx, paymentId);
  if (!first) throw new Error(`payment ${paymentId} not found`);
  await lockCustomerLoans(tx, first.customerId);
  const payment = await lockPayment(tx, paymentId);
  if (!payment || payment.status !== 'pending') {
    return { status: customerPaymentStatus(payment?.status ?? first.status), settledNow: false, loanRepaid: false };
  }
  const { at, changedBy } = change;
  const today = todayInMadrid(at);
  const option = payment.paymentOption;
  // A rollover fee is not allocated like a repayment: it applies the rollover it pays (docs/rules/payments.md
  // "Rollover").
  const isRolloverFee = option === ROLLOVER_FEE_PAYMENT;
  if (isRolloverFee) await applyRolloverFee(tx, payment, change);
  const loan = isRolloverFee ? undefined : await findLoan(tx, payment.loanId);
  const rows = loan ? await loanInstallments(tx, loan.id) : [];
  let loanRepaid = false;
  if (loan && !isRolloverFee) {
    const view = loanPayableView(loan, rows, today);
    const parts = earlyClosureParts({ issueDate: loan.issueDate, installments: rows.map(closureInstallment) }, today);
    const closure = new Map(rows.map((row, index) => [row.id, parts[index]!]));
    const allocation = allocatePayment(view, option, payment.amountCents, closure);
    await insertAllocations(
      tx,
      allocation
        .filter((row) => row.amountCents > 0)
        .map((row) => ({ paymentId, installmentId: row.installmentId, amountCents: row.amountCents, createdAt: at })),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const history: StatusChange<'installment'>[] = [];
    for (const part of allocation) {
      const row = byId.get(part.installmentId)!;
      const paidCents = row.paidCents + part.amountCents;
      const status = part.paidOff ? 'paid' : row.status;
      await updateInstallment(tx, row.id, { paidCents, status, paidAt: part.paidOff ? at : row.paidAt });
      if (status !== row.status) {
        history.push({ id: row.id, from: row.status, to: status, changedBy, reason: `payment:${paymentId}`, at });
      }
      byId.set(row.id, { ...row, paidCents, status, paidAt: part.paidOff ? at : row.paidAt });
    }
    await recordStatusChanges(tx, 'installment', history);
    const after = [...byId.values()];
    if ((loan.status === 'issued' || loan.status === 'arranged') && !after.some(isPayableInstallment)) {
      await updateLoanStatus(tx, loan.id, 'repaid', at);
      await recordStatusChange(tx, 'loan', {
        id: loan.id,
        from: loan.status,
        to: 'repaid',
        changedBy,
        reason: `payment:${paymentId}`,
        at,
      });
      loanRepaid = true;
      await markWithdrawalRepaid(tx, loan.id, at);
      await growLimitAfterRepayment(tx, payment.customerId, loan.id, after, at);
    }
  }
  await updatePayment(tx, paymentId, { status: 'success', settledAt: at, message: '', updatedAt: at });
  await recordStatusChange(tx, 'payment', { id: paymentId, from: 'pending', to: 'success', changedBy, at });
  await syncCollectionStatus(tx, payment.customerId, { today, changedBy, at });
  return { status: 'success', settledNow: true, loanRepaid };
}

/** Fails a pending payment with the Spanish message the customer reads; false when it was not pending. */
export async function failPayment(
  tx: Executor,
  paymentId: number,
  message: string,
  change: PaymentChange,
): Promise<boolean> {
  const first = await findPayment(tx, paymentId);
  if (!first) return false;
  await lockCustomerLoans(tx, first.customerId);
  const payment = await lockPayment(tx, paymentId);
  if (!payment || payment.status !== 'pending') return false;
  await updatePayment(tx, paymentId, { status: 'failed', message, updatedAt: change.at });
  if (payment.paymentOption === ROLLOVER_FEE_PAYMENT) await failRolloverFee(tx, paymentId, change.at);
  await recordStatusChange(tx, 'payment', {
    id: paymentId,
    from: 'pending',
    to: 'failed',
    changedBy: change.changedBy,
    reason: message.slice(0, 200),
    at: change.at,
  });
  return true;
}

/**
 * RTB limit growth (docs/rules/payments.md "Limit growth"): when a loan is repaid the customer becomes a returning
 * borrower (`is_rtb`); if no instalment of it was paid more than LIMIT_GROWTH_MAX_DAYS_LATE days after its date, the
 * credit limit grows by LIMIT_GROWTH_STEP_CENTS up to LIMIT_GROWTH_CAP_CENTS and the minipréstamo's by
 * MINI_LIMIT_GROWTH_STEP_CENTS up to the product's 600 €, with a `credit_decisions` row (trigger `loanRepaid`).
 * Customers in collection, legal or fraud statuses are not raised.
 */
export const LIMIT_GROWTH_STEP_CENTS = 100_000;
export const LIMIT_GROWTH_CAP_CENTS = 450_000;
export const MINI_LIMIT_GROWTH_STEP_CENTS = 10_000;
export const MINI_LIMIT_GROWTH_CAP_CENTS = eurosToCents(MINI_LOAN.amountMax);
export const LIMIT_GROWTH_MAX_DAYS_LATE = 30;

/** A limit grown by one step, never above its cap, never lowered. */
const grown = (current: number, step: number, cap: number) => Math.max(current, Math.min(cap, current + step));

async function growLimitAfterRepayment(
  tx: Executor,
  customerId: number,
  loanId: number,
  rows: readonly InstallmentRow[],
  at: Date,
) {
  const customer = await findCustomerForPayment(tx, customerId);
  if (!customer) return;
  const daysLate = Math.max(
    0,
    ...rows
      .filter((row) => row.status === 'paid' && row.paidAt)
      .map((row) => daysBetweenIso(row.expectedDate, todayInMadrid(row.paidAt!))),
  );
  const eligible =
    daysLate <= LIMIT_GROWTH_MAX_DAYS_LATE &&
    (customer.status === 'securityChecked' || customer.status === 'systemApproved');
  const limit = eligible
    ? grown(customer.creditLimitCents, LIMIT_GROWTH_STEP_CENTS, LIMIT_GROWTH_CAP_CENTS)
    : customer.creditLimitCents;
  const miniLimit = eligible
    ? grown(customer.miniLimitCents, MINI_LIMIT_GROWTH_STEP_CENTS, MINI_LIMIT_GROWTH_CAP_CENTS)
    : customer.miniLimitCents;
  const unchanged = limit === customer.creditLimitCents && miniLimit === customer.miniLimitCents;
  if (customer.isRtb && unchanged) return;
  await updateCustomerLimit(tx, customerId, {
    isRtb: true,
    creditLimitCents: limit,
    miniLimitCents: miniLimit,
    updatedAt: at,
  });
  if (unchanged) return;
  await insertLimitDecision(tx, {
    customerId,
    limitCents: limit,
    miniLimitCents: miniLimit,
    inputs: {
      loanId,
      previousLimitCents: customer.creditLimitCents,
      previousMiniLimitCents: customer.miniLimitCents,
      maxDaysLate: daysLate,
    },
    reasons: [
      { rule: 'repaidWithinDays', passed: true, detail: `${daysLate} ≤ ${LIMIT_GROWTH_MAX_DAYS_LATE}` },
      { rule: 'limitCap', passed: true, detail: `${limit} ≤ ${LIMIT_GROWTH_CAP_CENTS}` },
      { rule: 'miniLimitCap', passed: true, detail: `${miniLimit} ≤ ${MINI_LIMIT_GROWTH_CAP_CENTS}` },
    ],
    createdAt: at,
  });
}
