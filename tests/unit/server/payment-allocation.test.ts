import { describe, expect, it } from 'vitest';
import { allocatePayment, collectionStatusFor } from '../../../src/server/modules/payment/index.ts';
import type { PayableLoanView } from '../../../src/shared/loan/payment-amounts.ts';
import { toCents } from '../../../src/shared/money.ts';

const loan = (paid: number[] = []): PayableLoanView => ({
  status: 'issued',
  earlyClosureAmount: toCents(0),
  installments: [
    { id: 3, status: 'notPaid', expectedDate: '2026-03-01', totalPayment: toCents(300), payments: [] },
    {
      id: 1,
      status: 'paid',
      expectedDate: '2026-01-01',
      totalPayment: toCents(300),
      payments: [{ amount: toCents(300) }],
    },
    {
      id: 2,
      status: 'notPaid',
      expectedDate: '2026-02-01',
      totalPayment: toCents(300),
      payments: paid.map((amount) => ({ amount: toCents(amount) })),
    },
  ],
});

describe('allocatePayment (earliest payable instalment first)', () => {
  it('pays what is left of the first payable instalment, then the next', () => {
    expect(allocatePayment(loan([100]), 'pendingInstallments', 450, new Map())).toEqual([
      { installmentId: 2, amountCents: 200, paidOff: true },
      { installmentId: 3, amountCents: 250, paidOff: false },
    ]);
  });

  it('a partial amount leaves the instalment unpaid; more than owed stays with the last one', () => {
    expect(allocatePayment(loan(), 'firstNotPaidInstallment', 120, new Map())).toEqual([
      { installmentId: 2, amountCents: 120, paidOff: false },
    ]);
    expect(allocatePayment(loan(), 'pendingInstallments', 700, new Map())).toEqual([
      { installmentId: 2, amountCents: 300, paidOff: true },
      { installmentId: 3, amountCents: 400, paidOff: true },
    ]);
  });

  it('closeLoan gives each instalment its early-closure part and pays them all', () => {
    const parts = new Map([
      [2, 300],
      [3, 210],
    ]);
    expect(allocatePayment(loan(), 'closeLoan', 510, parts)).toEqual([
      { installmentId: 2, amountCents: 300, paidOff: true },
      { installmentId: 3, amountCents: 210, paidOff: true },
    ]);
  });
});

describe('collectionStatusFor (days late of the oldest payable instalment)', () => {
  it.each([
    [0, null],
    [30, null],
    [31, 'internalCollection'],
    [60, 'internalCollection'],
    [61, 'externalCollection'],
    [400, 'externalCollection'],
  ] as const)('%i days late → %s', (days, status) => {
    expect(collectionStatusFor(days)).toBe(status);
  });
});
