// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  amountWithoutSymbol,
  paybackCents,
  standardMiniInterestCents,
  totalPaymentCents,
  youWillPayText,
} from '../../../../src/features/home/quotes/plan-figures.ts';
import type { PaymentPlan } from '../../../../src/shared/api/loan.ts';
import { addDaysIso } from '../../../../src/shared/calendar.ts';
import {
  DEFAULT_LOAN_DEFINITION,
  loanDefinitionToWire,
  MINI_LOAN_DEFINITION,
} from '../../../../src/shared/loan/loan-definition.ts';
import { buildPaymentPlan } from '../../../../src/shared/loan/plan.ts';
import { eurosToCents, sumCents, toCents } from '../../../../src/shared/money.ts';

/** An instalment as the contract decodes it (Cents), written in the wire's euros for readability. */
const installment = (baseEuros: number, interestEuros: number, expectedDate: string) => {
  const initialBase = eurosToCents(baseEuros);
  const initialCalculatedInterest = eurosToCents(interestEuros);
  return {
    initialBase,
    initialCalculatedInterest,
    expectedDate,
    totalPayment: sumCents([initialBase, initialCalculatedInterest]),
  };
};

const plan = (installments: PaymentPlan['installments']): PaymentPlan => ({
  installments,
  loanDefinition: loanDefinitionToWire(DEFAULT_LOAN_DEFINITION),
  totalInstallmentDays: 365,
  taePercent: 103.7,
  interestFree: false,
});

describe("the calculator's figures", () => {
  it("'Pagarás X€ el {date}': one instalment, base + interest, two decimals es-ES, date DD/MM/YYYY", () => {
    const example = plan([installment(146.74, 153.25, '2026-07-30'), installment(155.71, 144.28, '2026-08-30')]);
    expect(youWillPayText(example)).toBe('Pagarás 299,99€ el 30/07/2026');
    expect(paybackCents(example)).toBe(29999);
  });

  it('groups thousands with a dot and always shows the cents', () => {
    expect(youWillPayText(plan([installment(1200.5, 34, '2027-01-02')]))).toBe('Pagarás 1.234,50€ el 02/01/2027');
    expect(amountWithoutSymbol(40245)).toBe('402,45');
    expect(amountWithoutSymbol(100000)).toBe('1.000,00');
  });

  it('adds base and interest in cents, so binary fractions never leak into the total', () => {
    const example = plan([installment(0.1, 0.2, '2026-07-30'), installment(0.1, 0.2, '2026-08-30')]);
    expect(paybackCents(example)).toBe(30);
    expect(totalPaymentCents(example)).toBe(60);
  });
});

describe('standardMiniInterestCents: what an interest-free minipréstamo costs if it is not repaid on its date', () => {
  it('equals the shared loan maths’ standard price for every amount and term the calculator offers', () => {
    const issueDate = '2026-03-10';
    for (let amount = 100; amount <= 600; amount += 50) {
      for (let days = 6; days <= 33; days += 1) {
        const dates = [addDaysIso(issueDate, days)];
        const amountCents = eurosToCents(amount);
        const standard = buildPaymentPlan({
          amountCents,
          issueDate,
          paymentDates: dates,
          definition: MINI_LOAN_DEFINITION,
        });
        const free = buildPaymentPlan({
          amountCents,
          issueDate,
          paymentDates: dates,
          definition: MINI_LOAN_DEFINITION,
          interestFree: true,
        });
        const wire: PaymentPlan = {
          installments: free.installments.map((item) => ({
            initialBase: toCents(item.baseCents),
            initialCalculatedInterest: toCents(item.interestCents),
            expectedDate: item.expectedDate,
            totalPayment: toCents(item.totalCents),
          })),
          loanDefinition: loanDefinitionToWire(MINI_LOAN_DEFINITION),
          totalInstallmentDays: free.totalInstallmentDays,
          taePercent: 0,
          interestFree: true,
        };
        expect(standardMiniInterestCents(wire), `${amount} € × ${days} days`).toBe(standard.totalInterestCents);
      }
    }
  });

  it('is null for an instalment plan', () => {
    expect(standardMiniInterestCents(plan([installment(100, 10, '2026-04-10')]))).toBeNull();
  });
});
