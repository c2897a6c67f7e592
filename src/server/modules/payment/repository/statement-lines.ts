import { asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/connect.ts';
import { bankStatementLines, payments, staffUsers } from '../../../db/schema/index.ts';

/** The bank statement's lines (docs/rules/payments.md "Manual matching"): fed, listed, matched. */

export type StatementLineRow = typeof bankStatementLines.$inferSelect;
export type StatementLineStatus = StatementLineRow['status'];

/** A line as the bank gives it; a line already fed (its `externalId`) is answered as it is, not fed twice. */
export async function insertStatementLineOnce(
  db: Executor,
  values: Omit<
    typeof bankStatementLines.$inferInsert,
    'id' | 'status' | 'paymentId' | 'matchedByStaffId' | 'matchedAt'
  >,
): Promise<{ line: StatementLineRow; created: boolean }> {
  const [created] = await db.insert(bankStatementLines).values(values).onConflictDoNothing().returning();
  if (created) return { line: created, created: true };
  const [line] = await db
    .select()
    .from(bankStatementLines)
    .where(eq(bankStatementLines.externalId, values.externalId))
    .limit(1);
  return { line: line!, created: false };
}

export async function findStatementLine(db: Executor, id: number): Promise<StatementLineRow | undefined> {
  const [row] = await db.select().from(bankStatementLines).where(eq(bankStatementLines.id, id)).limit(1);
  return row;
}

export async function markStatementLineMatched(
  db: Executor,
  id: number,
  match: { paymentId: number; matchedByStaffId: number | null; matchedAt: Date },
): Promise<void> {
  await db
    .update(bankStatementLines)
    .set({ status: 'matched', ...match })
    .where(eq(bankStatementLines.id, id));
}

/** One page of the lines of a status, oldest first, with their payment's loan and customer and who matched them. */
export async function statementLinesPage(
  db: Executor,
  status: StatementLineStatus,
  page: { limit: number; offset: number },
) {
  const where = eq(bankStatementLines.status, status);
  const [items, [counted]] = await Promise.all([
    db
      .select({
        line: bankStatementLines,
        loanId: payments.loanId,
        customerId: payments.customerId,
        matchedByName: staffUsers.fullName,
      })
      .from(bankStatementLines)
      .leftJoin(payments, eq(payments.id, bankStatementLines.paymentId))
      .leftJoin(staffUsers, eq(staffUsers.id, bankStatementLines.matchedByStaffId))
      .where(where)
      .orderBy(asc(bankStatementLines.receivedOn), asc(bankStatementLines.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(bankStatementLines).where(where),
  ]);
  return { items, total: counted?.total ?? 0 };
}

/** The line that settled this payment, if any. */
export async function findStatementLineOfPayment(db: Executor, paymentId: number) {
  const [row] = await db.select().from(bankStatementLines).where(eq(bankStatementLines.paymentId, paymentId)).limit(1);
  return row;
}

export async function findStatementLineByExternalId(db: Executor, externalId: string) {
  const [row] = await db
    .select()
    .from(bankStatementLines)
    .where(eq(bankStatementLines.externalId, externalId))
    .limit(1);
  return row;
}

/** The line's payment annulled: it waits in the reconciliation again, as it came from the bank. */
export async function markStatementLineUnmatched(db: Executor, id: number): Promise<void> {
  await db
    .update(bankStatementLines)
    .set({ status: 'unmatched', paymentId: null, matchedByStaffId: null, matchedAt: null })
    .where(eq(bankStatementLines.id, id));
}
