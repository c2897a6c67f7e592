import { describe, expect, it } from 'vitest';
import {
  canFlexiblePayment,
  canReportRepaymentProblem,
  canRollover,
  loanActions,
  payAction,
  payWholeLoanAction,
  type LoanActionsView,
} from '../../../../src/shared/loan/loan-actions.ts';
import { addDaysIso } from '../../../../src/shared/calendar.ts';
import { toCents } from '../../../../src/shared/money.ts';
import type { InstallmentStatus, LoanStatus } from '../../../../src/shared/loan-statuses.ts';

/** The §5 button visibility rules with overdueDay = first unpaid date − today (negative when late). */

const today = '2026-03-10';

function loan(
  overrides: Partial<Omit<LoanActionsView, 'installments'>> & {
    installments?: ReadonlyArray<{ offset: number; status?: InstallmentStatus; total?: number; paid?: number }>;
  } = {},
): LoanActionsView {
  const { installments = [{ offset: 10 }], ...rest } = overrides;
  return {
    id: 1,
    status: 'issued',
    loanAmount: toCents(30_000),
    earlyClosureAmount: toCents(31_000),
    overdueDay: 10,
    isRestructured: false,
    installments: installments.map((installment, index) => ({
      id: 100 + index,
      status: installment.status ?? 'notPaid',
      expectedDate: addDaysIso(today, installment.offset),
      totalPayment: toCents(installment.total ?? 10_000),
      payments: installment.paid ? [{ amount: toCents(installment.paid) }] : [],
    })),
    ...rest,
  };
}

const others = (...statuses: LoanStatus[]) => statuses.map((status, index) => ({ id: 50 + index, status }));

describe('Pago Flexible: overdueDay strictly between −60 and −35, or an issued restructured loan with ≤ 1 active loans', () => {
  it.each([
    [-61, false],
    [-60, false],
    [-59, true],
    [-36, true],
    [-35, false],
    [-34, false],
    [0, false],
  ])('overdueDay %i → %s', (overdueDay, shown) => {
    expect(canFlexiblePayment(loan({ overdueDay }), [])).toBe(shown);
    expect(canFlexiblePayment(loan({ overdueDay, status: 'arranged' }), [])).toBe(shown);
  });

  it('a restructured issued loan, alone or with only inactive loans: shown whatever its overdueDay', () => {
    const restructured = loan({ isRestructured: true, overdueDay: 10 });
    expect(canFlexiblePayment(restructured, [])).toBe(true);
    expect(canFlexiblePayment(restructured, [restructured, ...others('repaid', 'cancelled', 'requested')])).toBe(true);
  });

  it('a restructured issued loan with another running loan: not shown (2 active loans)', () => {
    expect(canFlexiblePayment(loan({ isRestructured: true }), others('issued'))).toBe(false);
    expect(canFlexiblePayment(loan({ isRestructured: true }), others('arranged'))).toBe(false);
  });

  it('a restructured arranged loan is not the "issued" branch; a not restructured issued loan neither', () => {
    expect(canFlexiblePayment(loan({ isRestructured: true, status: 'arranged' }), [])).toBe(false);
    expect(canFlexiblePayment(loan({ isRestructured: false }), [])).toBe(false);
  });

  it.each(['repaid', 'requested', 'cancelled'] as const)('a %s loan never shows it', (status) => {
    expect(canFlexiblePayment(loan({ status, overdueDay: -40, isRestructured: true }), [])).toBe(false);
  });
});

describe('Prórroga: single instalment, earlyClosureAmount > loanAmount, −35 ≤ overdueDay ≤ 5 (both included)', () => {
  it.each([
    [-36, false],
    [-35, true],
    [-34, true],
    [0, true],
    [4, true],
    [5, true],
    [6, false],
  ])('issued, overdueDay %i → %s', (overdueDay, shown) => {
    expect(canRollover(loan({ overdueDay }))).toBe(shown);
  });

  it('at −35 Prórroga shows and Pago Flexible does not; at −36 the other way round (the windows meet)', () => {
    expect([canRollover(loan({ overdueDay: -35 })), canFlexiblePayment(loan({ overdueDay: -35 }), [])]).toEqual([
      true,
      false,
    ]);
    expect([canRollover(loan({ overdueDay: -36 })), canFlexiblePayment(loan({ overdueDay: -36 }), [])]).toEqual([
      false,
      true,
    ]);
  });

  it('several instalments: never', () => {
    expect(canRollover(loan({ overdueDay: 0, installments: [{ offset: 0 }, { offset: 30 }] }))).toBe(false);
    expect(canRollover(loan({ overdueDay: 0, installments: [{ offset: -30, status: 'paid' }, { offset: 0 }] }))).toBe(
      false,
    );
  });

  it('a rolled-over loan counts only its instalment that is not rollovered: it can be rolled over again', () => {
    const again = loan({ overdueDay: 3, installments: [{ offset: -20, status: 'rollovered' }, { offset: 3 }] });
    expect(canRollover(again)).toBe(true);
    const twice = loan({
      overdueDay: 3,
      installments: [{ offset: -40, status: 'rollovered' }, { offset: -20, status: 'rollovered' }, { offset: 3 }],
    });
    expect(canRollover(twice)).toBe(true);
    expect(
      canRollover(
        loan({
          overdueDay: 3,
          installments: [
            { offset: -20, status: 'rollovered' },
            { offset: 3, status: 'paid' },
          ],
        }),
      ),
    ).toBe(false);
  });

  it('earlyClosureAmount equal to or below loanAmount: never', () => {
    expect(canRollover(loan({ overdueDay: 0, earlyClosureAmount: toCents(30_000) }))).toBe(false);
    expect(canRollover(loan({ overdueDay: 0, earlyClosureAmount: toCents(29_999) }))).toBe(false);
    expect(canRollover(loan({ overdueDay: 0, earlyClosureAmount: toCents(30_001) }))).toBe(true);
  });

  it.each([
    [-36, false],
    [-35, true],
    [6, true],
    [35, true],
    [36, false],
  ])('arranged: within 35 days of the due date, overdueDay %i → %s', (overdueDay, shown) => {
    expect(canRollover(loan({ status: 'arranged', overdueDay }))).toBe(shown);
  });

  it.each(['repaid', 'requested', 'rollovered'] as const)('a %s loan never shows it', (status) => {
    expect(canRollover(loan({ status, overdueDay: 0 }))).toBe(false);
  });
});

describe("'¿Problemas con un reembolso?': issued or arranged, overdueDay below −3", () => {
  it.each([
    [-5, true],
    [-4, true],
    [-3, false],
    [-2, false],
    [3, false],
  ])('overdueDay %i → %s', (overdueDay, shown) => {
    expect(canReportRepaymentProblem(loan({ overdueDay }))).toBe(shown);
    expect(canReportRepaymentProblem(loan({ overdueDay, status: 'arranged' }))).toBe(shown);
  });

  it.each(['repaid', 'requested', 'cancelled', 'restructured'] as const)('a %s loan never shows it', (status) => {
    expect(canReportRepaymentProblem(loan({ status, overdueDay: -10 }))).toBe(false);
  });
});

describe('Pagar and Pago Total Préstamo (amounts from paymentQuote)', () => {
  it('nothing late: Pagar pays the first payable instalment (what is left of it)', () => {
    const current = loan({
      installments: [{ offset: -30, status: 'paid' }, { offset: 5, paid: 2_500 }, { offset: 35 }],
    });
    expect(payAction(current, today)).toEqual({ option: 'firstNotPaidInstallment', installmentId: 101, amount: 7_500 });
  });

  it('one instalment late: still the first one; several late: pendingInstallments, every due one', () => {
    expect(payAction(loan({ installments: [{ offset: -3 }, { offset: 27 }] }), today)).toEqual({
      option: 'firstNotPaidInstallment',
      installmentId: 100,
      amount: 10_000,
    });
    expect(payAction(loan({ installments: [{ offset: -33 }, { offset: -3 }, { offset: 27 }] }), today)).toEqual({
      option: 'pendingInstallments',
      installmentId: null,
      amount: 20_000,
    });
  });

  it('nothing payable (repaid, or every instalment paid): no Pagar', () => {
    expect(payAction(loan({ status: 'repaid', installments: [{ offset: -3, status: 'paid' }] }), today)).toBeNull();
    expect(payAction(loan({ installments: [{ offset: -3, status: 'paid' }] }), today)).toBeNull();
    expect(payAction(loan({ status: 'requested' }), today)).toBeNull();
  });

  it('Pago Total Préstamo only with several payable instalments, at earlyClosureAmount', () => {
    expect(payWholeLoanAction(loan({ installments: [{ offset: 5 }] }), today)).toBeNull();
    expect(
      payWholeLoanAction(loan({ installments: [{ offset: -25, status: 'paid' }, { offset: 5 }] }), today),
    ).toBeNull();
    expect(payWholeLoanAction(loan({ installments: [{ offset: 5 }, { offset: 35 }] }), today)).toEqual({
      option: 'closeLoan',
      installmentId: null,
      amount: 31_000,
    });
  });

  it('loanActions gathers every rule', () => {
    const late = loan({ overdueDay: -40, installments: [{ offset: -40 }, { offset: -10 }, { offset: 20 }] });
    expect(loanActions(late, [late], today)).toEqual({
      flexiblePayment: true,
      rollover: false,
      repaymentProblem: true,
      pay: { option: 'pendingInstallments', installmentId: null, amount: 20_000 },
      payInstallment: { option: 'firstNotPaidInstallment', installmentId: 100, amount: 10_000 },
      payWholeLoan: { option: 'closeLoan', installmentId: null, amount: 31_000 },
    });
  });
});
