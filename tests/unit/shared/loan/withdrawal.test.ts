import { describe, expect, it } from 'vitest';
import { earlyClosureAmount } from '../../../../src/shared/loan/early-closure.ts';
import {
  canWithdraw,
  withdrawalDeadline,
  withdrawalFigures,
  withdrawalRepayBy,
} from '../../../../src/shared/loan/withdrawal.ts';
import { toCents } from '../../../../src/shared/money.ts';
import type { InstallmentStatus, LoanStatus } from '../../../../src/shared/loan-statuses.ts';

const instalment = (expectedDate: string, status: InstallmentStatus = 'notPaid', paid = 0) => ({
  expectedDate,
  status,
  totalPayment: toCents(30_000),
  base: toCents(20_000),
  interest: toCents(10_000),
  paid: toCents(paid),
});

const loan = (installments: ReturnType<typeof instalment>[], status: LoanStatus = 'issued') => ({
  status,
  issueDate: '2026-01-01',
  installments,
});

describe('canWithdraw (14 calendar days from the payout, both ends included)', () => {
  const running = loan([instalment('2026-02-01')]);

  it('the payout day and day 14 are in, day 15 is gone', () => {
    expect(withdrawalDeadline('2026-01-01')).toBe('2026-01-15');
    expect(canWithdraw(running, '2026-01-01')).toBe(true);
    expect(canWithdraw(running, '2026-01-14')).toBe(true);
    expect(canWithdraw(running, '2026-01-15')).toBe(true);
    expect(canWithdraw(running, '2026-01-16')).toBe(false);
  });

  it('across a month end and a leap day', () => {
    expect(withdrawalDeadline('2028-02-20')).toBe('2028-03-05');
    expect(canWithdraw({ status: 'issued', issueDate: '2028-02-20' }, '2028-03-05')).toBe(true);
    expect(canWithdraw({ status: 'issued', issueDate: '2028-02-20' }, '2028-03-06')).toBe(false);
  });

  it('only a running loan (issued or arranged): repaid, cancelled or not paid out yet have none', () => {
    expect(canWithdraw({ status: 'arranged', issueDate: '2026-01-01' }, '2026-01-10')).toBe(true);
    for (const status of ['repaid', 'cancelled', 'requested', 'queued'] as LoanStatus[]) {
      expect(canWithdraw({ status, issueDate: '2026-01-01' }, '2026-01-10')).toBe(false);
    }
  });

  it('not before the payout day', () => {
    expect(canWithdraw(running, '2025-12-31')).toBe(false);
  });

  it('repayBy: 30 calendar days after the notice', () => {
    expect(withdrawalRepayBy('2026-01-15')).toBe('2026-02-14');
  });
});

describe('withdrawalFigures (capital + interest accrued per day, the closeLoan amount)', () => {
  const plan = [instalment('2026-02-01'), instalment('2026-03-01'), instalment('2026-04-01')];

  it('on the payout day: the capital, no interest; the daily figure of the first period', () => {
    // 10.000 interest over 31 days → 322,58 → 323.
    expect(withdrawalFigures(loan(plan), '2026-01-01')).toEqual({
      principal: 60_000,
      interest: 0,
      amount: 60_000,
      dailyInterest: 323,
    });
  });

  it('on day 14: amount = earlyClosureAmount, interest = amount − capital', () => {
    const figures = withdrawalFigures(loan(plan), '2026-01-15');
    expect(figures.amount).toBe(earlyClosureAmount(loan(plan), '2026-01-15'));
    // 10.000 × 14 / 31 = 4.516,1 → 4.516.
    expect(figures).toEqual({ principal: 60_000, interest: 4_516, amount: 64_516, dailyInterest: 323 });
  });

  it('each day adds about the daily figure', () => {
    const day10 = withdrawalFigures(loan(plan), '2026-01-11');
    const day11 = withdrawalFigures(loan(plan), '2026-01-12');
    expect(Math.abs(day11.amount - day10.amount - day10.dailyInterest)).toBeLessThanOrEqual(1);
  });

  it('a partial payment goes to the interest first, then to the capital', () => {
    const paid = [instalment('2026-02-01', 'notPaid', 12_000), instalment('2026-03-01')];
    // Day 14: 20.000 + 4.516 − 12.000 = 12.516 + 20.000; the capital left (38.000) is more: all of it is capital.
    expect(withdrawalFigures(loan(paid), '2026-01-15')).toEqual({
      principal: 32_516,
      interest: 0,
      amount: 32_516,
      dailyInterest: 323,
    });
    const small = [instalment('2026-02-01', 'notPaid', 3_000), instalment('2026-03-01')];
    // 20.000 + 4.516 − 3.000 + 20.000 = 41.516; the capital untouched (40.000).
    expect(withdrawalFigures(loan(small), '2026-01-15')).toEqual({
      principal: 40_000,
      interest: 1_516,
      amount: 41_516,
      dailyInterest: 323,
    });
  });

  it('paid and rolled-over instalments carry no capital; no running period → no daily figure', () => {
    const done = [instalment('2026-02-01', 'paid', 30_000), instalment('2026-03-01', 'rollovered')];
    expect(withdrawalFigures(loan(done), '2026-01-10')).toEqual({
      principal: 0,
      interest: 0,
      amount: 0,
      dailyInterest: 0,
    });
    expect(withdrawalFigures(loan(plan), '2026-05-01').dailyInterest).toBe(0);
  });

  it('the daily figure rounds half away from zero', () => {
    // 31 days, 15.500 interest → 500 exactly; a 2-day period with 1.001 → 500,5 → 501.
    const exact = [{ ...instalment('2026-02-01'), interest: toCents(15_500) }];
    const half = [{ ...instalment('2026-01-03'), interest: toCents(1_001) }];
    expect(withdrawalFigures(loan(exact), '2026-01-01').dailyInterest).toBe(500);
    expect(withdrawalFigures(loan(half), '2026-01-02').dailyInterest).toBe(501);
  });
});
