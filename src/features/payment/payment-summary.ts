import type { Installment, Loan } from '../../shared/api/loan-schemas.ts';
import { installmentRemaining, payableInstallments } from '../../shared/loan/payment-amounts.ts';
import { sumCents, type Cents } from '../../shared/money.ts';

/** The instalments of a loan in date order (ties by id): their position is the number the customer sees. */
export const installmentsByDate = (loan: Loan): Installment[] =>
  [...loan.installments].sort((a, b) => a.expectedDate.localeCompare(b.expectedDate) || a.id - b.id);

/** Each paid instalment of a quote with its number ('Cuota 2 de 12') and due date. */
export interface PaidInstallmentLine {
  readonly id: number;
  readonly number: number;
  readonly count: number;
  readonly expectedDate: string;
  readonly amount: Cents;
}

export function paidInstallmentLines(loan: Loan, installmentIds: readonly number[]): PaidInstallmentLine[] {
  const ordered = installmentsByDate(loan);
  return installmentIds.flatMap((id) => {
    const index = ordered.findIndex((installment) => installment.id === id);
    const installment = ordered[index];
    if (installment === undefined) return [];
    return [
      {
        id,
        number: index + 1,
        count: ordered.length,
        expectedDate: installment.expectedDate,
        amount: installmentRemaining(installment),
      },
    ];
  });
}

/** What remains to pay of a loan (0 when repaid) and the date of its next payable instalment. */
export function loanRemaining(loan: Loan): { readonly remaining: Cents; readonly nextDate: string | null } {
  const payable = loan.status === 'repaid' ? [] : payableInstallments(loan.installments);
  return { remaining: sumCents(payable.map(installmentRemaining)), nextDate: payable[0]?.expectedDate ?? null };
}
