import type { Loan } from '../../shared/api/loan-schemas.ts';

/**
 * The loan a review invitation is about on the dashboard: the customer's latest loan (by creation date, then id)
 * when it is repaid; null when there is none or the latest one is not repaid (running, cancelled, declined …).
 */
export function lastRepaidLoanId(loans: readonly Loan[]): number | null {
  let last: Loan | null = null;
  for (const loan of loans) {
    if (!last || loan.createdDate > last.createdDate || (loan.createdDate === last.createdDate && loan.id > last.id)) {
      last = loan;
    }
  }
  return last?.status === 'repaid' ? last.id : null;
}
