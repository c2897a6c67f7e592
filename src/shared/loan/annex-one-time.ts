import { addDaysIso, addMonthsIso, addYearsIso, daysBetweenIso, type IsoDate } from '../calendar.ts';

/**
 * The time measure of the EU Consumer Credit Directive's Annex I (remarks (c)/(d) as amended by Directive
 * 2011/90/EU), shared by the TAE (tae.ts) and the payment plan (plan.ts): an interval is a whole number of months,
 * each 1/12 of a year, plus leftover days, each 1/365 of a year (1/366 when the year counted back from the last of
 * those days contains 29 February). Whole months are counted from the first date with month-end clamping.
 */

/** An interval by the Annex I measure: whole months, then leftover days and the length of the year they belong to. */
export interface AnnexOneInterval {
  readonly months: number;
  readonly days: number;
  readonly yearLength: 365 | 366;
}

/** Splits `from` → `to` into whole months (counted from `from`, month ends clamped) and leftover days. */
export function annexOneInterval(from: IsoDate, to: IsoDate): AnnexOneInterval {
  const totalDays = daysBetweenIso(from, to);
  if (totalDays < 0) throw new RangeError(`${to} is before ${from}`);
  const [fromYear, fromMonth] = splitYearMonth(from);
  const [toYear, toMonth] = splitYearMonth(to);
  let months = (toYear - fromYear) * 12 + (toMonth - fromMonth);
  if (months > 0 && addMonthsIso(from, months) > to) months -= 1;
  months = Math.max(months, 0);
  const days = daysBetweenIso(addMonthsIso(from, months), to);
  // The leftover days sit at the start (counted backwards from the payment date); their last day fixes the year length.
  const lastDayOfDays = addDaysIso(from, days);
  const yearLength = daysBetweenIso(addYearsIso(lastDayOfDays, -1), lastDayOfDays) === 366 ? 366 : 365;
  return { months, days, yearLength };
}

/** Years from `from` to `to` by the Annex I measure above (0 when equal; `to` must not be before `from`). */
export function annexOneYears(from: IsoDate, to: IsoDate): number {
  const { months, days, yearLength } = annexOneInterval(from, to);
  return months / 12 + days / yearLength;
}

/** The same interval in months (whole months + leftover days as twelfths of their year): used by the plan. */
export function annexOneMonths(from: IsoDate, to: IsoDate): number {
  const { months, days, yearLength } = annexOneInterval(from, to);
  return days === 0 ? months : months + (12 * days) / yearLength;
}

function splitYearMonth(iso: IsoDate): [number, number] {
  return [Number(iso.slice(0, 4)), Number(iso.slice(5, 7))];
}
