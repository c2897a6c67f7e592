import { and, desc, eq, getTableColumns, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';
import { auditRecords, staffUsers, type AuditRecordRow } from '../db/schema/index.ts';

/**
 * The owner of `audit_records` (docs/backoffice.md §3): it inserts and reads, and has no function that changes or
 * removes a record — the database refuses that too (migration 0019's triggers).
 */

export type AuditRecordInput = Omit<typeof auditRecords.$inferInsert, 'id'>;

export async function insertAuditRecord(tx: Executor, record: AuditRecordInput): Promise<number> {
  const [row] = await tx.insert(auditRecords).values(record).returning({ id: auditRecords.id });
  return row!.id;
}

export interface AuditFilter {
  customerId?: number | undefined;
  loanId?: number | undefined;
  staffUserId?: number | undefined;
  entityType?: string | undefined;
  entityId?: string | undefined;
  /** From this instant (inclusive) to that one (exclusive). */
  from?: Date | undefined;
  to?: Date | undefined;
}

/** Counting stops here: a page shows "más de 10.000" rather than scanning the whole trail. */
export const AUDIT_COUNT_CAP = 10_000;

function whereOf(filter: AuditFilter): SQL | undefined {
  return and(
    filter.customerId === undefined ? undefined : eq(auditRecords.customerId, filter.customerId),
    filter.loanId === undefined ? undefined : eq(auditRecords.loanId, filter.loanId),
    filter.staffUserId === undefined ? undefined : eq(auditRecords.staffUserId, filter.staffUserId),
    filter.entityType === undefined ? undefined : eq(auditRecords.entityType, filter.entityType),
    filter.entityId === undefined ? undefined : eq(auditRecords.entityId, filter.entityId),
    filter.from === undefined ? undefined : gte(auditRecords.at, filter.from),
    filter.to === undefined ? undefined : lt(auditRecords.at, filter.to),
  );
}

/** One page of the records that match, newest first (ties by id), and how many match (at most the cap + 1). */
export async function findAuditRecords(
  db: Executor,
  filter: AuditFilter,
  page: { page: number; pageSize: number },
): Promise<{ rows: (AuditRecordRow & { staffName: string | null })[]; total: number }> {
  const where = whereOf(filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ ...getTableColumns(auditRecords), staffName: staffUsers.fullName })
      .from(auditRecords)
      .leftJoin(staffUsers, eq(staffUsers.id, auditRecords.staffUserId))
      .where(where)
      .orderBy(desc(auditRecords.at), desc(auditRecords.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(
      db
        .select({ id: auditRecords.id })
        .from(auditRecords)
        .where(where)
        .limit(AUDIT_COUNT_CAP + 1)
        .as('matching'),
    ),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
