// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { lateSummary } from '../../../../src/shared/loan/late.ts';
import type { PayableLoanView } from '../../../../src/shared/loan/payment-amounts.ts';
import type { InstallmentStatus, LoanStatus } from '../../../../src/shared/loan-statuses.ts';
import { toCents } from '../../../../src/shared/money.ts';

const TODAY = '2026-11-27';

function loan(status: LoanStatus, installments: [InstallmentStatus, string, number, number?][]): PayableLoanView {
  return {
    status,
    earlyClosureAmount: toCents(0),
    installments: installments.map(([installmentStatus, expectedDate, total, paid], index) => ({
      id: index + 1,
      status: installmentStatus,
      expectedDate,
      totalPayment: toCents(total),
      payments: paid ? [{ amount: toCents(paid) }] : [],
    })),
  };
}

describe('lateSummary: how late a running loan is (issue 23 §5)', () => {
  it('counts the owed instalments whose date has passed: since the earliest, days, what is left of them', () => {
    const late = lateSummary(
      loan('issued', [
        ['paid', '2026-09-27', 10_010],
        ['notPaid', '2026-10-18', 10_010, 3_000],
        ['notPaid', '2026-11-17', 10_010],
        ['notPaid', '2026-12-17', 10_010],
      ]),
      TODAY,
    );
    expect(late).toEqual({ since: '2026-10-18', daysLate: 40, amountDue: 17_020, installments: 2 });
  });

  it('an arranged instalment past its date is late too; one due today is not', () => {
    expect(lateSummary(loan('arranged', [['arranged', '2026-11-26', 5_000]]), TODAY)).toEqual({
      since: '2026-11-26',
      daysLate: 1,
      amountDue: 5_000,
      installments: 1,
    });
    expect(lateSummary(loan('issued', [['notPaid', TODAY, 5_000]]), TODAY)).toBeNull();
  });

  it('nothing late: paid in full (payments cover it), replaced instalments, or a loan not running', () => {
    expect(lateSummary(loan('issued', [['notPaid', '2026-11-20', 5_000, 5_000]]), TODAY)).toBeNull();
    expect(lateSummary(loan('issued', [['rollovered', '2026-11-20', 5_000]]), TODAY)).toBeNull();
    expect(lateSummary(loan('restructured', [['notPaid', '2026-11-20', 5_000]]), TODAY)).toBeNull();
    expect(lateSummary(loan('agreementAssigned', [['notPaid', '2026-11-20', 5_000]]), TODAY)).toBeNull();
  });
});
