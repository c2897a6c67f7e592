import { TZDate } from '@date-fns/tz';
import { endOfDay, format } from 'date-fns';
import { es } from 'date-fns/locale/es';
import { TIME_ZONE } from './constants.ts';

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
 */

export type IsoDate = string;

const DAY_MS = 86_400_000;

const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Days in `month` (1-12) of `year` (0 for a month outside 1-12). */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return MONTH_LENGTHS[month - 1] ?? 0;
}

/** True for a real calendar date written `YYYY-MM-DD` (so `2026-02-30` and `2026-2-3` are false). */
export function isIsoDate(value: unknown): value is IsoDate {
  return typeof value === 'string' && calendarParts(value) !== null;
}

/**
 * `[year, month, day]` of a real `YYYY-MM-DD` date, or null. Hand-rolled rather than a regular expression: the
 * loan maths parses dates thousands of times per plan and TAE, and this is about five times faster.
 */
function calendarParts(value: string): [number, number, number] | null {
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return null;
  const year = digits(value, 0, 4);
  const month = digits(value, 5, 7);
  const day = digits(value, 8, 10);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return [year, month, day];
}

/** The decimal number written in `value[from, to)`, or -1 when a character is not a digit. */
function digits(value: string, from: number, to: number): number {
  let result = 0;
  for (let index = from; index < to; index += 1) {
    const code = value.charCodeAt(index) - 48;
    if (code < 0 || code > 9) return -1;
    result = result * 10 + code;
  }
  return result;
}

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

/** Today's date in Madrid (`now` defaults to the current instant). */
export function todayInMadrid(now: Date = new Date()): IsoDate {
  return toIsoDate(now);
}

/** The date `year`-`month`-`day` (month 1-12), with the day clamped to the month's last day: (2026, 2, 30) → 2026-02-28. */
export function isoDateFromParts(year: number, month: number, day: number): IsoDate {
  const normalized = new Date(utc(year, month - 1, 1));
  const y = normalized.getUTCFullYear();
  const m = normalized.getUTCMonth() + 1;
  const clamped = Math.min(Math.max(1, Math.trunc(day)), daysInMonth(y, m));
  return fromUtc(utc(y, m - 1, clamped));
}

/** `DD/MM/YYYY` of a calendar date, or of an instant read in Madrid. */
export function formatDate(value: IsoDate | Date): string {
  const [year, month, day] = isoParts(typeof value === 'string' ? value : toIsoDate(value));
  return `${pad(day)}/${pad(month)}/${String(year).padStart(4, '0')}`;
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

export function addDaysIso(iso: IsoDate, days: number): IsoDate {
  return fromUtc(toUtc(iso) + Math.trunc(days) * DAY_MS);
}

/** Calendar months, clamped to the month's end: `2026-01-31` + 1 → `2026-02-28`. */
export function addMonthsIso(iso: IsoDate, months: number): IsoDate {
  const [year, month, day] = isoParts(iso);
  return isoDateFromParts(year, month + Math.trunc(months), day);
}

/** Calendar years, clamped: `2024-02-29` + 1 → `2025-02-28`. */
export function addYearsIso(iso: IsoDate, years: number): IsoDate {
  return addMonthsIso(iso, 12 * Math.trunc(years));
}

/** Saturday or Sunday. */
export function isWeekendIso(iso: IsoDate): boolean {
  return isoWeekday(iso) >= 6;
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export function isoWeekday(iso: IsoDate): number {
  const day = new Date(toUtc(iso)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The first instant of the date in Madrid. */
export function startOfDayInMadrid(value: IsoDate | Date): Date {
  return new Date(toMadridMidnight(value).getTime());
}

/** The last millisecond of the date in Madrid (23:59:59.999). */
export function endOfDayInMadrid(value: IsoDate | Date): Date {
  return new Date(endOfDay(toMadridMidnight(value)).getTime());
}

/** Calendar days from `from` to `to` (negative when `to` is earlier): 2026-01-30 → 2026-03-01 is 30. */
export function daysBetweenIso(from: IsoDate, to: IsoDate): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

/**
 * Completed years of age on a date, counted "de fecha a fecha" (Código Civil art. 5.1): a birthday that the year
 * lacks (29 February) is reached on the month's last day, 28 February.
 */
export function ageOnDate(birthIso: IsoDate, onIso: IsoDate): number {
  isoParts(birthIso);
  isoParts(onIso);
  let years = Number(onIso.slice(0, 4)) - Number(birthIso.slice(0, 4));
  if (addYearsIso(birthIso, years) > onIso) years -= 1;
  return years;
}

function isoParts(iso: string): [number, number, number] {
  const parts = typeof iso === 'string' ? calendarParts(iso) : null;
  if (!parts) throw new RangeError(`Not a valid YYYY-MM-DD date: ${String(iso)}`);
  return parts;
}

/** Epoch milliseconds of the date's midnight in UTC: a pure calendar position, used only for arithmetic. */
function toUtc(iso: IsoDate): number {
  const [year, month, day] = isoParts(iso);
  return utc(year, month - 1, day);
}

/** `Date.UTC` without its mapping of years 0-99 to 1900-1999. */
function utc(year: number, monthIndex: number, day: number): number {
  if (year >= 100) return Date.UTC(year, monthIndex, day);
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  return date.getTime();
}

function fromUtc(epoch: number): IsoDate {
  const date = new Date(epoch);
  const year = date.getUTCFullYear();
  if (year < 1 || year > 9999) throw new RangeError('Date out of range');
  return `${String(year).padStart(4, '0')}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
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
