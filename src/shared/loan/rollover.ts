import { ROLLOVER } from '../loan-constants.ts';
import { addDaysIso, daysBetweenIso, isIsoDate, type IsoDate } from '../calendar.ts';
import { roundHalfAwayFromZero, toCents, type Cents } from '../money.ts';
import type { InstallmentStatus } from '../loan-statuses.ts';
import { annexOneMonths } from './annex-one-time.ts';
import { dailyRate, DEFAULT_LOAN_DEFINITION, monthlyRate, type LoanDefinition } from './loan-definition.ts';
import { isWorkingDay, type HolidayList } from './repayment-window.ts';

/**
 * Rollover ('Prórroga', docs/rules/payments.md "Rollover"): the customer pays the instalment's interest now (the
 * «intereses de prórroga», ROLLOVER_CHARGE_NAME) and the loan's single instalment moves to a later date. Pure, in
 * integer cents, dates `YYYY-MM-DD` in Europe/Madrid.
 *
 * - The instalment: the loan's only instalment that is not `rollovered` (a rolled-over loan can be rolled over
 *   again); it must be payable (`notPaid` or `arranged`). Date D0, base, interest, what was paid on it.
 * - fee = its interest − what was paid on it, never below 0 (a partial payment pays the interest first);
 *   principal = its base − what was paid beyond the interest.
 * - newInterest = principal × ((1 + r)^m − 1), r the definition's monthly rate and m the months from D0 to the new
 *   date by the Annex I measure of the plan and the TAE (`annexOneMonths`), rounded half away from zero; for a
 *   minipréstamo, its own price: principal × the daily rate × the days from D0 to the new date (300 € moved 20 days:
 *   45,00 €);
 *   newTotalPayment = principal + newInterest.
 * - Available dates: the working days (no weekend, no holiday) from max(today, D0) + ROLLOVER.minDays to
 *   max(today, D0) + ROLLOVER.maxDays, both included, and not before `fromDate`.
 */

export interface RolloverInstallmentView {
  readonly id: number;
  readonly status: InstallmentStatus;
  readonly expectedDate: IsoDate;
  readonly base: Cents;
  readonly interest: Cents;
  /** What was paid on it so far. */
  readonly paid: Cents;
}

/** The instalment a rollover moves, or null when the loan has more than one (not rolled over) or it is not payable. */
export function rolloverInstallment<I extends { readonly status: InstallmentStatus }>(
  installments: readonly I[],
): I | null {
  const live = installments.filter((installment) => installment.status !== 'rollovered');
  if (live.length !== 1) return null;
  const [only] = live;
  return only && (only.status === 'notPaid' || only.status === 'arranged') ? only : null;
}

/** The first day counted from: the later of today and the instalment's current date. */
const windowStart = (today: IsoDate, currentDate: IsoDate): IsoDate => (today > currentDate ? today : currentDate);

/** The new dates the customer may choose, earliest first. */
export function rolloverDates(input: {
  readonly today: IsoDate;
  readonly currentDate: IsoDate;
  readonly fromDate?: IsoDate;
  readonly holidays: HolidayList;
}): IsoDate[] {
  const { today, currentDate, fromDate, holidays } = input;
  if (!isIsoDate(today) || !isIsoDate(currentDate)) throw new RangeError('Invalid rollover dates');
  const start = windowStart(today, currentDate);
  const dates: IsoDate[] = [];
  for (let offset = ROLLOVER.minDays; offset <= ROLLOVER.maxDays; offset += 1) {
    const date = addDaysIso(start, offset);
    if (fromDate !== undefined && date < fromDate) continue;
    if (isWorkingDay(date, holidays)) dates.push(date);
  }
  return dates;
}

/** Whether `date` is one of the available dates (fromDate aside). */
export function isRolloverDate(
  date: string,
  input: { readonly today: IsoDate; readonly currentDate: IsoDate; readonly holidays: HolidayList },
): boolean {
  return isIsoDate(date) && rolloverDates(input).includes(date);
}

export interface RolloverFigures {
  readonly fee: Cents;
  readonly principal: Cents;
  readonly newInterest: Cents;
  readonly newTotalPayment: Cents;
}

/** The fee and the new instalment of a rollover of `installment` to `rolloverDate` (after its current date). */
export function rolloverFigures(
  installment: Pick<RolloverInstallmentView, 'expectedDate' | 'base' | 'interest' | 'paid'>,
  rolloverDate: IsoDate,
  definition: LoanDefinition = DEFAULT_LOAN_DEFINITION,
): RolloverFigures {
  if (!isIsoDate(rolloverDate) || rolloverDate <= installment.expectedDate) {
    throw new RangeError(`The new date must be after ${installment.expectedDate}: ${String(rolloverDate)}`);
  }
  const paid = Math.max(0, installment.paid);
  const fee = Math.max(0, installment.interest - paid);
  const principal = Math.max(0, installment.base - Math.max(0, paid - installment.interest));
  const newInterest =
    definition.product === 'mini'
      ? roundHalfAwayFromZero(
          principal * dailyRate(definition) * daysBetweenIso(installment.expectedDate, rolloverDate),
        )
      : roundHalfAwayFromZero(
          principal *
            Math.expm1(annexOneMonths(installment.expectedDate, rolloverDate) * Math.log1p(monthlyRate(definition))),
        );
  return {
    fee: toCents(fee),
    principal: toCents(principal),
    newInterest: toCents(newInterest),
    newTotalPayment: toCents(principal + newInterest),
  };
}
