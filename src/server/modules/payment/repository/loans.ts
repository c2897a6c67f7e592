import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/connect.ts';
import { installments, loans } from '../../../db/schema/index.ts';

/**
 * The loans and instalments a payment pays (reads: their changes are the loan module's, through its index.ts) and
 * impediments.
 */

export type InstallmentRow = typeof installments.$inferSelect;
export type LoanRow = typeof loans.$inferSelect;

/** The customer's loan (another customer's: undefined). */
export async function findCustomerLoan(db: Executor, customerId: number, loanId: number): Promise<LoanRow | undefined> {
  const [row] = await db
    .select()
    .from(loans)
    .where(and(eq(loans.id, loanId), eq(loans.customerId, customerId)))
    .limit(1);
  return row;
}

export async function findLoan(db: Executor, loanId: number): Promise<LoanRow | undefined> {
  const [row] = await db.select().from(loans).where(eq(loans.id, loanId)).limit(1);
  return row;
}

/** The loan's instalments in plan order. */
export async function loanInstallments(db: Executor, loanId: number): Promise<InstallmentRow[]> {
  return db.select().from(installments).where(eq(installments.loanId, loanId)).orderBy(asc(installments.number));
}
