import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/connect.ts';
import { loanRestructures } from '../../db/schema/index.ts';

/**
 * The restructure module's SQL: the restructure record (the caller's loan and instalments are read with the payment
 * module's; the new plan's rows and the loan's change are written by the loan module, through its index.ts).
 */

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
