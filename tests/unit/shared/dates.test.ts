// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  addDaysIso,
  addMonthsIso,
  addYearsIso,
  ageOnDate,
  daysBetweenIso,
  endOfDayInMadrid,
  formatDate,
  formatDateTime,
  formatLongDate,
  isIsoDate,
  isoDateFromParts,
  isoWeekday,
  isWeekendIso,
  parseIsoDate,
  startOfDayInMadrid,
  toIsoDate,
  todayInMadrid,
} from '../../../src/shared/dates.ts';

describe('todayInMadrid / toIsoDate', () => {
  it('reads the calendar date in Madrid, not in UTC (winter, UTC+1)', () => {
    expect(todayInMadrid(new Date('2026-01-14T23:30:00Z'))).toBe('2026-01-15');
    expect(todayInMadrid(new Date('2026-01-14T22:59:59Z'))).toBe('2026-01-14');
  });

  it('reads the calendar date in Madrid in summer (UTC+2)', () => {
    expect(toIsoDate(new Date('2026-07-31T22:00:00Z'))).toBe('2026-08-01');
    expect(toIsoDate(new Date('2026-07-31T21:59:59Z'))).toBe('2026-07-31');
  });

  it('defaults to the current instant', () => {
    expect(todayInMadrid()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('isIsoDate / parseIsoDate', () => {
  it('accepts real YYYY-MM-DD dates, leap days included', () => {
    expect(isIsoDate('2026-12-30')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
  });

  it('rejects impossible or loosely written dates', () => {
    for (const value of [
      '2026-02-30',
      '2026-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '2026-2-3',
      '2026-02-03T00:00',
      '',
      20260203,
      null,
    ]) {
      expect(isIsoDate(value)).toBe(false);
    }
    expect(() => parseIsoDate('2026-02-30')).toThrow(RangeError);
  });

  it('parses to Madrid midnight', () => {
    expect(parseIsoDate('2026-01-15').getTime()).toBe(Date.parse('2026-01-14T23:00:00.000Z'));
    expect(parseIsoDate('2026-07-15').getTime()).toBe(Date.parse('2026-07-14T22:00:00.000Z'));
  });
});

describe('formatting', () => {
  it('formats dates as DD/MM/YYYY', () => {
    expect(formatDate('2026-03-05')).toBe('05/03/2026');
    expect(formatDate(new Date('2026-01-14T23:30:00Z'))).toBe('15/01/2026');
  });

  it('formats instants as DD/MM/YYYY HH:mm:ss in Madrid', () => {
    expect(formatDateTime(new Date('2026-01-14T23:30:05Z'))).toBe('15/01/2026 00:30:05');
    expect(formatDateTime('2026-07-01T10:00:00Z')).toBe('01/07/2026 12:00:00');
    expect(() => formatDateTime('nonsense')).toThrow(RangeError);
  });

  it('writes the long Spanish form with weekday, day, month and year', () => {
    expect(formatLongDate('2026-12-30')).toBe('miércoles, 30 de diciembre de 2026');
    expect(formatLongDate('2026-01-01')).toBe('jueves, 1 de enero de 2026');
  });
});

describe('arithmetic', () => {
  it('adds days across months, years and summer-time changes', () => {
    expect(addDaysIso('2026-01-30', 30)).toBe('2026-03-01');
    expect(addDaysIso('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysIso('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDaysIso('2026-10-24', 2)).toBe('2026-10-26');
    expect(addDaysIso('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDaysIso('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysIso('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDaysIso('0099-12-31', 1)).toBe('0100-01-01');
  });

  it('adds months clamping to the month end', () => {
    expect(addMonthsIso('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsIso('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsIso('2026-01-30', 2)).toBe('2026-03-30');
    expect(addMonthsIso('2026-11-15', 3)).toBe('2027-02-15');
    expect(addYearsIso('2024-02-29', 1)).toBe('2025-02-28');
  });

  it('builds a date from parts clamping the day', () => {
    expect(isoDateFromParts(2026, 2, 30)).toBe('2026-02-28');
    expect(isoDateFromParts(2028, 2, 30)).toBe('2028-02-29');
    expect(isoDateFromParts(2026, 4, 31)).toBe('2026-04-30');
    expect(isoDateFromParts(2026, 12, 5)).toBe('2026-12-05');
  });

  it('recognises weekends and ISO weekdays', () => {
    expect(isWeekendIso('2026-04-04')).toBe(true);
    expect(isWeekendIso('2026-04-05')).toBe(true);
    expect(isWeekendIso('2026-04-06')).toBe(false);
    expect(isoWeekday('2026-04-06')).toBe(1);
    expect(isoWeekday('2026-04-05')).toBe(7);
  });

  it('counts calendar days between dates, negative backwards', () => {
    expect(daysBetweenIso('2026-01-01', '2027-01-01')).toBe(365);
    expect(daysBetweenIso('2028-01-01', '2029-01-01')).toBe(366);
    expect(daysBetweenIso('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetweenIso('2026-03-30', '2026-03-28')).toBe(-2);
  });
});

describe('start and end of day in Madrid', () => {
  it('gives the first and last instant of the Madrid day', () => {
    expect(startOfDayInMadrid('2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(endOfDayInMadrid('2026-01-15').toISOString()).toBe('2026-01-15T22:59:59.999Z');
    expect(endOfDayInMadrid('2026-07-15').toISOString()).toBe('2026-07-15T21:59:59.999Z');
  });

  it('handles the 23-hour day of the spring change', () => {
    const start = startOfDayInMadrid('2026-03-29');
    const end = endOfDayInMadrid('2026-03-29');
    expect(end.getTime() - start.getTime() + 1).toBe(23 * 3600 * 1000);
  });

  it('takes an instant and uses its Madrid date', () => {
    expect(startOfDayInMadrid(new Date('2026-01-14T23:30:00Z')).toISOString()).toBe('2026-01-14T23:00:00.000Z');
  });
});

describe('ageOnDate', () => {
  it('counts completed years', () => {
    expect(ageOnDate('2008-05-10', '2026-05-09')).toBe(17);
    expect(ageOnDate('2008-05-10', '2026-05-10')).toBe(18);
    expect(ageOnDate('1951-01-01', '2026-12-31')).toBe(75);
  });

  it('reaches a 29 February birthday on 28 February of common years (Código Civil art. 5)', () => {
    expect(ageOnDate('2008-02-29', '2026-02-27')).toBe(17);
    expect(ageOnDate('2008-02-29', '2026-02-28')).toBe(18);
    expect(ageOnDate('2008-02-29', '2028-02-28')).toBe(19);
    expect(ageOnDate('2008-02-29', '2028-02-29')).toBe(20);
  });
});
