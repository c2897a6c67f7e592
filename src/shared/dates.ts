import { TZDate } from '@date-fns/tz';
// From their own files: the package index loads all of date-fns on the server (~120 ms of its start); the client's
// bundle holds the same two functions either way.
import { endOfDay } from 'date-fns/endOfDay';
import { format } from 'date-fns/format';
import { es } from 'date-fns/locale/es';
import { formatIsoDate, isoParts, type IsoDate } from './calendar.ts';
import { TIME_ZONE } from './constants.ts';

export {
  addDaysIso,
  addMonthsIso,
  addYearsIso,
  ageOnDate,
  daysBetweenIso,
  daysInMonth,
  formatIsoDate,
  isIsoDate,
  isLeapYear,
  isoDateFromParts,
  isoWeekday,
  isWeekendIso,
  type IsoDate,
} from './calendar.ts';
/** Today's date in Madrid (`now` defaults to the current instant). */
export { todayInMadrid } from './madrid-today.ts';

/**
 * Calendar dates of the product, always in Europe/Madrid (second document §9).
 *
 * - On the wire and inside logic a calendar date is an ISO string `YYYY-MM-DD` (`IsoDate`); ISO strings of this
 *   shape sort and compare correctly as plain strings.
 * - An instant (`Date`) becomes a calendar date by reading the wall clock in Madrid (`@date-fns/tz`), never the
 *   machine's zone; start and end of a Madrid day, and date-time display, go the same way.
 * - Arithmetic on calendar dates (add days, months, years; weekdays; day counts) involves no time zone at all: it
 *   runs on the proleptic Gregorian calendar in UTC (`Date.UTC` positions), so summer time can never shift a day. (It was
 *   first written with date-fns on `TZDate`, which is correct but about 100× slower — each step asks `Intl` for
 *   the offset — and a 24-date plan needs hundreds of steps.)
 * - Display: `DD/MM/YYYY`, with clock `DD/MM/YYYY HH:mm:ss`, long form `miércoles, 30 de diciembre de 2026`.
 *
 * The time-zone-free calendar arithmetic lives in `calendar.ts` (re-exported here): code that needs only that —
 * the loan maths, the home page in the first load — imports it without pulling date-fns and @date-fns/tz in.
 */

/** `YYYY-MM-DD` → Madrid midnight of that date; throws a `RangeError` for anything that is not a real date. */
export function parseIsoDate(iso: string): TZDate {
  const [year, month, day] = isoParts(iso);
  return new TZDate(year, month - 1, day, TIME_ZONE);
}

/** The Madrid calendar date of an instant. */
export function toIsoDate(date: Date | number): IsoDate {
  const instant = new TZDate(typeof date === 'number' ? date : date.getTime(), TIME_ZONE);
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid date');
  return format(instant, 'yyyy-MM-dd');
}

/** `DD/MM/YYYY` of a calendar date, or of an instant read in Madrid. */
export function formatDate(value: IsoDate | Date): string {
  return formatIsoDate(typeof value === 'string' ? value : toIsoDate(value));
}

/** `DD/MM/YYYY HH:mm:ss` of an instant (a `Date`, epoch milliseconds or an ISO date-time string) in Madrid. */
export function formatDateTime(value: Date | number | string): string {
  const instant = new TZDate(typeof value === 'number' ? value : new Date(value).getTime(), TIME_ZONE);
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Invalid date-time: ${String(value)}`);
  return format(instant, 'dd/MM/yyyy HH:mm:ss');
}

/** Weekday, day, month and year in Spanish: `2026-12-30` → `'miércoles, 30 de diciembre de 2026'`. */
export function formatLongDate(value: IsoDate | Date): string {
  return format(toMadrid(value), "EEEE, d 'de' MMMM 'de' yyyy", { locale: es });
}

/** The first instant of the date in Madrid. */
export function startOfDayInMadrid(value: IsoDate | Date): Date {
  return new Date(toMadridMidnight(value).getTime());
}

/** The last millisecond of the date in Madrid (23:59:59.999). */
export function endOfDayInMadrid(value: IsoDate | Date): Date {
  return new Date(endOfDay(toMadridMidnight(value)).getTime());
}

function toMadrid(value: IsoDate | Date): TZDate {
  if (typeof value === 'string') return parseIsoDate(value);
  const instant = new TZDate(value.getTime(), TIME_ZONE);
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid date');
  return instant;
}

function toMadridMidnight(value: IsoDate | Date): TZDate {
  return parseIsoDate(typeof value === 'string' ? value : toIsoDate(value));
}
