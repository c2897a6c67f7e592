import type { IsoDate } from '../../../shared/dates.ts';
import { spainNationalHolidays } from './holidays.ts';

const byYear = new Map<number, readonly string[]>();

/**
 * HolidaysGet's answer: the national holidays of today's year and the next one (the first-repayment window
 * reaches 31 days ahead and payment dates up to two years), computed once per year pair.
 */
export function holidaysAround(today: IsoDate): string[] {
  const year = Number(today.slice(0, 4));
  let holidays = byYear.get(year);
  if (!holidays) {
    holidays = Object.freeze(spainNationalHolidays(year, year + 1));
    byYear.set(year, holidays);
  }
  return [...holidays];
}
