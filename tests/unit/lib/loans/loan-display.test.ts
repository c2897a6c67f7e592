import { describe, expect, it } from 'vitest';
import {
  byDate,
  installmentDisplayStatus,
  paymentDateText,
  paymentSourceText,
} from '../../../../src/lib/loans/loan-display.ts';
import type { Installment } from '../../../../src/shared/api/loan-schemas.ts';
import { toCents } from '../../../../src/shared/money.ts';
import type { InstallmentStatus } from '../../../../src/shared/loan-statuses.ts';

const installment = (id: number, status: InstallmentStatus, expectedDate: string): Installment => ({
  id,
  status,
  expectedDate,
  totalPayment: toCents(29_999),
  initialBase: toCents(20_000),
  initialCalculatedInterest: toCents(9_999),
  payments: [],
});

describe('loan display (dashboard and credit history)', () => {
  const today = '2026-11-25';

  it('an owed instalment past its date reads overdue; due today, paid or replaced ones keep their status', () => {
    expect(installmentDisplayStatus(installment(1, 'notPaid', '2026-11-24'), today)).toBe('overdue');
    expect(installmentDisplayStatus(installment(1, 'arranged', '2026-11-01'), today)).toBe('overdue');
    expect(installmentDisplayStatus(installment(1, 'notPaid', today), today)).toBe('notPaid');
    expect(installmentDisplayStatus(installment(1, 'paid', '2026-10-01'), today)).toBe('paid');
    expect(installmentDisplayStatus(installment(1, 'rollovered', '2026-10-01'), today)).toBe('rollovered');
  });

  it('orders instalments by date, then id', () => {
    const list = [
      installment(3, 'notPaid', '2026-12-01'),
      installment(2, 'paid', '2026-11-01'),
      installment(1, 'paid', '2026-12-01'),
    ];
    expect(byDate(list).map((item) => item.id)).toEqual([2, 1, 3]);
  });

  it('names payment sources in Spanish and dates payments on their Madrid day', () => {
    expect(paymentSourceText('debit-card')).toBe('Tarjeta');
    expect(paymentSourceText('bank-transfer')).toBe('Transferencia bancaria');
    expect(paymentSourceText('direct-transfer')).toBe('Transferencia inmediata');
    expect(paymentSourceText('cheque')).toBe('cheque');
    // 23:30 UTC on the 24th is already the 25th in Madrid (UTC+1 in November).
    expect(paymentDateText('2026-11-24T23:30:00.000Z')).toBe('25/11/2026');
  });
});
