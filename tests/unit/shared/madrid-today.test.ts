import { describe, expect, it } from 'vitest';
import { todayInMadrid } from '../../../src/shared/madrid-today.ts';

/** The tz database's answer (the machine's ICU): what the hand-written rule must agree with. */
const tzDatabase = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const fromTzDatabase = (date: Date) => {
  const parts = Object.fromEntries(tzDatabase.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
};

const HOUR = 60 * 60 * 1000;

describe('todayInMadrid', () => {
  it('turns the date at midnight Madrid time, winter and summer', () => {
    expect(todayInMadrid(new Date('2026-01-14T22:59:59Z'))).toBe('2026-01-14');
    expect(todayInMadrid(new Date('2026-01-14T23:00:00Z'))).toBe('2026-01-15');
    expect(todayInMadrid(new Date('2026-07-14T21:59:59Z'))).toBe('2026-07-14');
    expect(todayInMadrid(new Date('2026-07-14T22:00:00Z'))).toBe('2026-07-15');
  });

  it('changes offset on the last Sundays of March and October at 01:00 UTC', () => {
    // 2026: summer time from 29 March 01:00 UTC to 25 October 01:00 UTC.
    expect(todayInMadrid(new Date('2026-03-28T22:30:00Z'))).toBe('2026-03-28'); // 23:30 CET
    expect(todayInMadrid(new Date('2026-03-29T22:30:00Z'))).toBe('2026-03-30'); // 00:30 CEST
    expect(todayInMadrid(new Date('2026-10-24T22:30:00Z'))).toBe('2026-10-25'); // 00:30 CEST
    expect(todayInMadrid(new Date('2026-10-25T22:30:00Z'))).toBe('2026-10-25'); // 23:30 CET
  });

  it('agrees with the tz database every hour around each change and each new year, 1996–2060', () => {
    let checked = 0;
    for (let year = 1996; year <= 2060; year += 1) {
      for (const [month, day] of [
        [2, 24], // from 24 March: the last Sunday is on or after the 25th
        [9, 24],
        [11, 30],
      ] as const) {
        const from = Date.UTC(year, month, day);
        for (let at = from; at < from + 9 * 24 * HOUR; at += HOUR / 2) {
          const date = new Date(at);
          expect(todayInMadrid(date), date.toISOString()).toBe(fromTzDatabase(date));
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(80_000);
  });

  it('agrees with the tz database on spread instants of the whole range', () => {
    const from = Date.UTC(1996, 0, 1);
    const to = Date.UTC(2061, 0, 1);
    for (let index = 0; index < 20_000; index += 1) {
      // A fixed, well spread sequence (no randomness: a failure names its instant and repeats).
      const date = new Date(from + (((index * 2_654_435_761) % 1_000_003) / 1_000_003) * (to - from));
      expect(todayInMadrid(date), date.toISOString()).toBe(fromTzDatabase(date));
    }
  });

  it('refuses an invalid date as Intl does', () => {
    expect(() => todayInMadrid(new Date(Number.NaN))).toThrow(RangeError);
  });
});
