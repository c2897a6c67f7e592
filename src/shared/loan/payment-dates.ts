import { LOAN_REQUEST } from '../loan-constants.ts';
import { addDaysIso, addMonthsIso, isIsoDate, isoDateFromParts, isoWeekday, type IsoDate } from '../calendar.ts';

/**
 * Payment dates.
 *
 * `computePaymentDates` answers PaymentDatePost (first document §3 "Payment date request"; second document §3
 * "Stored loan-flow parameters": nextSalaryDate, calculateNextXDates default 24, paymentFrequencyLogical
 * 'specificDate', day and week empty). The dates are salary-driven: the first one is never before the next salary.
 *
 * - 'specificDate' and 'monthly': one date a month on day `day` (1-31), clamped to the month's last day (day 30
 *   in February → 28 or 29), each month clamped on its own (30 Jan, 28 Feb, 30 Mar …, never drifting to 28).
 *   The first date is the first such day ON OR AFTER nextSalaryDate (same month if the day has not passed yet,
 *   else the next month). With `day` empty the day is nextSalaryDate's own day of the month, so the first date
 *   IS nextSalaryDate — the stored flow's case. ('monthly' is the same rule; both names are accepted.)
 * - 'weekly' / 'biweekly': every 7 / 14 days from the first date on or after nextSalaryDate that falls on
 *   weekday `week` (ISO: 1 Monday … 7 Sunday); with `week` empty, from nextSalaryDate itself.
 *
 * `day` and `week` may come as numbers, numeric strings, `''` or null (the spec's "empty"): empty means "not set".
 */

export const PAYMENT_FREQUENCIES = ['specificDate', 'monthly', 'weekly', 'biweekly'] as const;
export type PaymentFrequency = (typeof PAYMENT_FREQUENCIES)[number];

export interface PaymentDateRequest {
  readonly nextSalaryDate: IsoDate;
  readonly calculateNextXDates?: number;
  readonly paymentFrequencyLogical: PaymentFrequency;
  readonly day?: number | string | null;
  readonly week?: number | string | null;
}

/** Upper bound on how many dates one request may ask for (10 years of monthly dates). */
export const MAX_PAYMENT_DATES = 120;

export function computePaymentDates({
  nextSalaryDate,
  calculateNextXDates = LOAN_REQUEST.salaryDatesComputed,
  paymentFrequencyLogical,
  day,
  week,
}: PaymentDateRequest): IsoDate[] {
  if (!isIsoDate(nextSalaryDate)) throw new RangeError(`Invalid nextSalaryDate: ${String(nextSalaryDate)}`);
  if (
    !Number.isSafeInteger(calculateNextXDates) ||
    calculateNextXDates < 1 ||
    calculateNextXDates > MAX_PAYMENT_DATES
  ) {
    throw new RangeError(`calculateNextXDates must be 1-${MAX_PAYMENT_DATES}, got ${String(calculateNextXDates)}`);
  }
  switch (paymentFrequencyLogical) {
    case 'specificDate':
    case 'monthly': {
      const dayOfMonth = optionalInteger(day, 'day', 1, 31) ?? Number(nextSalaryDate.slice(8, 10));
      return monthlyOnDay(nextSalaryDate, dayOfMonth, calculateNextXDates);
    }
    case 'weekly':
    case 'biweekly': {
      const weekday = optionalInteger(week, 'week', 1, 7);
      const step = paymentFrequencyLogical === 'weekly' ? 7 : 14;
      const first =
        weekday === undefined
          ? nextSalaryDate
          : addDaysIso(nextSalaryDate, (weekday - isoWeekday(nextSalaryDate) + 7) % 7);
      return Array.from({ length: calculateNextXDates }, (_, index) => addDaysIso(first, index * step));
    }
    default:
      throw new RangeError(`Unknown paymentFrequencyLogical: ${String(paymentFrequencyLogical)}`);
  }
}

/** `count` monthly dates on day `dayOfMonth` (clamped per month), the first on or after `from`. */
function monthlyOnDay(from: IsoDate, dayOfMonth: number, count: number): IsoDate[] {
  const year = Number(from.slice(0, 4));
  const month = Number(from.slice(5, 7));
  const offset = isoDateFromParts(year, month, dayOfMonth) >= from ? 0 : 1;
  return Array.from({ length: count }, (_, index) => {
    const monthIndex = month - 1 + offset + index;
    return isoDateFromParts(year + Math.floor(monthIndex / 12), (monthIndex % 12) + 1, dayOfMonth);
  });
}

/** `count` dates one calendar month apart, the first one month after `from`, each counted from `from` (clamped). */
export function monthlyPaymentDates(from: IsoDate, count: number): IsoDate[] {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`Invalid count ${count}`);
  return Array.from({ length: count }, (_, index) => addMonthsIso(from, index + 1));
}

/** The initial loan application draft's dates (second document §3): 12 monthly dates starting one month ahead. */
export function initialDraftPaymentDates(issueDate: IsoDate): IsoDate[] {
  return monthlyPaymentDates(issueDate, LOAN_REQUEST.initialDraftPaymentDates);
}

/** The loan application draft (second document §3): amount in euros as the stored flow holds it. */
export interface LoanFlowDto {
  readonly amount: number;
  readonly issueDate: IsoDate;
  readonly paymentDates: IsoDate[];
  readonly salaryCalculationDetails: {
    readonly nextSalaryDate: IsoDate;
    readonly calculateNextXDates: number;
    readonly paymentFrequencyLogical: PaymentFrequency;
    readonly day: null;
    readonly week: null;
  };
}

/**
 * The flow created when none is saved (second document §4): amount 100, one payment date today + 30 days, issue
 * date today; its salary details are the stored-flow defaults with the next salary on that payment date.
 */
export function defaultFlow(today: IsoDate): LoanFlowDto {
  const paymentDate = addDaysIso(today, LOAN_REQUEST.defaultFlowPaymentInDays);
  return {
    amount: LOAN_REQUEST.defaultFlowAmount,
    issueDate: today,
    paymentDates: [paymentDate],
    salaryCalculationDetails: {
      nextSalaryDate: paymentDate,
      calculateNextXDates: LOAN_REQUEST.salaryDatesComputed,
      paymentFrequencyLogical: 'specificDate',
      day: null,
      week: null,
    },
  };
}

function optionalInteger(
  value: number | string | null | undefined,
  name: string,
  min: number,
  max: number,
): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const parsed = typeof value === 'number' ? value : Number(value.trim());
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new RangeError(`${name} must be an integer ${min}-${max}, got ${String(value)}`);
  }
  return parsed;
}
