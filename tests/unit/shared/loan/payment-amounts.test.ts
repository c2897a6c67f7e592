import { describe, expect, it } from 'vitest';
import {
  installmentRemaining,
  paymentQuote,
  type PayableInstallmentView,
  type PayableLoanView,
} from '../../../../src/shared/loan/payment-amounts.ts';
import { toCents } from '../../../../src/shared/money.ts';
import type { InstallmentStatus, LoanStatus } from '../../../../src/shared/loan-statuses.ts';

const installment = (
  id: number,
  status: InstallmentStatus,
  expectedDate: string,
  total: number,
  paid: number[] = [],
): PayableInstallmentView => ({
  id,
  status,
  expectedDate,
  totalPayment: toCents(total),
  payments: paid.map((amount) => ({ amount: toCents(amount) })),
});

const loan = (installments: PayableInstallmentView[], status: LoanStatus = 'issued', closure = 0): PayableLoanView => ({
  status,
  earlyClosureAmount: toCents(closure),
  installments,
});

const today = '2026-03-10';
const plan = [
  installment(11, 'paid', '2026-01-10', 29_999, [29_999]),
  installment(12, 'notPaid', '2026-02-10', 29_999, [10_000]),
  installment(13, 'notPaid', '2026-03-10', 29_999),
  installment(14, 'notPaid', '2026-04-10', 29_999),
];

describe('installmentRemaining', () => {
  it('is the total minus the payments, never below zero', () => {
    expect(installmentRemaining(plan[1]!)).toBe(19_999);
    expect(installmentRemaining(installment(1, 'notPaid', '2026-01-01', 100, [80, 30]))).toBe(0);
  });
});

describe('paymentQuote', () => {
  it('firstNotPaidInstallment: what is left of the earliest payable instalment, whatever the list order', () => {
    const shuffled = loan([plan[3]!, plan[2]!, plan[0]!, plan[1]!]);
    expect(paymentQuote(shuffled, 'firstNotPaidInstallment', today)).toEqual({
      ok: true,
      option: 'firstNotPaidInstallment',
      amount: 19_999,
      installmentIds: [12],
    });
    expect(paymentQuote(shuffled, 'firstNotPaidInstallment', today, 12)).toMatchObject({ ok: true, amount: 19_999 });
  });

  it('firstNotPaidInstallment with another instalment: paid, later or foreign are told apart', () => {
    const running = loan(plan);
    expect(paymentQuote(running, 'firstNotPaidInstallment', today, 11)).toEqual({ ok: false, reason: 'alreadyPaid' });
    expect(paymentQuote(running, 'firstNotPaidInstallment', today, 13)).toEqual({
      ok: false,
      reason: 'notFirstUnpaid',
    });
    expect(paymentQuote(running, 'firstNotPaidInstallment', today, 99)).toEqual({
      ok: false,
      reason: 'unknownInstallment',
    });
  });

  it('pendingInstallments: every payable instalment due today or before; the next one when none is due', () => {
    expect(paymentQuote(loan(plan), 'pendingInstallments', today)).toMatchObject({
      amount: 19_999 + 29_999,
      installmentIds: [12, 13],
    });
    expect(paymentQuote(loan(plan), 'pendingInstallments', '2026-03-09')).toMatchObject({ installmentIds: [12] });
    expect(paymentQuote(loan(plan), 'pendingInstallments', '2026-01-01')).toMatchObject({
      amount: 19_999,
      installmentIds: [12],
    });
  });

  it('closeLoan: the early closure amount, settling every payable instalment', () => {
    expect(paymentQuote(loan(plan, 'issued', 55_000), 'closeLoan', today)).toEqual({
      ok: true,
      option: 'closeLoan',
      amount: 55_000,
      installmentIds: [12, 13, 14],
    });
  });

  it('arranged instalments are payable; paid, rollovered and restructured ones are not', () => {
    const mixed = loan([
      installment(1, 'restructured', '2026-01-01', 100),
      installment(2, 'rollovered', '2026-01-15', 100),
      installment(3, 'arranged', '2026-02-01', 300),
    ]);
    expect(paymentQuote(mixed, 'firstNotPaidInstallment', today)).toMatchObject({ amount: 300, installmentIds: [3] });
  });

  it('a loan that is not running, or has nothing left, is not payable', () => {
    for (const status of ['repaid', 'requested', 'agreementAssigned', 'cancelled', 'restructured'] as const) {
      expect(paymentQuote(loan(plan, status), 'closeLoan', today)).toEqual({ ok: false, reason: 'notPayable' });
    }
    expect(paymentQuote(loan([plan[0]!]), 'firstNotPaidInstallment', today)).toEqual({
      ok: false,
      reason: 'notPayable',
    });
    expect(paymentQuote(loan(plan, 'arranged'), 'firstNotPaidInstallment', today)).toMatchObject({ ok: true });
  });
});
