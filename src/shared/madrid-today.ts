import type { IsoDate } from './calendar.ts';

/**
 * Today's calendar date in Europe/Madrid as `YYYY-MM-DD`: the one place that reads the Madrid wall clock for "today"
 * (dates.ts re-exports it as the product's date helper; the validators and the home page's calculator use it too).
 *
 * Computed from the EU summer-time rule rather than asked of `Intl` with a time zone: the first such `Intl` format of
 * a page loads the time-zone and locale data, 20–60 ms on this machine and several times that on a phone, inside the
 * home calculator's first task. Madrid is UTC+1 (CET), and UTC+2 (CEST) from the last Sunday of March 01:00 UTC to
 * the last Sunday of October 01:00 UTC (Directive 2000/84/EC; the tz database's Europe/Madrid since 1996). A unit test
 * compares every hour of 1996–2060 around the changes with the tz database of the machine running it, so a change of
 * the rule in the tz data fails the tests instead of moving "today" silently.
 */

const HOUR_MS = 60 * 60 * 1000;

/** The last Sunday of `monthIndex` (0-based) of `year`, at 01:00 UTC, in epoch milliseconds. */
function lastSundayAtOneUtc(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
  return Date.UTC(year, monthIndex, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** Madrid's offset from UTC at `epochMs`, in milliseconds. */
function madridOffsetMs(epochMs: number): number {
  const year = new Date(epochMs).getUTCFullYear();
  const summer = epochMs >= lastSundayAtOneUtc(year, 2) && epochMs < lastSundayAtOneUtc(year, 9);
  return (summer ? 2 : 1) * HOUR_MS;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

export function todayInMadrid(now: Date = new Date()): IsoDate {
  const epochMs = now.getTime();
  if (!Number.isFinite(epochMs)) throw new RangeError('Invalid time value');
  const wall = new Date(epochMs + madridOffsetMs(epochMs));
  return `${wall.getUTCFullYear()}-${twoDigits(wall.getUTCMonth() + 1)}-${twoDigits(wall.getUTCDate())}`;
}
