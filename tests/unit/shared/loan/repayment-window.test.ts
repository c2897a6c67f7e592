// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { endOfDayInMadrid, startOfDayInMadrid } from '../../../../src/shared/dates.ts';
import {
  firstRepaymentWindow,
  isSelectableRepaymentDate,
  nextWorkingDay,
} from '../../../../src/shared/loan/repayment-window.ts';

const HOLIDAYS_2026 = [
  '2026-01-01',
  '2026-01-06',
  '2026-04-03',
  '2026-05-01',
  '2026-08-15',
  '2026-10-12',
  '2026-11-01',
  '2026-12-06',
  '2026-12-08',
  '2026-12-25',
  '2027-01-01',
  '2027-01-06',
];

describe('firstRepaymentWindow', () => {
  it('opens 6 days after today at the start of the day (Madrid)', () => {
    const window = firstRepaymentWindow('2026-06-03', HOLIDAYS_2026);
    expect(window.earliest).toBe('2026-06-09');
    expect(startOfDayInMadrid(window.earliest).toISOString()).toBe('2026-06-08T22:00:00.000Z');
  });

  it('closes 31 days after today when that is a working day, at the end of the day', () => {
    // 2026-06-03 + 31 = 2026-07-04 (Saturday) → Monday 2026-07-06.
    const window = firstRepaymentWindow('2026-06-03', HOLIDAYS_2026);
    expect(window.latest).toBe('2026-07-06');
    expect(endOfDayInMadrid(window.latest).toISOString()).toBe('2026-07-06T21:59:59.999Z');
    // 2026-06-01 + 31 = 2026-07-02 (Thursday).
    expect(firstRepaymentWindow('2026-06-01', HOLIDAYS_2026).latest).toBe('2026-07-02');
  });

  it('moves the latest date off a Sunday by one day', () => {
    // 2026-06-04 + 31 = 2026-07-05 (Sunday) → 2026-07-06.
    expect(firstRepaymentWindow('2026-06-04', HOLIDAYS_2026).latest).toBe('2026-07-06');
  });

  it('keeps moving the latest date until it is neither weekend nor holiday', () => {
    // 2026-11-30 + 31 = 2026-12-31 (Thursday) — make it a holiday too, then 2027-01-01 holiday, 2-3 weekend → 4.
    const window = firstRepaymentWindow('2026-11-30', [...HOLIDAYS_2026, '2026-12-31']);
    expect(window.latest).toBe('2027-01-04');
    // 2026-09-11 + 31 = 2026-10-12 (Monday, Fiesta Nacional) → 2026-10-13.
    expect(firstRepaymentWindow('2026-09-11', HOLIDAYS_2026).latest).toBe('2026-10-13');
  });

  it('defaults to the earliest date when today is before the 20th', () => {
    expect(firstRepaymentWindow('2026-06-03', HOLIDAYS_2026).defaultDate).toBe('2026-06-09');
    expect(firstRepaymentWindow('2026-06-19', HOLIDAYS_2026).defaultDate).toBe('2026-06-25');
  });

  it('defaults to the first of next month from the 20th on', () => {
    // 2026-06-20 → 2026-07-01 (Wednesday).
    expect(firstRepaymentWindow('2026-06-20', HOLIDAYS_2026).defaultDate).toBe('2026-07-01');
  });

  it('moves a default that falls on a weekend or holiday to the next selectable date', () => {
    // Earliest 2026-06-13 is a Saturday → Monday 15.
    expect(firstRepaymentWindow('2026-06-07', HOLIDAYS_2026).defaultDate).toBe('2026-06-15');
    // 2027-01-01 is a holiday, 2-3 a weekend → 2027-01-04.
    expect(firstRepaymentWindow('2026-12-21', HOLIDAYS_2026).defaultDate).toBe('2027-01-04');
  });

  it('moves a first-of-next-month default that is before the earliest date to the next selectable date', () => {
    // 2026-09-28: earliest 2026-10-04 (Sunday) is after 1 October → Monday 2026-10-05.
    const window = firstRepaymentWindow('2026-09-28', HOLIDAYS_2026);
    expect(window.earliest).toBe('2026-10-04');
    expect(window.defaultDate).toBe('2026-10-05');
  });

  it('always pre-selects a selectable date', () => {
    for (let day = 1; day <= 28; day += 1) {
      const today = `2026-12-${String(day).padStart(2, '0')}`;
      const window = firstRepaymentWindow(today, HOLIDAYS_2026);
      expect(isSelectableRepaymentDate(window.defaultDate, window, HOLIDAYS_2026)).toBe(true);
    }
  });

  it('accepts the holidays as a Set', () => {
    expect(firstRepaymentWindow('2026-09-11', new Set(HOLIDAYS_2026)).latest).toBe('2026-10-13');
  });
});

describe('isSelectableRepaymentDate', () => {
  const window = firstRepaymentWindow('2026-03-27', HOLIDAYS_2026);

  it('accepts working days inside the window, both ends included', () => {
    expect(window.earliest).toBe('2026-04-02');
    expect(isSelectableRepaymentDate('2026-04-02', window, HOLIDAYS_2026)).toBe(true);
    expect(isSelectableRepaymentDate(window.latest, window, HOLIDAYS_2026)).toBe(true);
  });

  it('rejects dates outside the window, weekends, holidays and malformed dates', () => {
    expect(isSelectableRepaymentDate('2026-04-01', window, HOLIDAYS_2026)).toBe(false);
    expect(isSelectableRepaymentDate('2026-04-03', window, HOLIDAYS_2026)).toBe(false);
    expect(isSelectableRepaymentDate('2026-04-04', window, HOLIDAYS_2026)).toBe(false);
    expect(isSelectableRepaymentDate('2026-04-05', window, HOLIDAYS_2026)).toBe(false);
    expect(isSelectableRepaymentDate('2026-05-30', window, HOLIDAYS_2026)).toBe(false);
    expect(isSelectableRepaymentDate('2026-04-31', window, HOLIDAYS_2026)).toBe(false);
  });
});

describe('nextWorkingDay', () => {
  it('moves Saturday by two and Sunday by one', () => {
    expect(nextWorkingDay('2026-04-11', [])).toBe('2026-04-13');
    expect(nextWorkingDay('2026-04-12', [])).toBe('2026-04-13');
    expect(nextWorkingDay('2026-04-13', [])).toBe('2026-04-13');
  });
});
