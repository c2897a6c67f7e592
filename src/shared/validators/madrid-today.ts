/** Calendar dates as numbers for the validators that compare with "now", and today's in Europe/Madrid. */
import { daysInMonth } from '../calendar.ts';
import { todayInMadrid } from '../madrid-today.ts';

export interface CalendarDate {
  readonly year: number;
  /** 1–12 */
  readonly month: number;
  readonly day: number;
}

/** Today in Europe/Madrid (shared/madrid-today.ts) as numbers. */
export function madridToday(now: Date = new Date()): CalendarDate {
  const [year, month, day] = todayInMadrid(now).split('-').map(Number) as [number, number, number];
  return { year, month, day };
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
