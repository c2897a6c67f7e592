import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { LoanStatus } from '../../../shared/loan-statuses.ts';
import type { Executor } from '../../db/connect.ts';
import { installments, loanRestructures, loans } from '../../db/schema/index.ts';

/** The restructure module's SQL (the caller's loan and instalments are read with the payment module's): the new plan's rows, the restructure record. */

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

export async function markLoanRestructured(db: Executor, loanId: number, status: LoanStatus, at: Date) {
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
