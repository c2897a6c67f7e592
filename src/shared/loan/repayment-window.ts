import { FIRST_REPAYMENT } from '../constants.ts';
// Time-zone-free calendar arithmetic only: the loan request page loads this without the date library.
import { addDaysIso, addMonthsIso, isIsoDate, isWeekendIso, type IsoDate } from '../calendar.ts';

/**
 * The first repayment date the customer may pick on the loan request (second document §5 "First repayment date").
 *
 * - earliest: today + 6 days, from the start of that day (Madrid: `today` is Madrid's, see madrid-today.ts).
 * - latest: today + 31 days moved forward off weekends (Saturday +2, Sunday +1) and off holidays, repeated until
 *   it lands on a working day; up to the end of that day.
 * - selectable: between earliest and latest (both inclusive), not a weekend, not a holiday.
 * - default: earliest when today's day of the month is under 20, otherwise the 1st of next month. Decision: when
 *   that date is not selectable (a weekend or holiday, or — from the 26th on — before `earliest`), the default is
 *   the first selectable date on or after max(that date, earliest). `latest` is a working day, so one always exists.
 */

export interface RepaymentWindow {
  /** First date of the window (inclusive), `YYYY-MM-DD`. */
  readonly earliest: IsoDate;
  /** Last date of the window (inclusive), always a working day. */
  readonly latest: IsoDate;
  /** The pre-selected date, always selectable. */
  readonly defaultDate: IsoDate;
}

export type HolidayList = readonly IsoDate[] | ReadonlySet<IsoDate>;

export function firstRepaymentWindow(today: IsoDate, holidays: HolidayList): RepaymentWindow {
  if (!isIsoDate(today)) throw new RangeError(`Invalid date: ${String(today)}`);
  const holidaySet = toSet(holidays);
  const earliest = addDaysIso(today, FIRST_REPAYMENT.earliestInDays);
  const latest = nextWorkingDay(addDaysIso(today, FIRST_REPAYMENT.latestInDays), holidaySet);

  const dayOfMonth = Number(today.slice(8, 10));
  const preferred =
    dayOfMonth < FIRST_REPAYMENT.defaultDayThreshold ? earliest : `${addMonthsIso(today, 1).slice(0, 8)}01`;
  const defaultDate = nextWorkingDay(preferred < earliest ? earliest : preferred, holidaySet);

  return { earliest, latest, defaultDate };
}

/** Whether the customer may pick `date`: inside the window, not a weekend, not a holiday. */
export function isSelectableRepaymentDate(date: IsoDate, window: RepaymentWindow, holidays: HolidayList): boolean {
  if (!isIsoDate(date)) return false;
  if (date < window.earliest || date > window.latest) return false;
  return isWorkingDay(date, toSet(holidays));
}

/** Neither a weekend nor a holiday. */
export function isWorkingDay(date: IsoDate, holidays: HolidayList): boolean {
  return !isWeekendIso(date) && !toSet(holidays).has(date);
}

/** `date` itself when it is a working day, otherwise moved forward (Saturday +2, Sunday +1, holiday +1) until it is. */
export function nextWorkingDay(date: IsoDate, holidays: HolidayList): IsoDate {
  const holidaySet = toSet(holidays);
  let current = date;
  for (let guard = 0; guard < 366; guard += 1) {
    if (isWorkingDay(current, holidaySet)) return current;
    current = addDaysIso(current, 1);
  }
  throw new RangeError(`No working day within a year of ${date}`);
}

function toSet(holidays: HolidayList): ReadonlySet<IsoDate> {
  return holidays instanceof Set ? holidays : new Set(holidays);
}
