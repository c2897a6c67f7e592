import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/connect.ts';
import { loanDiscounts, staffUsers } from '../../../db/schema/index.ts';

/** The discounts of instalments (DiscountPost, DiscountDelete, StaffLoanDiscountsGet). */

export type DiscountRow = typeof loanDiscounts.$inferSelect;

const creator = alias(staffUsers, 'discount_creator');
const remover = alias(staffUsers, 'discount_remover');

/** Discounts with their staff members' names, newest first. */
const withNames = (db: Executor) =>
  db
    .select({
      discount: loanDiscounts,
      createdBy: creator.fullName,
      removedBy: remover.fullName,
    })
    .from(loanDiscounts)
    .leftJoin(creator, eq(creator.id, loanDiscounts.createdByStaffId))
    .leftJoin(remover, eq(remover.id, loanDiscounts.removedByStaffId))
    .$dynamic();

export type NamedDiscount = { discount: DiscountRow; createdBy: string | null; removedBy: string | null };

export const loanDiscountsOf = (db: Executor, loanId: number): Promise<NamedDiscount[]> =>
  withNames(db).where(eq(loanDiscounts.loanId, loanId)).orderBy(desc(loanDiscounts.id));

export async function namedDiscount(db: Executor, discountId: number): Promise<NamedDiscount | undefined> {
  const [row] = await withNames(db).where(eq(loanDiscounts.id, discountId)).limit(1);
  return row;
}

export async function findDiscount(db: Executor, discountId: number): Promise<DiscountRow | undefined> {
  const [row] = await db.select().from(loanDiscounts).where(eq(loanDiscounts.id, discountId)).limit(1);
  return row;
}

export async function findDiscountByKey(db: Executor, key: string): Promise<DiscountRow | undefined> {
  const [row] = await db.select().from(loanDiscounts).where(eq(loanDiscounts.requestKey, key)).limit(1);
  return row;
}

export async function insertDiscount(db: Executor, values: typeof loanDiscounts.$inferInsert): Promise<DiscountRow> {
  const [row] = await db.insert(loanDiscounts).values(values).returning();
  return row!;
}

export async function markDiscountRemoved(
  db: Executor,
  discountId: number,
  removal: { staffId: number; at: Date; reason: string },
): Promise<void> {
  await db
    .update(loanDiscounts)
    .set({ removedByStaffId: removal.staffId, removedAt: removal.at, removedReason: removal.reason })
    .where(eq(loanDiscounts.id, discountId));
}
