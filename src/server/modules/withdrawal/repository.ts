import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/connect.ts';
import type { WithdrawalRow } from '../loan/index.ts';
import { installments, loans, loanWithdrawals } from '../../db/schema/index.ts';

/**
 * Withdrawal SQL: the caller's loan with its instalments, and the loan's notice (one per loan; the notice is
 * written by the loan module, through its index.ts).
 */

/** The loan if it is the customer's (undefined for another customer's loan or a missing one). */
export async function findCustomerLoan(db: Executor, customerId: number, loanId: number) {
  const [loan] = await db
    .select({ id: loans.id, status: loans.status, issueDate: loans.issueDate })
    .from(loans)
    .where(and(eq(loans.id, loanId), eq(loans.customerId, customerId)))
    .limit(1);
  return loan;
}

export function loanInstallments(db: Executor, loanId: number) {
  return db
    .select({
      expectedDate: installments.expectedDate,
      status: installments.status,
      totalCents: installments.totalCents,
      baseCents: installments.baseCents,
      interestCents: installments.interestCents,
      paidCents: installments.paidCents,
    })
    .from(installments)
    .where(eq(installments.loanId, loanId))
    .orderBy(asc(installments.number));
}

export async function findWithdrawal(db: Executor, loanId: number): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(loanWithdrawals).where(eq(loanWithdrawals.loanId, loanId)).limit(1);
  return row;
}
