// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOAN_DEFINITION, monthlyRate } from '../../../../src/shared/loan/loan-definition.ts';
import { computePaymentDates, monthlyPaymentDates } from '../../../../src/shared/loan/payment-dates.ts';
import { buildPaymentPlan } from '../../../../src/shared/loan/plan.ts';
import { annexOneMonths, annexOneYears } from '../../../../src/shared/loan/annex-one-time.ts';
import { computeTae, computeTaeExact, taeForPlan } from '../../../../src/shared/loan/tae.ts';

/** Monthly rate i with Σ payment·(1+i)^−k = principal, by plain bisection (independent of the module's solver). */
function annuityRate(principal: number, payment: number, count: number): number {
  let low = 0;
  let high = 1;
  for (let step = 0; step < 200; step += 1) {
    const mid = (low + high) / 2;
    const value = (payment * (1 - (1 + mid) ** -count)) / mid;
    if (value > principal) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

describe('Annex I time measure', () => {
  it('counts whole calendar months as twelfths of a year, month ends clamped', () => {
    expect(annexOneYears('2026-01-15', '2027-01-15')).toBe(1);
    expect(annexOneYears('2026-01-15', '2026-04-15')).toBe(3 / 12);
    expect(annexOneYears('2026-01-31', '2026-02-28')).toBe(1 / 12);
    expect(annexOneYears('2026-01-30', '2026-03-30')).toBe(2 / 12);
    expect(annexOneMonths('2026-01-31', '2026-04-30')).toBe(3);
    expect(annexOneYears('2026-01-15', '2026-01-15')).toBe(0);
  });

  it('counts leftover days as 1/365 of a year', () => {
    expect(annexOneYears('2026-01-15', '2026-03-20')).toBeCloseTo(2 / 12 + 5 / 365, 14);
    expect(annexOneYears('2026-01-15', '2026-02-14')).toBeCloseTo(30 / 365, 14);
    expect(annexOneMonths('2026-01-15', '2026-02-14')).toBeCloseTo((12 * 30) / 365, 14);
  });

  it('uses 366 days when the year counted back from the last leftover day holds 29 February', () => {
    expect(annexOneYears('2028-02-10', '2028-03-01')).toBeCloseTo(20 / 366, 14);
    expect(annexOneYears('2027-02-10', '2027-03-02')).toBeCloseTo(20 / 365, 14);
  });

  it('rejects an end before the start', () => {
    expect(() => annexOneYears('2026-02-01', '2026-01-31')).toThrow(RangeError);
  });
});

describe('computeTae', () => {
  it('gives the interest rate of a single repayment after one and two years', () => {
    expect(
      computeTae({
        drawdowns: [{ date: '2026-01-15', cents: 100000 }],
        payments: [{ date: '2027-01-15', cents: 110000 }],
      }),
    ).toBe(10);
    expect(
      computeTae({
        drawdowns: [{ date: '2026-01-15', cents: 100000 }],
        payments: [{ date: '2028-01-15', cents: 121000 }],
      }),
    ).toBe(10);
  });

  it('is zero when exactly the loan is repaid and negative when less is', () => {
    expect(
      computeTae({
        drawdowns: [{ date: '2026-01-15', cents: 100000 }],
        payments: [{ date: '2026-07-15', cents: 100000 }],
      }),
    ).toBe(0);
    expect(
      computeTae({
        drawdowns: [{ date: '2026-01-15', cents: 100000 }],
        payments: [{ date: '2027-01-15', cents: 90000 }],
      }),
    ).toBe(-10);
  });

  it('annualises a 30-day loan with 365-day years', () => {
    const exact = computeTaeExact({
      drawdowns: [{ date: '2026-01-15', cents: 100000 }],
      payments: [{ date: '2026-02-14', cents: 101000 }],
    });
    expect(exact).toBeCloseTo(1.01 ** (365 / 30) - 1, 10);
  });

  it('finds very high rates of very short loans', () => {
    const exact = computeTaeExact({
      drawdowns: [{ date: '2026-01-15', cents: 100000 }],
      payments: [{ date: '2026-02-15', cents: 200000 }],
    });
    expect(exact).toBeCloseTo(2 ** 12 - 1, 6);
  });

  it('counts time from the first drawdown when there are several', () => {
    const exact = computeTaeExact({
      drawdowns: [
        { date: '2026-01-15', cents: 50000 },
        { date: '2027-01-15', cents: 50000 },
      ],
      // 50.000 × 1,1² + 50.000 × 1,1 = 115.500 cents two years after the first drawdown.
      payments: [{ date: '2028-01-15', cents: 115500 }],
    });
    expect(exact).toBeCloseTo(0.1, 10);
  });

  it('the spec example (2.500 €, 12 × 299,99 € one month apart) gives 103,7 %, not the 102 % the spec quotes', () => {
    const issueDate = '2026-01-15';
    const tae = computeTae({
      drawdowns: [{ date: issueDate, cents: 250000 }],
      payments: monthlyPaymentDates(issueDate, 12).map((date) => ({ date, cents: 29999 })),
    });
    expect(tae).toBe(103.7);
    expect(tae).not.toBe(102);
  });

  it('matches the closed form (1 + i)^12 − 1 for equal monthly payments', () => {
    const issueDate = '2026-03-31';
    const exact = computeTaeExact({
      drawdowns: [{ date: issueDate, cents: 250000 }],
      payments: monthlyPaymentDates(issueDate, 12).map((date) => ({ date, cents: 29999 })),
    });
    expect(exact).toBeCloseTo((1 + annuityRate(2500, 299.99, 12)) ** 12 - 1, 9);
  });

  it('rejects flows without drawdowns, payments or with negative amounts', () => {
    expect(() => computeTae({ drawdowns: [], payments: [{ date: '2026-02-15', cents: 100 }] })).toThrow(RangeError);
    expect(() => computeTae({ drawdowns: [{ date: '2026-01-15', cents: 100 }], payments: [] })).toThrow(RangeError);
    expect(() =>
      computeTae({ drawdowns: [{ date: '2026-01-15', cents: -100 }], payments: [{ date: '2026-02-15', cents: 100 }] }),
    ).toThrow(RangeError);
    expect(() =>
      computeTae({ drawdowns: [{ date: '2026-01-15', cents: 100 }], payments: [{ date: '2026-01-10', cents: 100 }] }),
    ).toThrow(RangeError);
  });
});

describe('taeForPlan', () => {
  it('gives the definition effective annual rate for monthly plans of any size in the calculator range', () => {
    const effective = ((1 + monthlyRate(DEFAULT_LOAN_DEFINITION)) ** 12 - 1) * 100;
    for (const count of [12, 16, 20, 24]) {
      for (const euros of [2000, 3500, 5000]) {
        const plan = buildPaymentPlan({
          amountCents: euros * 100,
          issueDate: '2026-06-01',
          paymentDates: monthlyPaymentDates('2026-06-01', count),
        });
        expect(Math.abs(taeForPlan(plan, '2026-06-01') - effective)).toBeLessThanOrEqual(0.1);
      }
    }
  });

  it('stays at the effective annual rate when the first period is irregular (same time measure as the plan)', () => {
    const issueDate = '2026-03-10';
    const paymentDates = computePaymentDates({
      nextSalaryDate: '2026-03-20',
      calculateNextXDates: 12,
      paymentFrequencyLogical: 'specificDate',
      day: 30,
    });
    const plan = buildPaymentPlan({ amountCents: 250000, issueDate, paymentDates });
    expect(taeForPlan(plan, issueDate)).toBe(103.7);
  });
});
