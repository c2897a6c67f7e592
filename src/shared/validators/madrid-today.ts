/** Today's calendar date in Europe/Madrid, for the validators that compare with "now" (private helper). */
import { TZDate } from '@date-fns/tz';
import { TIME_ZONE } from '../constants.ts';
import { daysInMonth } from '../dates.ts';

export interface CalendarDate {
  readonly year: number;
  /** 1–12 */
  readonly month: number;
  readonly day: number;
}

export function madridToday(now: Date = new Date()): CalendarDate {
  const madrid = new TZDate(now.getTime(), TIME_ZONE);
  return { year: madrid.getFullYear(), month: madrid.getMonth() + 1, day: madrid.getDate() };
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

export function toIsoDate({ year, month, day }: CalendarDate): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** The same day `years` earlier; 29 February becomes 28 February in a common year (as date-fns `subYears`). */
export function yearsBefore(date: CalendarDate, years: number): CalendarDate {
  const year = date.year - years;
  return { year, month: date.month, day: Math.min(date.day, daysInMonth(year, date.month)) };
}

/** Parses a strict `YYYY-MM-DD` that names a real calendar day. */
export function parseIsoDate(text: string): CalendarDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}
