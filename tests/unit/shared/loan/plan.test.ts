// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { addDaysIso, daysBetweenIso } from '../../../../src/shared/dates.ts';
import {
  DEFAULT_LOAN_DEFINITION,
  monthlyRate,
  type LoanDefinition,
} from '../../../../src/shared/loan/loan-definition.ts';
import { monthlyPaymentDates } from '../../../../src/shared/loan/payment-dates.ts';
import { buildPaymentPlan, type PaymentPlan } from '../../../../src/shared/loan/plan.ts';

const RATE = monthlyRate(DEFAULT_LOAN_DEFINITION);

function expectConsistent(plan: PaymentPlan, amountCents: number): void {
  const base = plan.installments.reduce((sum, item) => sum + item.baseCents, 0);
  const interest = plan.installments.reduce((sum, item) => sum + item.interestCents, 0);
  expect(base).toBe(amountCents);
  expect(plan.totalBaseCents).toBe(amountCents);
  expect(plan.totalInterestCents).toBe(interest);
  expect(plan.totalCents).toBe(amountCents + interest);
  for (const item of plan.installments) {
    expect(Number.isSafeInteger(item.baseCents)).toBe(true);
    expect(Number.isSafeInteger(item.interestCents)).toBe(true);
    expect(item.totalCents).toBe(item.baseCents + item.interestCents);
  }
}

describe('buildPaymentPlan: the spec example', () => {
  it.each(['2026-01-15', '2026-01-31', '2028-02-29', '2026-12-31', '2027-03-30'])(
    '2.500 € in 12 monthly instalments from %s: 12 × 299,99 € and 1.099,88 € of interest',
    (issueDate) => {
      const plan = buildPaymentPlan({
        amountCents: 250000,
        issueDate,
        paymentDates: monthlyPaymentDates(issueDate, 12),
      });
      expect(plan.installments).toHaveLength(12);
      expect(plan.installments.every((item) => item.totalCents === 29999)).toBe(true);
      expect(plan.totalInterestCents).toBe(109988);
      expect(plan.totalBaseCents).toBe(250000);
      expect(plan.totalCents).toBe(359988);
      expectConsistent(plan, 250000);
    },
  );

  it('charges one month of interest on the outstanding capital for each monthly instalment but the last', () => {
    const plan = buildPaymentPlan({
      amountCents: 250000,
      issueDate: '2026-01-15',
      paymentDates: monthlyPaymentDates('2026-01-15', 12),
    });
    let outstanding = 250000;
    plan.installments.forEach((item, index) => {
      if (index < 11) expect(item.interestCents).toBe(Math.round(outstanding * RATE));
      outstanding -= item.baseCents;
    });
    expect(plan.installments[0]?.interestCents).toBe(15275);
    expect(outstanding).toBe(0);
  });

  it('lets the last instalment absorb only a few cents of rounding', () => {
    const plan = buildPaymentPlan({
      amountCents: 250000,
      issueDate: '2026-01-15',
      paymentDates: monthlyPaymentDates('2026-01-15', 12),
    });
    const last = plan.installments[11];
    expect(last).toBeDefined();
    expect(Math.abs((last?.interestCents ?? 0) - Math.round((last?.baseCents ?? 0) * RATE))).toBeLessThanOrEqual(17);
  });

  it('passes the definition through and counts the term in days', () => {
    const plan = buildPaymentPlan({
      amountCents: 250000,
      issueDate: '2026-01-15',
      paymentDates: monthlyPaymentDates('2026-01-15', 12),
    });
    expect(plan.definition).toBe(DEFAULT_LOAN_DEFINITION);
    expect(plan.totalInstallmentDays).toBe(365);
  });
});

describe('buildPaymentPlan: the calculator range', () => {
  it('is exact to the cent with equal totals and positive capital for 2.000-5.000 € in 12-24 instalments', () => {
    for (let installments = 12; installments <= 24; installments += 4) {
      for (let euros = 2000; euros <= 5000; euros += 500) {
        const amountCents = euros * 100;
        const plan = buildPaymentPlan({
          amountCents,
          issueDate: '2026-05-31',
          paymentDates: monthlyPaymentDates('2026-05-31', installments),
        });
        expectConsistent(plan, amountCents);
        const first = plan.installments[0]?.totalCents;
        expect(
          plan.installments.every((item) => item.totalCents === first && item.baseCents > 0 && item.interestCents >= 0),
        ).toBe(true);
        // Interest falls as the capital is repaid.
        for (let i = 1; i < installments - 1; i += 1) {
          expect(plan.installments[i]?.interestCents).toBeLessThan(plan.installments[i - 1]?.interestCents ?? 0);
        }
      }
    }
  });

  it('charges more in total for longer terms and larger amounts', () => {
    const interest = (euros: number, count: number) =>
      buildPaymentPlan({
        amountCents: euros * 100,
        issueDate: '2026-05-10',
        paymentDates: monthlyPaymentDates('2026-05-10', count),
      }).totalInterestCents;
    expect(interest(2500, 16)).toBeGreaterThan(interest(2500, 12));
    expect(interest(2500, 24)).toBeGreaterThan(interest(2500, 20));
    expect(interest(3000, 12)).toBeGreaterThan(interest(2500, 12));
  });
});

describe('buildPaymentPlan: uneven spacing', () => {
  const issueDate = '2026-03-10';
  const later = monthlyPaymentDates('2026-04-30', 11).map((date) => date);

  it('charges less interest for a first period shorter than a month and more for a longer one', () => {
    const short = buildPaymentPlan({
      amountCents: 250000,
      issueDate,
      paymentDates: ['2026-03-30', ...monthlyPaymentDates('2026-03-30', 11)],
    });
    const monthly = buildPaymentPlan({
      amountCents: 250000,
      issueDate,
      paymentDates: monthlyPaymentDates(issueDate, 12),
    });
    const long = buildPaymentPlan({ amountCents: 250000, issueDate, paymentDates: ['2026-04-30', ...later] });
    expect(short.installments[0]?.interestCents).toBeLessThan(monthly.installments[0]?.interestCents ?? 0);
    expect(long.installments[0]?.interestCents).toBeGreaterThan(monthly.installments[0]?.interestCents ?? 0);
    expect(short.totalInterestCents).toBeLessThan(monthly.totalInterestCents);
    expect(long.totalInterestCents).toBeGreaterThan(monthly.totalInterestCents);
    expectConsistent(short, 250000);
    expectConsistent(long, 250000);
  });

  it('compounds the monthly rate over the fraction of a month that passed (20 days = 12·20/365 months)', () => {
    const plan = buildPaymentPlan({
      amountCents: 250000,
      issueDate,
      paymentDates: ['2026-03-30', ...monthlyPaymentDates('2026-03-30', 11)],
    });
    const months = (12 * daysBetweenIso(issueDate, '2026-03-30')) / 365;
    expect(plan.installments[0]?.interestCents).toBe(Math.round(250000 * ((1 + RATE) ** months - 1)));
    expect(plan.installments.every((item) => item.totalCents === plan.installments[0]?.totalCents)).toBe(true);
  });

  it('prices the default flow (100 €, one date 30 days ahead) as one month plus the leftover days', () => {
    const plan = buildPaymentPlan({
      amountCents: 10000,
      issueDate: '2026-02-10',
      paymentDates: [addDaysIso('2026-02-10', 30)],
    });
    expect(plan.installments).toHaveLength(1);
    expect(plan.installments[0]?.baseCents).toBe(10000);
    // 10 February → 12 March: one whole month (to 10 March) plus 2 days.
    expect(plan.installments[0]?.interestCents).toBe(Math.round(10000 * ((1 + RATE) ** (1 + (12 * 2) / 365) - 1)));
    expect(plan.totalInstallmentDays).toBe(30);
  });
});

describe('buildPaymentPlan: other definitions and bad input', () => {
  it('at 0 % charges no interest and keeps the capital remainder in the last instalment', () => {
    const free: LoanDefinition = { ...DEFAULT_LOAN_DEFINITION, id: 2, monthlyRateBasisPoints: 0 };
    const plan = buildPaymentPlan({
      amountCents: 250000,
      issueDate: '2026-01-15',
      paymentDates: monthlyPaymentDates('2026-01-15', 12),
      definition: free,
    });
    expect(plan.totalInterestCents).toBe(0);
    expect(plan.installments.slice(0, 11).every((item) => item.baseCents === 20833)).toBe(true);
    expect(plan.installments[11]?.baseCents).toBe(20837);
    expect(plan.definition).toBe(free);
    expectConsistent(plan, 250000);
  });

  it('rejects non-positive or fractional amounts, no dates, and dates not strictly after the issue date and each other', () => {
    const paymentDates = monthlyPaymentDates('2026-01-15', 2);
    expect(() => buildPaymentPlan({ amountCents: 0, issueDate: '2026-01-15', paymentDates })).toThrow(RangeError);
    expect(() => buildPaymentPlan({ amountCents: 100.5, issueDate: '2026-01-15', paymentDates })).toThrow(RangeError);
    expect(() => buildPaymentPlan({ amountCents: 10000, issueDate: '2026-01-15', paymentDates: [] })).toThrow(
      RangeError,
    );
    expect(() =>
      buildPaymentPlan({ amountCents: 10000, issueDate: '2026-01-15', paymentDates: ['2026-01-15'] }),
    ).toThrow(RangeError);
    expect(() =>
      buildPaymentPlan({ amountCents: 10000, issueDate: '2026-01-15', paymentDates: ['2026-03-15', '2026-02-15'] }),
    ).toThrow(RangeError);
    expect(() =>
      buildPaymentPlan({ amountCents: 10000, issueDate: '2026-01-15', paymentDates: ['2026-02-30'] }),
    ).toThrow(RangeError);
  });
});
