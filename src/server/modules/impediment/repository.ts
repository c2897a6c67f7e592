import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { pendingImpedimentStatuses, type ImpedimentStatus } from '../../../shared/payment-statuses.ts';
import type { Executor } from '../../db/connect.ts';
import { customers, loanImpediments, staffUsers } from '../../db/schema/index.ts';

/** The impediments' SQL (modules/impediment owns loan_impediments). */

export type ImpedimentRow = typeof loanImpediments.$inferSelect;

export async function insertImpediment(db: Executor, values: typeof loanImpediments.$inferInsert) {
  const [row] = await db
    .insert(loanImpediments)
    .values(values)
    .returning({ id: loanImpediments.id, createdAt: loanImpediments.createdAt });
  return row!;
}

/** The loan's impediment staff have not closed (open or in review), if any. */
export async function findPendingImpediment(db: Executor, loanId: number): Promise<ImpedimentRow | undefined> {
  const [row] = await db
    .select()
    .from(loanImpediments)
    .where(and(eq(loanImpediments.loanId, loanId), inArray(loanImpediments.status, [...pendingImpedimentStatuses])))
    .limit(1);
  return row;
}

const handler = alias(staffUsers, 'impediment_handler');

export type NamedImpediment = {
  impediment: ImpedimentRow;
  firstName: string;
  lastName: string;
  handledBy: string | null;
};

/** Impediments with their customer's and handler's names, oldest first, a page at a time, and how many match. */
export async function impedimentsPage(
  db: Executor,
  where: SQL | undefined,
  page: { page: number; pageSize: number },
): Promise<{ rows: NamedImpediment[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        impediment: loanImpediments,
        firstName: customers.firstName,
        lastName: customers.lastName,
        handledBy: handler.fullName,
      })
      .from(loanImpediments)
      .innerJoin(customers, eq(customers.id, loanImpediments.customerId))
      .leftJoin(handler, eq(handler.id, loanImpediments.handledByStaffId))
      .where(where)
      .orderBy(asc(loanImpediments.createdAt), asc(loanImpediments.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db
      .select({ total: count() })
      .from(loanImpediments)
      .innerJoin(customers, eq(customers.id, loanImpediments.customerId))
      .where(where),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

export async function lockImpediment(db: Executor, impedimentId: number): Promise<ImpedimentRow | undefined> {
  const [row] = await db.select().from(loanImpediments).where(eq(loanImpediments.id, impedimentId)).for('update');
  return row;
}

export async function findImpediment(db: Executor, impedimentId: number): Promise<ImpedimentRow | undefined> {
  const [row] = await db.select().from(loanImpediments).where(eq(loanImpediments.id, impedimentId)).limit(1);
  return row;
}

export async function moveImpediment(
  db: Executor,
  impedimentId: number,
  change: { status: ImpedimentStatus; staffId: number; at: Date; note: string },
): Promise<void> {
  await db
    .update(loanImpediments)
    .set({ status: change.status, handledByStaffId: change.staffId, handledAt: change.at, note: change.note })
    .where(eq(loanImpediments.id, impedimentId));
}
