import { describe, expect, it } from 'vitest';
import { buildPaymentPlan } from '../../../../src/shared/loan/plan.ts';
import {
  restructureDates,
  restructureDebtParts,
  restructurePlan,
  type RestructureInstallmentInput,
} from '../../../../src/shared/loan/restructure.ts';
import { computeTae, taeForPlan } from '../../../../src/shared/loan/tae.ts';
import { toCents } from '../../../../src/shared/money.ts';
import type { InstallmentStatus } from '../../../../src/shared/loan-statuses.ts';

const instalment = (
  number: number,
  expectedDate: string,
  status: InstallmentStatus = 'notPaid',
  paid = 0,
  base = 20_000,
  interest = 10_000,
): RestructureInstallmentInput => ({
  number,
  expectedDate,
  status,
  base: toCents(base),
  interest: toCents(interest),
  totalPayment: toCents(base + interest),
  paid: toCents(paid),
});

const loan = (installments: RestructureInstallmentInput[], issueDate = '2026-01-15') => ({ issueDate, installments });
const threeDue = loan([instalment(1, '2026-02-15'), instalment(2, '2026-03-15'), instalment(3, '2026-04-15')]);
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

describe('restructureDates (monthly from today, on working days)', () => {
  it('one, two and three months after today when those are working days', () => {
    expect(restructureDates('2026-04-15', [])).toEqual(['2026-05-15', '2026-06-15', '2026-07-15']);
  });

  it('a weekend date moves to the Monday; month ends are clamped first', () => {
    // 2026-05-10 is a Sunday.
    expect(restructureDates('2026-03-10', [])).toEqual(['2026-04-10', '2026-05-11', '2026-06-10']);
    // 31 January + 1 month = 28 February 2026, a Saturday → Monday 2 March.
    expect(restructureDates('2026-01-31', [])).toEqual(['2026-03-02', '2026-03-31', '2026-04-30']);
  });

  it('a holiday moves to the next working day (over the weekend after it)', () => {
    // 25 December 2026 is a Friday: Saturday and Sunday follow → Monday 28.
    expect(restructureDates('2026-11-25', ['2026-12-25'])).toEqual(['2026-12-28', '2027-01-25', '2027-02-25']);
  });

  it('the count of RESTRUCTURE.installments by default, another when asked; bad input throws', () => {
    expect(restructureDates('2026-04-15', [])).toHaveLength(3);
    expect(restructureDates('2026-04-15', [], 1)).toEqual(['2026-05-15']);
    expect(() => restructureDates('2026-02-30', [])).toThrow(RangeError);
    expect(() => restructureDates('2026-04-15', [], 0)).toThrow(RangeError);
  });
});

describe('restructureDebtParts (early closure today; payments against interest first)', () => {
  it('due instalments owe their whole total: capital = base, interest carried = interest', () => {
    expect(restructureDebtParts(threeDue, '2026-04-15')).toEqual([
      { number: 1, owed: 30_000, capital: 20_000, interest: 10_000 },
      { number: 2, owed: 30_000, capital: 20_000, interest: 10_000 },
      { number: 3, owed: 30_000, capital: 20_000, interest: 10_000 },
    ]);
  });

  it('the running period owes its capital + the interest accrued to today, later ones their capital only', () => {
    // 2026-03-15 → 2026-04-15 is 31 days; on 2026-03-25, 10 elapsed → 10.000 × 10 / 31 = 3.225,8 → 3.226.
    expect(restructureDebtParts(threeDue, '2026-03-25')).toEqual([
      { number: 1, owed: 30_000, capital: 20_000, interest: 10_000 },
      { number: 2, owed: 30_000, capital: 20_000, interest: 10_000 },
      { number: 3, owed: 23_226, capital: 20_000, interest: 3_226 },
    ]);
    // Before the second period starts: the third owes its capital only.
    expect(restructureDebtParts(threeDue, '2026-02-20')[2]).toEqual({
      number: 3,
      owed: 20_000,
      capital: 20_000,
      interest: 0,
    });
  });

  it('a partial payment pays the interest first, then the capital', () => {
    const partial = loan([
      instalment(1, '2026-02-15', 'paid', 30_000),
      instalment(2, '2026-03-15', 'notPaid', 4_000),
      instalment(3, '2026-04-15', 'arranged', 12_500),
    ]);
    expect(restructureDebtParts(partial, '2026-04-15')).toEqual([
      // 4.000 paid of 10.000 interest: 6.000 interest and the whole capital left.
      { number: 2, owed: 26_000, capital: 20_000, interest: 6_000 },
      // 12.500 paid: the 10.000 interest and 2.500 of capital.
      { number: 3, owed: 17_500, capital: 17_500, interest: 0 },
    ]);
  });

  it('paid, rolled-over and restructured instalments owe nothing and are not replaced', () => {
    const mixed = loan([
      instalment(1, '2026-02-15', 'paid', 30_000),
      instalment(2, '2026-03-15', 'rollovered'),
      instalment(3, '2026-04-15', 'restructured'),
      instalment(4, '2026-04-20'),
    ]);
    expect(restructureDebtParts(mixed, '2026-05-01').map((part) => part.number)).toEqual([4]);
  });
});

describe('restructurePlan', () => {
  it('three due instalments: debt 900 €, principal 600 €, 300 € of interest carried in equal thirds', () => {
    const plan = restructurePlan(threeDue, '2026-04-15', [])!;
    expect(plan.debt).toBe(90_000);
    expect(plan.principal).toBe(60_000);
    expect(plan.carriedInterest).toBe(30_000);
    expect(plan.replacedNumbers).toEqual([1, 2, 3]);
    const annuity = buildPaymentPlan({
      amountCents: 60_000,
      issueDate: '2026-04-15',
      paymentDates: ['2026-05-15', '2026-06-15', '2026-07-15'],
    });
    expect(plan.installments).toEqual(
      annuity.installments.map((item, index) => ({
        number: 4 + index,
        expectedDate: item.expectedDate,
        base: item.baseCents,
        interest: item.interestCents + 10_000,
        totalPayment: item.totalCents + 10_000,
      })),
    );
    expect(plan.totalCost).toBe(annuity.totalInterestCents + 30_000);
  });

  it('the cents add up exactly: Σ base = principal, Σ interest = totalCost, Σ totals = totalPayment = debt + new interest', () => {
    for (const today of ['2026-03-25', '2026-04-15', '2026-05-31', '2026-06-13']) {
      const plan = restructurePlan(threeDue, today, ['2026-08-15'])!;
      expect(sum(plan.installments.map((item) => item.base))).toBe(plan.principal);
      expect(sum(plan.installments.map((item) => item.interest))).toBe(plan.totalCost);
      expect(sum(plan.installments.map((item) => item.totalPayment))).toBe(plan.totalPayment);
      expect(plan.totalPayment).toBe(plan.principal + plan.totalCost);
      expect(plan.debt).toBe(plan.principal + plan.carriedInterest);
      expect(plan.totalCost).toBeGreaterThanOrEqual(plan.carriedInterest);
      for (const item of plan.installments) {
        expect(Number.isInteger(item.base) && Number.isInteger(item.interest)).toBe(true);
        expect(item.totalPayment).toBe(item.base + item.interest);
      }
    }
  });

  it('the carried interest that does not divide evenly goes to the last instalment', () => {
    // 10.001 cents carried (one instalment due with 10.001 of interest): 3.333, 3.333, 3.335.
    const odd = loan([instalment(1, '2026-02-15', 'notPaid', 0, 20_000, 10_001)]);
    const plan = restructurePlan(odd, '2026-04-15', [])!;
    const annuity = buildPaymentPlan({
      amountCents: 20_000,
      issueDate: '2026-04-15',
      paymentDates: ['2026-05-15', '2026-06-15', '2026-07-15'],
    });
    expect(plan.carriedInterest).toBe(10_001);
    expect(plan.installments.map((item, index) => item.interest - annuity.installments[index]!.interestCents)).toEqual([
      3_333, 3_333, 3_335,
    ]);
  });

  it('instalment numbers continue after the loan’s highest number', () => {
    const rolled = loan([instalment(1, '2026-02-15', 'rollovered'), instalment(2, '2026-03-15')]);
    expect(restructurePlan(rolled, '2026-04-25', [])!.installments.map((item) => item.number)).toEqual([3, 4, 5]);
  });

  it('TAE from the new cash flows: the principal drawn today, each new total on its date', () => {
    const plan = restructurePlan(threeDue, '2026-04-15', [])!;
    expect(plan.tae).toBe(
      computeTae({
        drawdowns: [{ date: '2026-04-15', cents: 60_000 }],
        payments: plan.installments.map((item) => ({ date: item.expectedDate, cents: item.totalPayment })),
      }),
    );
    // The carried interest is a cost of the new plan: its TAE is far above the definition's.
    const bare = buildPaymentPlan({
      amountCents: 60_000,
      issueDate: '2026-04-15',
      paymentDates: ['2026-05-15', '2026-06-15', '2026-07-15'],
    });
    expect(plan.tae).toBeGreaterThan(taeForPlan(bare, '2026-04-15') + 100);
  });

  it('nothing carried (no interest accrued yet): the TAE is the plain annuity’s', () => {
    const fresh = loan([instalment(1, '2026-05-15'), instalment(2, '2026-06-15')], '2026-04-15');
    const plan = restructurePlan(fresh, '2026-04-15', [])!;
    expect(plan.carriedInterest).toBe(0);
    expect(plan.debt).toBe(40_000);
    const bare = buildPaymentPlan({
      amountCents: 40_000,
      issueDate: '2026-04-15',
      paymentDates: ['2026-05-15', '2026-06-15', '2026-07-15'],
    });
    expect(plan.tae).toBe(taeForPlan(bare, '2026-04-15'));
    expect(plan.totalCost).toBe(bare.totalInterestCents);
  });

  it('the new dates follow restructureDates (working days)', () => {
    const plan = restructurePlan(threeDue, '2026-11-25', ['2026-12-25'])!;
    expect(plan.installments.map((item) => item.expectedDate)).toEqual(['2026-12-28', '2027-01-25', '2027-02-25']);
  });

  it('nothing owed → null', () => {
    expect(restructurePlan(loan([instalment(1, '2026-02-15', 'paid', 30_000)]), '2026-04-15', [])).toBeNull();
    expect(restructurePlan(loan([]), '2026-04-15', [])).toBeNull();
  });
});
