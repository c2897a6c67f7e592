/**
 * Calendar dates without a time zone (`YYYY-MM-DD` strings): validation and arithmetic on the proleptic Gregorian
 * calendar in UTC positions (`Date.UTC`), so summer time can never shift a day. Nothing here depends on a date
 * library: the loan maths and the first-load home page use it directly; `dates.ts` re-exports it beside the
 * Europe/Madrid helpers (today, instants, display).
 */

/** A calendar date `YYYY-MM-DD`; such strings sort and compare correctly as plain strings. */
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

/** The date `year`-`month`-`day` (month 1-12), with the day clamped to the month's last day: (2026, 2, 30) → 2026-02-28. */
export function isoDateFromParts(year: number, month: number, day: number): IsoDate {
  const normalized = new Date(utc(year, month - 1, 1));
  const y = normalized.getUTCFullYear();
  const m = normalized.getUTCMonth() + 1;
  const clamped = Math.min(Math.max(1, Math.trunc(day)), daysInMonth(y, m));
  return fromUtc(utc(y, m - 1, clamped));
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

/** `[year, month, day]` of a real `YYYY-MM-DD` date; throws a `RangeError` otherwise. */
export function isoParts(iso: string): [number, number, number] {
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

/** Two digits: 3 → '03'. */
export function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** `DD/MM/YYYY` of a calendar date (second document §9): `2026-07-30` → `30/07/2026`. */
export function formatIsoDate(iso: IsoDate): string {
  const [year, month, day] = isoParts(iso);
  return `${pad(day)}/${pad(month)}/${String(year).padStart(4, '0')}`;
}
