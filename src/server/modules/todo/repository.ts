import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TodoKind, TodoStatus } from '../../../shared/api/todo.ts';
import type { Executor } from '../../db/connect.ts';
import { customers, loans, staffUsers, todoItems, type TodoItemRow } from '../../db/schema/index.ts';

/** The todo module's SQL: the owner of `todo_items` (docs/backoffice.md §5 "To-dos and call timing"). */

export type NewTodo = Omit<typeof todoItems.$inferInsert, 'id' | 'status' | 'doneAt' | 'doneBy' | 'outcome'>;
export type TodoChange = Partial<
  Pick<TodoItemRow, 'title' | 'notes' | 'dueAt' | 'assignedStaffId' | 'status' | 'doneAt' | 'doneBy' | 'outcome'>
>;

export async function insertTodo(db: Executor, row: NewTodo): Promise<number> {
  const [inserted] = await db.insert(todoItems).values(row).returning({ id: todoItems.id });
  if (!inserted) throw new Error('todo_items insert returned no row');
  return inserted.id;
}

/** The to-do, locked for the rest of the transaction. */
export async function findTodoForUpdate(db: Executor, id: number): Promise<TodoItemRow | null> {
  const [row] = await db.select().from(todoItems).where(eq(todoItems.id, id)).for('update');
  return row ?? null;
}

export async function updateTodo(db: Executor, id: number, change: TodoChange & { updatedAt: Date }): Promise<void> {
  await db.update(todoItems).set(change).where(eq(todoItems.id, id));
}

/** The to-do that follows a booking, locked. */
export async function findBookingTodoForUpdate(db: Executor, callBookingId: number): Promise<TodoItemRow | null> {
  const [row] = await db.select().from(todoItems).where(eq(todoItems.callBookingId, callBookingId)).for('update');
  return row ?? null;
}

/** Unlinks a closed to-do from its booking, so the booking's next call gets a to-do of its own. */
export async function detachFromBooking(db: Executor, id: number, at: Date): Promise<void> {
  await db.update(todoItems).set({ callBookingId: null, updatedAt: at }).where(eq(todoItems.id, id));
}

/** How many open welcome calls each agent has at `dueAt` (the team's are not counted). */
export async function openCallsByAgentAt(db: Executor, dueAt: Date): Promise<Map<number, number>> {
  const rows = await db
    .select({ staffId: todoItems.assignedStaffId, calls: count() })
    .from(todoItems)
    .where(
      and(
        eq(todoItems.kind, 'welcomeCall'),
        eq(todoItems.status, 'open'),
        eq(todoItems.dueAt, dueAt),
        isNotNull(todoItems.assignedStaffId),
      ),
    )
    .groupBy(todoItems.assignedStaffId);
  return new Map(rows.flatMap((row) => (row.staffId === null ? [] : [[row.staffId, row.calls] as const])));
}

/** True when the loan is this customer's. */
export async function isCustomersLoan(db: Executor, customerId: number, loanId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.id, loanId), eq(loans.customerId, customerId)))
    .limit(1);
  return row !== undefined;
}

const assignee = alias(staffUsers, 'assignee');
const doer = alias(staffUsers, 'doer');
const creator = alias(staffUsers, 'creator');

const viewColumns = {
  todo: todoItems,
  customerName: sql<string | null>`${customers.firstName} || ' ' || ${customers.lastName}`,
  assigneeName: assignee.fullName,
  doerName: doer.fullName,
  creatorName: creator.fullName,
};

const views = (db: Executor) =>
  db
    .select(viewColumns)
    .from(todoItems)
    .leftJoin(customers, eq(customers.id, todoItems.customerId))
    .leftJoin(assignee, eq(assignee.id, todoItems.assignedStaffId))
    .leftJoin(doer, eq(doer.id, todoItems.doneBy))
    .leftJoin(creator, eq(creator.id, todoItems.createdBy));

export type TodoViewRow = NonNullable<Awaited<ReturnType<typeof findTodoView>>>;

/** One to-do with its customer's and staff members' names. */
export async function findTodoView(db: Executor, id: number) {
  const [row] = await views(db).where(eq(todoItems.id, id)).limit(1);
  return row ?? null;
}

/** A customer's to-dos by due time. */
export async function findCustomerTodoViews(db: Executor, customerId: number) {
  return views(db).where(eq(todoItems.customerId, customerId)).orderBy(asc(todoItems.dueAt), asc(todoItems.id));
}

export interface TodoFilter {
  /** `me` with the member's id, `team` (nobody's), or every to-do. */
  assigned: { to: 'me'; staffId: number } | { to: 'team' } | { to: 'all' };
  /** Due in `[from, to)`. */
  from?: Date | undefined;
  to?: Date | undefined;
  kind?: TodoKind | undefined;
  status?: TodoStatus | undefined;
  customerId?: number | undefined;
}

function conditionsOf(filter: TodoFilter): SQL | undefined {
  const { assigned } = filter;
  return and(
    assigned.to === 'me' ? eq(todoItems.assignedStaffId, assigned.staffId) : undefined,
    assigned.to === 'team' ? isNull(todoItems.assignedStaffId) : undefined,
    filter.from ? gte(todoItems.dueAt, filter.from) : undefined,
    filter.to ? lt(todoItems.dueAt, filter.to) : undefined,
    filter.kind ? eq(todoItems.kind, filter.kind) : undefined,
    filter.status ? eq(todoItems.status, filter.status) : undefined,
    filter.customerId ? eq(todoItems.customerId, filter.customerId) : undefined,
  );
}

/** One page of the matching to-dos by due time (then id), and how many match. */
export async function findTodoPage(
  db: Executor,
  filter: TodoFilter,
  page: { page: number; pageSize: number; descending: boolean },
) {
  const where = conditionsOf(filter);
  const order = page.descending
    ? [desc(todoItems.dueAt), desc(todoItems.id)]
    : [asc(todoItems.dueAt), asc(todoItems.id)];
  const rows = await views(db)
    .where(where)
    .orderBy(...order)
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [total] = await db.select({ total: count() }).from(todoItems).where(where);
  return { rows, total: total?.total ?? 0 };
}
