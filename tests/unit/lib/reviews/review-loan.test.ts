import { describe, expect, it } from 'vitest';
import { lastRepaidLoanId } from '../../../../src/lib/reviews/review-loan.ts';
import type { Loan } from '../../../../src/shared/api/loan-schemas.ts';
import type { LoanStatus } from '../../../../src/shared/loan-statuses.ts';

const loan = (id: number, status: LoanStatus, createdDate: string) => ({ id, status, createdDate }) as unknown as Loan;

describe('the loan a dashboard review invitation is about', () => {
  it("is the latest loan when it is repaid (by creation date, then id), whatever the list's order", () => {
    expect(lastRepaidLoanId([loan(9, 'repaid', '2026-10-01'), loan(3, 'repaid', '2026-11-01')])).toBe(3);
    expect(lastRepaidLoanId([loan(3, 'repaid', '2026-11-01'), loan(4, 'repaid', '2026-11-01')])).toBe(4);
    expect(lastRepaidLoanId([loan(4, 'repaid', '2026-11-01'), loan(3, 'repaid', '2026-11-01')])).toBe(4);
  });

  it('is none without loans, or when the latest one is not repaid', () => {
    expect(lastRepaidLoanId([])).toBeNull();
    for (const status of ['issued', 'cancelled', 'restructured', 'requested', 'arranged'] as const) {
      expect(lastRepaidLoanId([loan(1, 'repaid', '2026-01-01'), loan(2, status, '2026-02-01')]), status).toBeNull();
    }
  });
});
