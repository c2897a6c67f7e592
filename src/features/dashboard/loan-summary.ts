import type { Installment, Loan } from '../../shared/api/loan-schemas.ts';
import { sumCents, toCents, type Cents } from '../../shared/money.ts';
import { byDate } from '../../lib/loans/loan-display.ts';
import { installmentRemaining, isPayableInstallment } from '../../shared/loan/payment-amounts.ts';
import {
  isActiveLoanStatus,
  openLoanStatuses,
  type InstallmentStatus,
  type LoanStatus,
} from '../../shared/loan-statuses.ts';

/**
 * What the credit summary shows of a loan (second document §2, §3, §4): the debt, the next repayment date(s), the
 * status label (the synthetic 'No pagado' included), read on today's date in Madrid (`YYYY-MM-DD`).
 */

/** Instalments still owed: not paid, or under a payment arrangement (restructured and rollovered ones are replaced). */
export const isOwed = (installment: Installment): boolean => isPayableInstallment(installment);

/** What remains unpaid of an instalment: its total minus what was paid on it, never below 0. */
export const unpaidCents = (installment: Installment): Cents =>
  isOwed(installment) ? installmentRemaining(installment) : toCents(0);

/**
 * 'Cuotas: {paid} de {count} pagadas': the loan's instalments as they stand now. Those a rollover or a restructure
 * replaced are left out: a minipréstamo rolled over still has one repayment (0 de 1, not 0 de 2), and a 12-instalment
 * loan with 5 paid and 7 restructured into 3 reads 5 de 8.
 */
export function installmentCounts(installments: readonly { readonly status: InstallmentStatus }[]): {
  paid: number;
  count: number;
} {
  const current = installments.filter(
    (installment) => installment.status !== 'rollovered' && installment.status !== 'restructured',
  );
  return { paid: current.filter((installment) => installment.status === 'paid').length, count: current.length };
}

/** The debt: the sum of what remains unpaid of the loan's instalments, in cents. */
export const loanDebtCents = (loan: Loan): Cents => sumCents(loan.installments.map(unpaidCents));

/**
 * The repayment dates to show: every owed instalment already due (overdue: 'Venció el …'), and the next one due
 * today or later ('Próximo pago'). Only a running loan can be late: before the payout the dates are the plan's.
 */
export function repaymentDates(loan: Loan, today: string): { overdue: string[]; next: string | null } {
  const owed = byDate(loan.installments).filter(isOwed);
  if (!isActiveLoanStatus(loan.status)) return { overdue: [], next: owed[0]?.expectedDate ?? null };
  return {
    overdue: owed
      .filter((installment) => installment.expectedDate < today)
      .map((installment) => installment.expectedDate),
    next: owed.find((installment) => installment.expectedDate >= today)?.expectedDate ?? null,
  };
}

/** Not paid out yet: the request is being processed (requested) or the money is on its way (the rest). */
export type PendingKind = 'requested' | 'onItsWay';
const PENDING: Partial<Record<LoanStatus, PendingKind>> = {
  requested: 'requested',
  agreementAssigned: 'onItsWay',
  transferRequested: 'onItsWay',
  transferPending: 'onItsWay',
  queued: 'onItsWay',
};
export const pendingKind = (loan: Loan): PendingKind | undefined => PENDING[loan.status];

/** The open loans (in application, on their way, running) the dashboard shows: running ones first, then newest. */
export function openLoansInOrder(loans: readonly Loan[]): Loan[] {
  return loans
    .filter((loan) => OPEN.has(loan.status))
    .sort((a, b) => Number(isActiveLoanStatus(b.status)) - Number(isActiveLoanStatus(a.status)) || b.id - a.id);
}
const OPEN: ReadonlySet<LoanStatus> = new Set(openLoanStatuses);

/** The loan the summary is about: a running one (issued, arranged) first, then the newest. */
export const currentLoan = (loans: readonly Loan[]): Loan | undefined => openLoansInOrder(loans)[0];

export { dataAge } from '../../lib/loans/data-age.ts';
