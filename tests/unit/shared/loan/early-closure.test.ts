import { describe, expect, it } from 'vitest';
import { earlyClosureAmount, earlyClosureParts } from '../../../../src/shared/loan/early-closure.ts';
import { toCents } from '../../../../src/shared/money.ts';
import type { InstallmentStatus } from '../../../../src/shared/loan-statuses.ts';

const instalment = (expectedDate: string, status: InstallmentStatus = 'notPaid', paid = 0) => ({
  expectedDate,
  status,
  totalPayment: toCents(30_000),
  base: toCents(20_000),
  interest: toCents(10_000),
  paid: toCents(paid),
});

const loan = (installments: ReturnType<typeof instalment>[]) => ({ issueDate: '2026-01-01', installments });

describe('earlyClosureAmount (principal + interest accrued to today)', () => {
  const plan = [instalment('2026-02-01'), instalment('2026-03-01'), instalment('2026-04-01')];

  it('on the issue date: only the principal', () => {
    expect(earlyClosureAmount(loan(plan), '2026-01-01')).toBe(60_000);
  });

  it('half-way through the first period: its principal + interest for the days elapsed, later ones principal only', () => {
    // 2026-01-01 → 2026-02-01 is 31 days; 15 elapsed → 10.000 × 15 / 31 = 4.838,7 → 4.839.
    expect(earlyClosureParts(loan(plan), '2026-01-16')).toEqual([24_839, 20_000, 20_000]);
  });

  it('on an instalment’s date: that one whole, the next from its start', () => {
    expect(earlyClosureParts(loan(plan), '2026-02-01')).toEqual([30_000, 20_000, 20_000]);
  });

  it('late instalments owe their whole total; paid ones nothing; partial payments are subtracted', () => {
    const paidFirst = [
      instalment('2026-02-01', 'paid', 30_000),
      instalment('2026-03-01', 'notPaid', 5_000),
      instalment('2026-04-01'),
    ];
    // 2026-03-01 is due (30.000 − 5.000 paid); 2026-04-01's period (1 Mar → 1 Apr, 31 days) is 10 days in.
    expect(earlyClosureParts(loan(paidFirst), '2026-03-11')).toEqual([
      0,
      25_000,
      20_000 + Math.round((10_000 * 10) / 31),
    ]);
  });

  it('never below zero, and after the last date the sum of what is left', () => {
    const overpaid = [instalment('2026-02-01', 'notPaid', 40_000)];
    expect(earlyClosureAmount(loan(overpaid), '2026-01-10')).toBe(0);
    expect(earlyClosureAmount(loan(plan), '2026-06-01')).toBe(90_000);
  });
});
