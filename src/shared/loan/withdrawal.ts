import { addDaysIso, daysBetweenIso, type IsoDate } from '../calendar.ts';
import { WITHDRAWAL } from '../loan-constants.ts';
import { roundHalfAwayFromZero, toCents, type Cents } from '../money.ts';
import type { LoanStatus } from '../loan-statuses.ts';
import { earlyClosureAmount, type EarlyClosureInstallment } from './early-closure.ts';

/**
 * The 14-day right of withdrawal ('Desistir del contrato'; Directive 2023/2225 art. 26, Ley 16/2011 art. 28;
 * docs/rules/payments.md "Withdrawal"), as pure functions over the loan's issue date and instalments, in Europe/Madrid
 * calendar dates:
 *
 * - open while the loan is running (issued or arranged; a repaid or cancelled loan has nothing to withdraw from) and
 *   today ≤ issueDate + WITHDRAWAL.days: the payout day is day 0, day 14 is the last one, day 15 it is gone;
 * - amount = the early-closure amount today (early-closure.ts: capital plus the interest accrued per day), so the
 *   payment route's `closeLoan` payment pays exactly it; principal = the outstanding capital (each payable
 *   instalment's base less what was paid on it beyond its interest), never more than the amount; interest = amount −
 *   principal;
 * - dailyInterest = the running period's interest ÷ its days, rounded half away from zero (what each further day
 *   adds; 0 when no period is running);
 * - the notice's repayBy = the notice day + WITHDRAWAL.repayDays.
 */

export interface WithdrawalLoan {
  readonly status: LoanStatus;
  /** The payout day. */
  readonly issueDate: IsoDate;
  readonly installments: ReadonlyArray<EarlyClosureInstallment>;
}

export interface WithdrawalFigures {
  readonly principal: Cents;
  readonly interest: Cents;
  readonly amount: Cents;
  readonly dailyInterest: Cents;
}

const PAYABLE = new Set(['notPaid', 'arranged']);
const RUNNING: ReadonlySet<LoanStatus> = new Set(['issued', 'arranged']);

/** The last day the customer can withdraw (inclusive). */
export const withdrawalDeadline = (issueDate: IsoDate): IsoDate => addDaysIso(issueDate, WITHDRAWAL.days);

/** The last day to return the money after a notice given on `noticeDay`. */
export const withdrawalRepayBy = (noticeDay: IsoDate): IsoDate => addDaysIso(noticeDay, WITHDRAWAL.repayDays);

/** Whether the customer may give notice of withdrawal today. */
export function canWithdraw(loan: Pick<WithdrawalLoan, 'status' | 'issueDate'>, today: IsoDate): boolean {
  return RUNNING.has(loan.status) && today >= loan.issueDate && today <= withdrawalDeadline(loan.issueDate);
}

/** What returning the money costs today (see the module's comment). */
export function withdrawalFigures(loan: WithdrawalLoan, today: IsoDate): WithdrawalFigures {
  const amount = earlyClosureAmount(loan, today);
  const capital = loan.installments
    .filter((installment) => PAYABLE.has(installment.status))
    .reduce(
      (sum, installment) => sum + Math.max(0, installment.base - Math.max(0, installment.paid - installment.interest)),
      0,
    );
  const principal = Math.min(capital, amount);
  return {
    principal: toCents(principal),
    interest: toCents(amount - principal),
    amount,
    dailyInterest: dailyInterest(loan, today),
  };
}

/** The running period's interest ÷ its days (the period containing today: start ≤ today < its date). */
function dailyInterest(loan: WithdrawalLoan, today: IsoDate): Cents {
  const ordered = [...loan.installments].sort((a, b) =>
    a.expectedDate < b.expectedDate ? -1 : a.expectedDate > b.expectedDate ? 1 : 0,
  );
  let start = loan.issueDate;
  for (const installment of ordered) {
    const periodStart = start;
    start = installment.expectedDate;
    if (!(periodStart <= today && today < installment.expectedDate)) continue;
    if (!PAYABLE.has(installment.status)) return toCents(0);
    const days = Math.max(1, daysBetweenIso(periodStart, installment.expectedDate));
    return toCents(roundHalfAwayFromZero(installment.interest / days));
  }
  return toCents(0);
}
