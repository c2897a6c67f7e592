import { and, asc, eq } from 'drizzle-orm';
import type { InstallmentStatus, LoanStatus } from '../../../../shared/loan-statuses.ts';
import type { Executor } from '../../../db/connect.ts';
import { installments, loanImpediments, loans, loanWithdrawals } from '../../../db/schema/index.ts';

/** The loans and instalments a payment pays: reads, the instalments' and the loan's changes, impediments. */

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

export async function insertInstallment(
  db: Executor,
  values: typeof installments.$inferInsert,
): Promise<{ id: number }> {
  const [row] = await db.insert(installments).values(values).returning({ id: installments.id });
  return row!;
}

export async function updateInstallment(
  db: Executor,
  installmentId: number,
  values: { paidCents: number; status: InstallmentStatus; paidAt: Date | null },
) {
  await db.update(installments).set(values).where(eq(installments.id, installmentId));
}

export async function updateLoanStatus(db: Executor, loanId: number, status: LoanStatus, at: Date) {
  await db.update(loans).set({ status, updatedAt: at }).where(eq(loans.id, loanId));
}

/** A repaid loan returns the money of a withdrawal notice: the notice becomes `repaid`. */
export async function markWithdrawalRepaid(db: Executor, loanId: number, at: Date) {
  await db
    .update(loanWithdrawals)
    .set({ status: 'repaid', updatedAt: at })
    .where(and(eq(loanWithdrawals.loanId, loanId), eq(loanWithdrawals.status, 'requested')));
}

export async function insertImpediment(db: Executor, values: typeof loanImpediments.$inferInsert) {
  const [row] = await db
    .insert(loanImpediments)
    .values(values)
    .returning({ id: loanImpediments.id, createdAt: loanImpediments.createdAt });
  return row!;
}
