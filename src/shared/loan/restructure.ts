import { addMonthsIso, isIsoDate, type IsoDate } from '../calendar.ts';
import { RESTRUCTURE } from '../loan-constants.ts';
import { splitCents, sumCents, toCents, type Cents } from '../money.ts';
import type { InstallmentStatus } from '../loan-statuses.ts';
import { earlyClosureParts } from './early-closure.ts';
import { DEFAULT_LOAN_DEFINITION, type InstallmentLoanDefinition } from './loan-definition.ts';
import { buildPaymentPlan } from './plan.ts';
import { nextWorkingDay, type HolidayList } from './repayment-window.ts';
import { computeTae } from './tae.ts';

/**
 * Restructure ('Pago Flexible', docs/rules/payments.md "Restructure"): the loan's payable instalments
 * (notPaid, arranged) are replaced by a new plan of RESTRUCTURE.installments monthly instalments. In integer cents:
 *
 * 1. Debt: what the payable instalments owe today by the early-closure rule (`earlyClosureParts`: a due instalment
 *    its whole total, the running one its capital + the interest accrued to today, later ones their capital), minus
 *    what was paid on each. A partial payment counts against the instalment's (accrued) interest first, then its
 *    capital, so per instalment: capital left = base − max(0, paid − accrued interest), interest carried = what it
 *    owes − its capital left (never negative).
 * 2. Principal: the capital left of the payable instalments; the carried interest is debt − principal.
 * 3. Dates: today + k calendar months (k = 1 … n, month ends clamped), each moved forward to the next working day
 *    (not a weekend nor a national holiday).
 * 4. Instalments: `buildPaymentPlan` of the principal issued today on those dates (an annuity at the definition's
 *    rate; base and interest per instalment, its capital sums exactly to the principal); the carried interest is
 *    split into equal cents over the instalments, the remainder on the last (`splitCents`), and added to each
 *    instalment's interest. Instalment total = base + interest.
 * 5. totalCost = Σ interest (carried + new), totalPayment = principal + totalCost = debt + the new interest.
 * 6. TAE (Annex I, `computeTae`) from the new cash flows: the principal drawn today, each new total on its date.
 *
 * Nothing owed (no payable instalment, or debt or capital 0) → null: there is nothing to restructure.
 */

export interface RestructureInstallmentInput {
  readonly number: number;
  readonly expectedDate: IsoDate;
  readonly status: InstallmentStatus;
  readonly base: Cents;
  readonly interest: Cents;
  readonly totalPayment: Cents;
  /** What was paid on it so far. */
  readonly paid: Cents;
}

export interface RestructureLoanInput {
  readonly issueDate: IsoDate;
  readonly installments: ReadonlyArray<RestructureInstallmentInput>;
}

export interface RestructurePlanInstallment {
  /** Its number in the loan: the numbers continue after the loan's last instalment. */
  readonly number: number;
  readonly expectedDate: IsoDate;
  readonly base: Cents;
  readonly interest: Cents;
  readonly totalPayment: Cents;
}

export interface RestructurePlanResult {
  readonly debt: Cents;
  readonly principal: Cents;
  /** The interest accrued to today and still owed, carried into the new instalments. */
  readonly carriedInterest: Cents;
  /** All the interest of the new plan: carried + the new periods'. */
  readonly totalCost: Cents;
  readonly totalPayment: Cents;
  /** Percent with one decimal (103.7). */
  readonly tae: number;
  readonly installments: readonly RestructurePlanInstallment[];
  /** The numbers of the instalments replaced (the payable ones). */
  readonly replacedNumbers: readonly number[];
}

const PAYABLE: ReadonlySet<InstallmentStatus> = new Set(['notPaid', 'arranged']);

/** The new instalments' dates: today + 1 … count months, each on the next working day. */
export function restructureDates(
  today: IsoDate,
  holidays: HolidayList,
  count: number = RESTRUCTURE.installments,
): IsoDate[] {
  if (!isIsoDate(today)) throw new RangeError(`Invalid date: ${String(today)}`);
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`Invalid instalment count: ${count}`);
  return Array.from({ length: count }, (_, index) => nextWorkingDay(addMonthsIso(today, index + 1), holidays));
}

/** What the payable instalments owe today, split into capital left and interest carried (same order as given). */
export function restructureDebtParts(
  loan: RestructureLoanInput,
  today: IsoDate,
): Array<{ readonly number: number; readonly owed: Cents; readonly capital: Cents; readonly interest: Cents }> {
  // What each instalment would owe today with nothing paid: its capital + the interest accrued to today.
  const unpaid = earlyClosureParts(
    { issueDate: loan.issueDate, installments: loan.installments.map((item) => ({ ...item, paid: toCents(0) })) },
    today,
  );
  const parts: Array<{ number: number; owed: Cents; capital: Cents; interest: Cents }> = [];
  loan.installments.forEach((item, index) => {
    if (!PAYABLE.has(item.status)) return;
    const gross = unpaid[index] ?? 0;
    const accrued = Math.max(0, gross - item.base);
    const owed = Math.max(0, gross - item.paid);
    const capital = Math.min(owed, Math.max(0, item.base - Math.max(0, item.paid - accrued)));
    parts.push({
      number: item.number,
      owed: toCents(owed),
      capital: toCents(capital),
      interest: toCents(owed - capital),
    });
  });
  return parts;
}

/** The plan a restructure would create today, or null when nothing is owed. */
export function restructurePlan(
  loan: RestructureLoanInput,
  today: IsoDate,
  holidays: HolidayList,
  options: { readonly count?: number; readonly definition?: InstallmentLoanDefinition } = {},
): RestructurePlanResult | null {
  const count = options.count ?? RESTRUCTURE.installments;
  const parts = restructureDebtParts(loan, today);
  const debt = sumCents(parts.map((part) => part.owed));
  const principal = sumCents(parts.map((part) => part.capital));
  if (parts.length === 0 || debt <= 0 || principal <= 0) return null;
  const carriedInterest = toCents(debt - principal);

  const dates = restructureDates(today, holidays, count);
  const plan = buildPaymentPlan({
    amountCents: principal,
    issueDate: today,
    paymentDates: dates,
    definition: options.definition ?? DEFAULT_LOAN_DEFINITION,
  });
  const carried = splitCents(carriedInterest, count);
  const firstNumber = Math.max(0, ...loan.installments.map((item) => item.number)) + 1;
  const installments = plan.installments.map((item, index) => {
    const interest = toCents(item.interestCents + (carried[index] ?? 0));
    return {
      number: firstNumber + index,
      expectedDate: item.expectedDate,
      base: toCents(item.baseCents),
      interest,
      totalPayment: toCents(item.baseCents + interest),
    };
  });
  const totalCost = sumCents(installments.map((item) => item.interest));
  const tae = computeTae({
    drawdowns: [{ date: today, cents: principal }],
    payments: installments.map((item) => ({ date: item.expectedDate, cents: item.totalPayment })),
  });
  return {
    debt,
    principal,
    carriedInterest,
    totalCost,
    totalPayment: toCents(principal + totalCost),
    tae,
    installments,
    replacedNumbers: parts.map((part) => part.number),
  };
}
