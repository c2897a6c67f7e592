import { daysBetweenIso } from '../calendar.ts';
import { toCents, type Cents } from '../money.ts';
import type { InstallmentStatus } from '../loan-statuses.ts';

/**
 * Early repayment without compensation (Ley 16/2011 art. 30; the SECCI promises it; docs/rules/payments.md "Early
 * closure"): to close a loan today the customer pays the outstanding principal plus the interest accrued to today,
 * nothing more. Per payable instalment (notPaid or arranged), with its period running from the previous instalment's
 * date (the issue date for the first) to its own date, all in Europe/Madrid dates:
 *
 * - due today or earlier: its whole total (principal and the period's interest; no late fee);
 * - its period running today: its principal + its interest × days elapsed / days of the period (rounded to the cent,
 *   half away from zero);
 * - its period not started: its principal only.
 *
 * What was already paid on the instalment (a partial payment) is subtracted, never below zero. Paid, rolled-over
 * and restructured instalments owe nothing. The result is the loan's `earlyClosureAmount` and the `closeLoan`
 * payment option's amount.
 */

export interface EarlyClosureInstallment {
  readonly expectedDate: string;
  readonly status: InstallmentStatus;
  readonly totalPayment: Cents;
  readonly base: Cents;
  readonly interest: Cents;
  /** What was paid on it so far. */
  readonly paid: Cents;
}

const PAYABLE: ReadonlySet<InstallmentStatus> = new Set(['notPaid', 'arranged']);

/** What each instalment owes if the loan is closed today (same order as given, 0 for those not payable). */
export function earlyClosureParts(
  loan: { readonly issueDate: string; readonly installments: ReadonlyArray<EarlyClosureInstallment> },
  today: string,
): Cents[] {
  const ordered = loan.installments
    .map((installment, index) => ({ installment, index }))
    .sort((a, b) =>
      a.installment.expectedDate === b.installment.expectedDate
        ? a.index - b.index
        : a.installment.expectedDate < b.installment.expectedDate
          ? -1
          : 1,
    );
  const parts: Cents[] = loan.installments.map(() => toCents(0));
  let periodStart = loan.issueDate;
  for (const { installment, index } of ordered) {
    const start = periodStart;
    periodStart = installment.expectedDate;
    if (!PAYABLE.has(installment.status)) continue;
    let owed: number;
    if (installment.expectedDate <= today) owed = installment.totalPayment;
    else if (start < today) {
      const length = daysBetweenIso(start, installment.expectedDate);
      const elapsed = daysBetweenIso(start, today);
      owed = installment.base + Math.round((installment.interest * elapsed) / Math.max(1, length));
    } else owed = installment.base;
    parts[index] = toCents(Math.max(0, owed - installment.paid));
  }
  return parts;
}

/** The amount that closes the loan today (the sum of `earlyClosureParts`). */
export function earlyClosureAmount(
  loan: { readonly issueDate: string; readonly installments: ReadonlyArray<EarlyClosureInstallment> },
  today: string,
): Cents {
  return toCents(earlyClosureParts(loan, today).reduce((sum, part) => sum + part, 0));
}
