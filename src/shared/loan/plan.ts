import { daysBetweenIso, isIsoDate, type IsoDate } from '../calendar.ts';
import { roundHalfAwayFromZero } from '../money.ts';
import {
  DEFAULT_LOAN_DEFINITION,
  monthlyRate,
  type InstallmentLoanDefinition,
  type LoanDefinition,
  type MiniLoanDefinition,
} from './loan-definition.ts';
import { annexOneMonths } from './annex-one-time.ts';

/**
 * The payment plan (PaymentPlansPost, the home calculator, the loan request, the agreement): an annuity at the
 * definition's monthly rate, in integer cents.
 *
 * 1. Time: each date's distance from the issue date in months, by the same measure as the TAE (`annexOneMonths`):
 *    whole calendar months (issue date + k months, month ends clamped) plus leftover days as twelfths of a year of
 *    365/366 days. Dates one calendar month apart are therefore exactly 1 month apart, whatever the month's length.
 * 2. Instalment: every instalment pays the same total A = P / Σ (1 + r)^(−m_k), rounded to the cent, where m_k is
 *    the k-th date in months from the issue date. For dates one month apart this is the classic annuity
 *    P·r / (1 − (1 + r)^−n).
 * 3. Interest of each instalment: the outstanding capital × ((1 + r)^e − 1), e = months since the previous date
 *    (or the issue date), rounded to the cent half away from zero; capital = A − interest.
 *    Uneven spacing thus moves interest where time passes: a first period of 45 days (≈ 1,48 months) charges
 *    about 1,48 months of compound interest, a 10-day one about a third of a month, and A adjusts so that the
 *    plan still repays P exactly at rate r. Because A and the interest use the same time measure as the TAE,
 *    the plan's TAE is the definition's effective annual rate (1 + r)^12 − 1 up to cent rounding.
 * 4. The last instalment takes the remainders: its capital is whatever capital is still outstanding (so the
 *    capital sums exactly to the amount) and its interest is A minus that capital (so its total is A too and
 *    every total is equal, as the spec's example needs: 12 × 299,99 € and 1.099,88 € of interest). What it absorbs
 *    is the cent rounding of A and of each interest carried through the schedule, at most Σ(1 + r)^k cents (about
 *    17 cents for 12 monthly instalments, 52 for 24). The TAE is computed from these actual amounts.
 *    Only if that would make the last interest negative (a zero or tiny rate: 2.500 € at 0 % in 12 gives
 *    A = 208,33 € but 208,37 € of capital left) is the last interest 0 and the last total its capital.
 *
 * Default example: 2.500 € with 12 dates one month apart → 12 × 299,99 € (29999 cents), interest 1.099,88 €.
 *
 * A minipréstamo (`MiniLoanDefinition`) has one date: its one repayment is the amount plus the interest, simple
 * interest of the daily rate on the amount for every calendar day from the issue date to that date, rounded to the
 * cent half away from zero (300 € for 20 days at 0,75 % → 45,00 €). `interestFree` (the first loan up to the
 * definition's free maximum, decided by the caller) makes the interest 0.
 *
 * `totalInstallmentDays` is the loan's term: calendar days from the issue date to the last instalment's date.
 */

export interface PaymentPlanInput<D extends LoanDefinition = LoanDefinition> {
  readonly amountCents: number;
  readonly issueDate: IsoDate;
  readonly paymentDates: readonly IsoDate[];
  readonly definition?: D;
  /** A first minipréstamo within the free maximum: no interest (the caller checks the customer's eligibility). */
  readonly interestFree?: boolean;
}

export interface PlanInstallment {
  readonly expectedDate: IsoDate;
  readonly baseCents: number;
  readonly interestCents: number;
  readonly totalCents: number;
}

export interface PaymentPlan<D extends LoanDefinition = LoanDefinition> {
  readonly installments: readonly PlanInstallment[];
  readonly totalBaseCents: number;
  readonly totalInterestCents: number;
  readonly totalCents: number;
  readonly definition: D;
  readonly totalInstallmentDays: number;
  /** Whether the plan was priced as an interest-free first loan. */
  readonly interestFree: boolean;
}

export function buildPaymentPlan<D extends LoanDefinition = InstallmentLoanDefinition>({
  amountCents,
  issueDate,
  paymentDates,
  definition = DEFAULT_LOAN_DEFINITION as D,
  interestFree = false,
}: PaymentPlanInput<D>): PaymentPlan<D> {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new RangeError(`The amount must be a positive number of cents, got ${String(amountCents)}`);
  }
  if (!isIsoDate(issueDate)) throw new RangeError(`Invalid issue date: ${String(issueDate)}`);
  if (paymentDates.length === 0) throw new RangeError('A plan needs at least one payment date');
  let previous = issueDate;
  for (const date of paymentDates) {
    if (!isIsoDate(date)) throw new RangeError(`Invalid payment date: ${String(date)}`);
    if (date <= previous) {
      throw new RangeError(
        `Payment dates must be after the issue date and strictly increasing: ${date} after ${previous}`,
      );
    }
    previous = date;
  }

  if (interestFree && definition.product !== 'mini') {
    throw new RangeError('Only a minipréstamo can be interest-free');
  }
  const installments =
    definition.product === 'mini'
      ? singleRepayment(amountCents, issueDate, paymentDates, definition, interestFree)
      : annuity(amountCents, issueDate, paymentDates, definition);
  const totalBaseCents = installments.reduce((sum, item) => sum + item.baseCents, 0);
  const totalInterestCents = installments.reduce((sum, item) => sum + item.interestCents, 0);
  return {
    installments,
    totalBaseCents,
    totalInterestCents,
    totalCents: totalBaseCents + totalInterestCents,
    definition,
    totalInstallmentDays: daysBetweenIso(issueDate, previous),
    interestFree,
  };
}

/**
 * A minipréstamo's interest for `days` (the issue date to the repayment date): amount × daily rate × days, whole
 * numbers until the one division (cents × basis points × days / 10 000). What an interest-free first loan costs once
 * its 0 % lapses (the loan request's summary says it before signing).
 */
export function singleRepaymentInterestCents(
  amountCents: number,
  definition: Pick<MiniLoanDefinition, 'dailyRateBasisPoints'>,
  days: number,
): number {
  return roundHalfAwayFromZero((amountCents * definition.dailyRateBasisPoints * days) / 10_000);
}

function singleRepayment(
  amountCents: number,
  issueDate: IsoDate,
  paymentDates: readonly IsoDate[],
  definition: MiniLoanDefinition,
  interestFree: boolean,
): PlanInstallment[] {
  const [expectedDate] = paymentDates;
  if (expectedDate === undefined || paymentDates.length !== 1) {
    throw new RangeError(`A minipréstamo has one payment date, got ${paymentDates.length}`);
  }
  const days = daysBetweenIso(issueDate, expectedDate);
  const interestCents = interestFree ? 0 : singleRepaymentInterestCents(amountCents, definition, days);
  return [{ expectedDate, baseCents: amountCents, interestCents, totalCents: amountCents + interestCents }];
}

function annuity(
  amountCents: number,
  issueDate: IsoDate,
  paymentDates: readonly IsoDate[],
  definition: InstallmentLoanDefinition,
): PlanInstallment[] {
  const rate = monthlyRate(definition);
  const logGrowth = Math.log1p(rate);
  const months = paymentDates.map((date) => annexOneMonths(issueDate, date));
  const discountSum = months.reduce((sum, m) => sum + Math.exp(-m * logGrowth), 0);
  const installmentCents = roundHalfAwayFromZero(amountCents / discountSum);

  const installments: PlanInstallment[] = [];
  let outstanding = amountCents;
  let previousMonths = 0;
  paymentDates.forEach((expectedDate, index) => {
    const elapsed = (months[index] ?? 0) - previousMonths;
    previousMonths = months[index] ?? 0;
    const isLast = index === paymentDates.length - 1;
    let baseCents: number;
    let interestCents: number;
    if (isLast) {
      baseCents = outstanding;
      interestCents = Math.max(0, installmentCents - baseCents);
    } else {
      const growth = elapsed === 1 ? rate : Math.expm1(elapsed * logGrowth);
      interestCents = roundHalfAwayFromZero(outstanding * growth);
      baseCents = installmentCents - interestCents;
    }
    outstanding -= baseCents;
    installments.push({ expectedDate, baseCents, interestCents, totalCents: baseCents + interestCents });
  });

  return installments;
}
