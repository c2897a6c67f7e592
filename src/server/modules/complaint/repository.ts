import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ComplaintStatus } from '../../../shared/api/complaint.ts';
import type { IsoDate } from '../../../shared/dates.ts';
import type { Executor } from '../../db/connect.ts';
import {
  complaintCases,
  complaintStatusHistory,
  customers,
  loans,
  staffUsers,
  type ComplaintCaseRow,
} from '../../db/schema/index.ts';

/** The complaint module's SQL: the owner of `complaint_cases` (its history is written by db/status-history.ts). */

export type NewComplaint = Omit<
  typeof complaintCases.$inferInsert,
  'id' | 'status' | 'createdAt' | 'updatedAt' | 'resolution' | 'answerText' | 'answeredAt'
>;

export async function insertComplaint(db: Executor, row: NewComplaint, at: Date): Promise<ComplaintCaseRow> {
  const [inserted] = await db
    .insert(complaintCases)
    .values({ ...row, status: 'open', createdAt: at, updatedAt: at })
    .returning();
  if (!inserted) throw new Error('complaint insert returned nothing');
  return inserted;
}

/** The complaint row, locked for the rest of the transaction. */
export async function findComplaintForUpdate(db: Executor, id: number): Promise<ComplaintCaseRow | null> {
  const [row] = await db.select().from(complaintCases).where(eq(complaintCases.id, id)).for('update');
  return row ?? null;
}

export type ComplaintChange = Partial<
  Pick<
    ComplaintCaseRow,
    | 'loanId'
    | 'channel'
    | 'category'
    | 'subject'
    | 'description'
    | 'receivedAt'
    | 'deadlineRule'
    | 'dueOn'
    | 'assignedStaffId'
    | 'status'
    | 'resolution'
    | 'answerText'
    | 'answeredAt'
    | 'voidReason'
    | 'voidedAt'
    | 'voidedBy'
  >
>;

export async function updateComplaint(db: Executor, id: number, change: ComplaintChange, at: Date): Promise<void> {
  await db
    .update(complaintCases)
    .set({ ...change, updatedAt: at })
    .where(eq(complaintCases.id, id));
}

/** The customer of a loan, or null for an unknown loan. */
export async function loanCustomerOf(db: Executor, loanId: number): Promise<number | null> {
  const [row] = await db.select({ customerId: loans.customerId }).from(loans).where(eq(loans.id, loanId)).limit(1);
  return row?.customerId ?? null;
}

/** Whether `id` is an active agent or administrator (whom a complaint may be assigned to). */
export async function isActiveAssignee(db: Executor, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(
      and(
        eq(staffUsers.id, id),
        inArray(staffUsers.role, ['cam', 'administrator', 'alladmins']),
        isNull(staffUsers.disabledAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

const assignee = alias(staffUsers, 'assignee');
const creator = alias(staffUsers, 'creator');

const complaintViews = (db: Executor) =>
  db
    .select({
      complaint: complaintCases,
      customerName: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
      assigneeName: assignee.fullName,
      creatorName: creator.fullName,
    })
    .from(complaintCases)
    .innerJoin(customers, eq(customers.id, complaintCases.customerId))
    .innerJoin(creator, eq(creator.id, complaintCases.createdBy))
    .leftJoin(assignee, eq(assignee.id, complaintCases.assignedStaffId));

export type ComplaintViewRow = NonNullable<Awaited<ReturnType<typeof findComplaintView>>>;

/** One complaint with its customer's and its staff members' names. */
export async function findComplaintView(db: Executor, id: number) {
  const [row] = await complaintViews(db).where(eq(complaintCases.id, id)).limit(1);
  return row ?? null;
}

/** A complaint's customer, or null for an unknown complaint. */
export async function complaintCustomerOf(db: Executor, id: number): Promise<number | null> {
  const [row] = await db
    .select({ customerId: complaintCases.customerId })
    .from(complaintCases)
    .where(eq(complaintCases.id, id))
    .limit(1);
  return row?.customerId ?? null;
}

const madridDate = (column: typeof complaintCases.answeredAt | typeof complaintCases.voidedAt) =>
  sql`(${column} at time zone 'Europe/Madrid')::date`;

/**
 * Overdue: the last day passed before the day the deadline is read on — the answer's (Madrid) date, the voiding's,
 * or `today` while neither happened. The same rule as the answer's `overdue` (service.ts `deadlineOf`).
 */
const overdueOn = (today: IsoDate): SQL =>
  sql`${complaintCases.dueOn} < coalesce(${madridDate(complaintCases.answeredAt)}, ${madridDate(complaintCases.voidedAt)}, ${today}::date)`;

export interface ComplaintFilter {
  status?: ComplaintStatus | undefined;
  overdue?: boolean | undefined;
  assignedStaffId?: number | undefined;
  customerId?: number | undefined;
}

/** One page of complaints by `due_on` (ties by id, the same direction), and how many match. */
export async function findComplaintViews(
  db: Executor,
  filter: ComplaintFilter,
  page: { page: number; pageSize: number; descending: boolean; today: IsoDate },
) {
  const conditions: SQL[] = [];
  if (filter.status !== undefined) conditions.push(eq(complaintCases.status, filter.status));
  if (filter.assignedStaffId !== undefined) conditions.push(eq(complaintCases.assignedStaffId, filter.assignedStaffId));
  if (filter.customerId !== undefined) conditions.push(eq(complaintCases.customerId, filter.customerId));
  if (filter.overdue !== undefined) {
    const overdue = overdueOn(page.today);
    conditions.push(filter.overdue ? overdue : sql`not (${overdue})`);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const order = page.descending ? desc : asc;
  const [rows, [counted]] = await Promise.all([
    complaintViews(db)
      .where(where)
      .orderBy(order(complaintCases.dueOn), order(complaintCases.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(complaintCases).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The complaint's status changes, newest first (ties by id, the later insert first). */
export function complaintHistoryRows(db: Executor, complaintId: number) {
  return db
    .select({
      id: complaintStatusHistory.id,
      fromStatus: complaintStatusHistory.fromStatus,
      toStatus: complaintStatusHistory.toStatus,
      changedBy: complaintStatusHistory.changedBy,
      reason: complaintStatusHistory.reason,
      at: complaintStatusHistory.createdAt,
    })
    .from(complaintStatusHistory)
    .where(eq(complaintStatusHistory.complaintId, complaintId))
    .orderBy(desc(complaintStatusHistory.createdAt), desc(complaintStatusHistory.id));
}
