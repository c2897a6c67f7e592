import { describe, expect, it } from 'vitest';
import { ROLLOVER } from '../../../../src/shared/loan-constants.ts';
import { addDaysIso } from '../../../../src/shared/calendar.ts';
import { toCents } from '../../../../src/shared/money.ts';
import { DEFAULT_LOAN_DEFINITION, MINI_LOAN_DEFINITION } from '../../../../src/shared/loan/loan-definition.ts';
import {
  isRolloverDate,
  rolloverDates,
  rolloverFigures,
  rolloverInstallment,
} from '../../../../src/shared/loan/rollover.ts';
import type { InstallmentStatus } from '../../../../src/shared/loan-statuses.ts';

/** docs/rules/payments.md "Rollover": the instalment moved, the available dates and the fee / new amount, in cents. */

const row = (status: InstallmentStatus, id = 1) => ({ id, status });

describe('rolloverInstallment: the single instalment not rolled over, when payable', () => {
  it.each([
    [[row('notPaid')], 1],
    [[row('arranged')], 1],
    [[row('rollovered', 1), row('notPaid', 2)], 2],
    [[row('rollovered', 1), row('rollovered', 2), row('arranged', 3)], 3],
  ])('%j → instalment %i', (rows, id) => {
    expect(rolloverInstallment(rows)?.id).toBe(id);
  });

  it.each([
    [[]],
    [[row('notPaid', 1), row('notPaid', 2)]],
    [[row('paid', 1), row('notPaid', 2)]],
    [[row('paid')]],
    [[row('restructured')]],
    [[row('rollovered')]],
    [[row('rollovered', 1), row('paid', 2)]],
  ])('%j → none', (rows) => {
    expect(rolloverInstallment(rows)).toBeNull();
  });
});

describe('rolloverDates: working days from max(today, D0) + 7 to + 30, not before fromDate', () => {
  // 2026-11-02 is a Monday.
  const today = '2026-11-02';

  it('counts from today when the instalment is already due, both ends included, weekends left out', () => {
    const dates = rolloverDates({ today, currentDate: '2026-10-30', holidays: [] });
    expect(dates[0]).toBe(addDaysIso(today, ROLLOVER.minDays)); // Monday 9 November
    expect(dates.at(-1)).toBe('2026-12-02'); // today + 30, a Wednesday
    expect(dates).not.toContain('2026-11-08'); // + 6
    expect(dates).not.toContain('2026-12-03'); // + 31
    expect(dates).not.toContain('2026-11-14'); // Saturday
    expect(dates).not.toContain('2026-11-15'); // Sunday
    expect(dates).toHaveLength(18);
  });

  it('counts from the instalment’s date when it is later than today', () => {
    const dates = rolloverDates({ today, currentDate: '2026-11-06', holidays: [] });
    expect(dates[0]).toBe('2026-11-13'); // Friday, D0 + 7
    expect(dates.at(-1)).toBe('2026-12-04'); // D0 + 30
    expect(dates).not.toContain('2026-11-12');
  });

  it('the instalment due today: the same as counting from today', () => {
    expect(rolloverDates({ today, currentDate: today, holidays: [] })).toEqual(
      rolloverDates({ today, currentDate: '2026-09-01', holidays: [] }),
    );
  });

  it('leaves out holidays, also at the ends (no moving a date forward)', () => {
    const dates = rolloverDates({ today, currentDate: today, holidays: ['2026-11-09', '2026-12-02', '2026-12-08'] });
    expect(dates[0]).toBe('2026-11-10');
    expect(dates.at(-1)).toBe('2026-12-01');
    expect(dates).not.toContain('2026-12-08');
  });

  it('fromDate only cuts dates off the start (a date before the window changes nothing)', () => {
    expect(rolloverDates({ today, currentDate: today, fromDate: '2026-11-20', holidays: [] })[0]).toBe('2026-11-20');
    expect(rolloverDates({ today, currentDate: today, fromDate: '2026-11-21', holidays: [] })[0]).toBe('2026-11-23');
    expect(rolloverDates({ today, currentDate: today, fromDate: '2026-01-01', holidays: [] })).toEqual(
      rolloverDates({ today, currentDate: today, holidays: [] }),
    );
    expect(rolloverDates({ today, currentDate: today, fromDate: '2026-12-03', holidays: [] })).toEqual([]);
  });

  it('isRolloverDate agrees with the list and refuses what is not a date', () => {
    const input = { today, currentDate: today, holidays: [] };
    expect(isRolloverDate('2026-11-09', input)).toBe(true);
    expect(isRolloverDate('2026-11-08', input)).toBe(false);
    expect(isRolloverDate('2026-12-03', input)).toBe(false);
    expect(isRolloverDate('2026-11-31', input)).toBe(false);
    expect(isRolloverDate('nope', input)).toBe(false);
  });

  it('refuses invalid dates', () => {
    expect(() => rolloverDates({ today: '2026-13-01', currentDate: today, holidays: [] })).toThrow(RangeError);
  });
});

describe('rolloverFigures: fee = interest − paid, principal = base − paid beyond the interest, new interest at r^m', () => {
  const installment = { expectedDate: '2026-11-02', base: toCents(30_000), interest: toCents(1_833), paid: toCents(0) };
  const rate = DEFAULT_LOAN_DEFINITION.monthlyRateBasisPoints / 10_000;

  it('nothing paid: the fee is the whole interest, the whole base moves', () => {
    const figures = rolloverFigures(installment, '2026-12-02');
    // One calendar month: exactly r.
    const interest = Math.round(30_000 * rate);
    expect(figures).toEqual({
      fee: 1_833,
      principal: 30_000,
      newInterest: interest,
      newTotalPayment: 30_000 + interest,
    });
  });

  it('m in Annex I months: 7 days of a 365-day year', () => {
    const figures = rolloverFigures(installment, '2026-11-09');
    const expected = Math.round(30_000 * (Math.pow(1 + rate, (12 * 7) / 365) - 1));
    expect(figures.newInterest).toBe(expected);
    expect(figures.newTotalPayment).toBe(30_000 + expected);
  });

  it.each([
    // paid, fee, principal
    [0, 1_833, 30_000],
    [1, 1_832, 30_000],
    [1_832, 1, 30_000],
    [1_833, 0, 30_000],
    [1_834, 0, 29_999],
    [11_833, 0, 20_000],
    [31_833, 0, 0],
  ])('paid %i → fee %i, principal %i', (paid, fee, principal) => {
    const figures = rolloverFigures({ ...installment, paid: toCents(paid) }, '2026-12-02');
    expect([figures.fee, figures.principal]).toEqual([fee, principal]);
    expect(figures.newTotalPayment).toBe(figures.principal + figures.newInterest);
  });

  it('rounds the new interest half away from zero', () => {
    // 1 cent × r for one month is 0.0611 → 0; 100 cents → 6.11 → 6; 9 cents → 0.5499 → 1 (0.55 → 1).
    expect(rolloverFigures({ ...installment, base: toCents(100) }, '2026-12-02').newInterest).toBe(6);
    const zeroRate = { ...DEFAULT_LOAN_DEFINITION, monthlyRateBasisPoints: 5_000 };
    // 50 % a month on 1 cent = 0,5 → 1.
    expect(rolloverFigures({ ...installment, base: toCents(1) }, '2026-12-02', zeroRate).newInterest).toBe(1);
  });

  it('refuses a new date on or before the current one', () => {
    expect(() => rolloverFigures(installment, '2026-11-02')).toThrow(RangeError);
    expect(() => rolloverFigures(installment, '2026-11-01')).toThrow(RangeError);
    expect(() => rolloverFigures(installment, 'x')).toThrow(RangeError);
  });
});

describe("rolloverFigures of a minipréstamo: the extension priced at the definition's daily rate", () => {
  const installment = { expectedDate: '2026-12-01', base: toCents(30_000), interest: toCents(4_500), paid: toCents(0) };

  it.each([
    [7, 1_575],
    [20, 4_500],
    [30, 6_750],
  ])('300 € moved %i days: the fee is the unpaid interest, the new interest amount × 0,75 % × days', (days, cents) => {
    // Independent: 30 000 cents × 75 / 10 000 × days, rounded half away from zero.
    expect(Math.round((30_000 * 75 * days) / 10_000)).toBe(cents);
    const figures = rolloverFigures(installment, addDaysIso('2026-12-01', days), MINI_LOAN_DEFINITION);
    expect(figures).toEqual({ fee: 4_500, principal: 30_000, newInterest: cents, newTotalPayment: 30_000 + cents });
  });

  it('a partial payment beyond the interest lowers the principal that is priced: 100 € paid on 345 €', () => {
    const figures = rolloverFigures({ ...installment, paid: toCents(10_000) }, '2026-12-21', MINI_LOAN_DEFINITION);
    // 45 € of interest paid, 55 € of capital: 245 € × 0,75 % × 20 days = 36,75 €.
    expect(figures).toEqual({ fee: 0, principal: 24_500, newInterest: 3_675, newTotalPayment: 28_175 });
  });
});
