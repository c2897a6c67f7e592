import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { CustomerStatus } from '../../../shared/statuses.ts';
import type { Executor } from '../../db/connect.ts';
import { customers, installments, loanRestructures, loans } from '../../db/schema/index.ts';

/** The restructure module's SQL (the caller's loan and instalments are read with the payment module's): the new plan's rows, the restructure record. */

export type LoanRow = typeof loans.$inferSelect;
export type InstallmentRow = typeof installments.$inferSelect;

export async function findCustomerStatus(db: Executor, customerId: number): Promise<CustomerStatus | undefined> {
  const [row] = await db
    .select({ status: customers.status })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row?.status;
}

/** When the loan was last restructured (null: never). */
export async function lastRestructureAt(db: Executor, loanId: number): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: loanRestructures.createdAt })
    .from(loanRestructures)
    .where(eq(loanRestructures.loanId, loanId))
    .orderBy(desc(loanRestructures.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

export async function markInstallmentsRestructured(db: Executor, installmentIds: readonly number[]) {
  if (installmentIds.length === 0) return;
  await db
    .update(installments)
    .set({ status: 'restructured' })
    .where(inArray(installments.id, [...installmentIds]));
}

export async function insertInstallments(db: Executor, rows: ReadonlyArray<typeof installments.$inferInsert>) {
  return db
    .insert(installments)
    .values([...rows])
    .returning({ id: installments.id, number: installments.number });
}

export async function markLoanRestructured(db: Executor, loanId: number, status: LoanRow['status'], at: Date) {
  await db.update(loans).set({ status, isRestructured: true, updatedAt: at }).where(eq(loans.id, loanId));
}

export async function insertRestructure(db: Executor, values: typeof loanRestructures.$inferInsert) {
  await db.insert(loanRestructures).values(values);
}

/** The loan's latest restructure whose accepted pre-contract information was kept (null: none). */
export async function latestRestructureDocument(
  db: Executor,
  loanId: number,
): Promise<{ document: unknown; createdAt: Date } | null> {
  const [row] = await db
    .select({ document: loanRestructures.document, createdAt: loanRestructures.createdAt })
    .from(loanRestructures)
    .where(and(eq(loanRestructures.loanId, loanId), isNotNull(loanRestructures.document)))
    .orderBy(desc(loanRestructures.createdAt), desc(loanRestructures.id))
    .limit(1);
  return row ?? null;
}
