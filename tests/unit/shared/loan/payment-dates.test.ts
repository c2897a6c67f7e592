// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  computePaymentDates,
  defaultFlow,
  initialDraftPaymentDates,
  monthlyPaymentDates,
} from '../../../../src/shared/loan/payment-dates.ts';

describe('computePaymentDates, specificDate', () => {
  it('returns 24 dates by default', () => {
    const dates = computePaymentDates({
      nextSalaryDate: '2026-03-10',
      paymentFrequencyLogical: 'specificDate',
      day: 30,
    });
    expect(dates).toHaveLength(24);
    expect(dates.at(-1)).toBe('2028-02-29');
  });

  it('puts each date on day N, clamped to the month end each month without drifting', () => {
    const dates = computePaymentDates({
      nextSalaryDate: '2026-01-10',
      calculateNextXDates: 4,
      paymentFrequencyLogical: 'specificDate',
      day: 30,
    });
    expect(dates).toEqual(['2026-01-30', '2026-02-28', '2026-03-30', '2026-04-30']);
  });

  it('clamps to 29 February in leap years', () => {
    const dates = computePaymentDates({
      nextSalaryDate: '2028-01-31',
      calculateNextXDates: 3,
      paymentFrequencyLogical: 'specificDate',
      day: 31,
    });
    expect(dates).toEqual(['2028-01-31', '2028-02-29', '2028-03-31']);
  });

  it('starts the month after when day N of the salary month has already passed', () => {
    const dates = computePaymentDates({
      nextSalaryDate: '2026-03-31',
      calculateNextXDates: 2,
      paymentFrequencyLogical: 'specificDate',
      day: 30,
    });
    expect(dates).toEqual(['2026-04-30', '2026-05-30']);
  });

  it('starts on the salary date itself when it is day N', () => {
    const dates = computePaymentDates({
      nextSalaryDate: '2026-04-30',
      calculateNextXDates: 2,
      paymentFrequencyLogical: 'specificDate',
      day: 30,
    });
    expect(dates).toEqual(['2026-04-30', '2026-05-30']);
  });

  it('with day empty, uses the salary date as the first date and its day every month (stored-flow defaults)', () => {
    for (const empty of [null, undefined, ''] as const) {
      const dates = computePaymentDates({
        nextSalaryDate: '2026-05-27',
        calculateNextXDates: 3,
        paymentFrequencyLogical: 'specificDate',
        day: empty,
        week: '',
      });
      expect(dates).toEqual(['2026-05-27', '2026-06-27', '2026-07-27']);
    }
  });

  it('accepts the day as a numeric string', () => {
    const dates = computePaymentDates({
      nextSalaryDate: '2026-12-01',
      calculateNextXDates: 2,
      paymentFrequencyLogical: 'monthly',
      day: '15',
    });
    expect(dates).toEqual(['2026-12-15', '2027-01-15']);
  });

  it('rejects invalid input', () => {
    expect(() =>
      computePaymentDates({ nextSalaryDate: '2026-02-30', paymentFrequencyLogical: 'specificDate' }),
    ).toThrow(RangeError);
    expect(() =>
      computePaymentDates({ nextSalaryDate: '2026-02-03', paymentFrequencyLogical: 'specificDate', day: 32 }),
    ).toThrow(RangeError);
    expect(() =>
      computePaymentDates({
        nextSalaryDate: '2026-02-03',
        paymentFrequencyLogical: 'specificDate',
        calculateNextXDates: 0,
      }),
    ).toThrow(RangeError);
  });
});

describe('computePaymentDates, weekly and biweekly', () => {
  it('weekly dates fall on the requested ISO weekday on or after the salary date', () => {
    // 2026-04-01 is a Wednesday; week 5 = Friday.
    const dates = computePaymentDates({
      nextSalaryDate: '2026-04-01',
      calculateNextXDates: 3,
      paymentFrequencyLogical: 'weekly',
      week: 5,
    });
    expect(dates).toEqual(['2026-04-03', '2026-04-10', '2026-04-17']);
  });

  it('biweekly dates are 14 days apart, from the salary date when no weekday is given', () => {
    const dates = computePaymentDates({
      nextSalaryDate: '2026-12-24',
      calculateNextXDates: 3,
      paymentFrequencyLogical: 'biweekly',
    });
    expect(dates).toEqual(['2026-12-24', '2027-01-07', '2027-01-21']);
  });
});

describe('draft and default flow', () => {
  it('the initial draft has 12 monthly dates starting one month after the issue date', () => {
    const dates = initialDraftPaymentDates('2026-01-31');
    expect(dates).toHaveLength(12);
    expect(dates[0]).toBe('2026-02-28');
    expect(dates[1]).toBe('2026-03-31');
    expect(dates[11]).toBe('2027-01-31');
  });

  it('monthly dates count each month from the start date', () => {
    expect(monthlyPaymentDates('2026-08-15', 4)).toEqual(['2026-09-15', '2026-10-15', '2026-11-15', '2026-12-15']);
  });

  it('the default flow is 100 € with one payment date 30 days after today', () => {
    const flow = defaultFlow('2026-02-10');
    expect(flow.amount).toBe(100);
    expect(flow.issueDate).toBe('2026-02-10');
    expect(flow.paymentDates).toEqual(['2026-03-12']);
    expect(flow.salaryCalculationDetails).toMatchObject({
      calculateNextXDates: 24,
      paymentFrequencyLogical: 'specificDate',
    });
  });
});
