import type { TodoItem, TodoKind, TodoStatus } from '../../../shared/api/todo.ts';
import { addDaysIso, type IsoDate } from '../../../shared/calendar.ts';
import { startOfDayInMadrid } from '../../../shared/dates.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import { staffWrite, type AuditActor, type StaffWriteDeps } from '../../audit/staff-write.ts';
import type { Executor } from '../../db/connect.ts';
import type { TodoItemRow } from '../../db/schema/index.ts';
import { BusinessError } from '../../http/errors.ts';
import { findScopedCustomer } from '../customer/index.ts';
import { isActiveCamOrAdmin } from '../staff/index.ts';
import {
  findCustomerTodoViews,
  findTodoForUpdate,
  findTodoPage,
  findTodoView,
  insertTodo,
  isCustomersLoan,
  updateTodo,
  type TodoChange,
  type TodoFilter,
  type TodoViewRow,
} from './repository.ts';

/**
 * The staff's to-dos (docs/backoffice.md §5 "To-dos and call timing"): reads, and the writes each in one transaction
 * with its audit record (entity `todo`, the fields before and after). Done and cancelled are final; a welcome call's
 * due time is its booking's (bookings.ts makes and moves it).
 */

export type TodoDeps = StaffWriteDeps;
type StaffActor = AuditActor & { staff: AuthenticatedStaff };

const name = (id: number | null, fullName: string | null) =>
  id === null || fullName === null ? null : { id, fullName };

/** The to-do as the contract answers it. */
function todoOf(row: TodoViewRow): TodoItem {
  const { todo } = row;
  return {
    id: todo.id,
    customerId: todo.customerId,
    customerName: row.customerName,
    loanId: todo.loanId,
    complaintId: todo.complaintId,
    callBookingId: todo.callBookingId,
    assignedTo: name(todo.assignedStaffId, row.assigneeName),
    kind: todo.kind,
    title: todo.title,
    notes: todo.notes,
    dueAt: todo.dueAt.toISOString(),
    status: todo.status,
    doneAt: todo.doneAt?.toISOString() ?? null,
    doneBy: name(todo.doneBy, row.doerName),
    outcome: todo.outcome,
    createdBy: name(todo.createdBy, row.creatorName),
    createdAt: todo.createdAt.toISOString(),
    updatedAt: todo.updatedAt.toISOString(),
  };
}

/** TodoItemGet. */
export async function getTodo(deps: TodoDeps, id: number): Promise<TodoItem> {
  const row = await findTodoView(deps.db, id);
  if (!row) throw new BusinessError('TodoNotFound');
  return todoOf(row);
}

/** TodoItemsGet: the customer's to-dos (404 for a customer the member may not see). */
export async function customerTodos(deps: TodoDeps, staff: AuthenticatedStaff, customerId: number) {
  await findScopedCustomer(deps.db, staff, customerId);
  return (await findCustomerTodoViews(deps.db, customerId)).map(todoOf);
}

export interface TodoListQuery {
  assigned: 'me' | 'team' | 'all';
  from?: IsoDate | undefined;
  to?: IsoDate | undefined;
  kind?: TodoKind | undefined;
  status?: TodoStatus | undefined;
  customerId?: number | undefined;
  sort: 'dueAt' | '-dueAt';
  page: number;
  pageSize: number;
}

/** TodoPagedPost: due between two Madrid days, both included. */
export async function pagedTodos(deps: TodoDeps, staff: AuthenticatedStaff, query: TodoListQuery) {
  const { from, to, page, pageSize } = query;
  if (from !== undefined && to !== undefined && to < from) throw new BusinessError('DateRangeInvalid');
  const assigned: TodoFilter['assigned'] =
    query.assigned === 'me' ? { to: 'me', staffId: staff.id } : { to: query.assigned };
  const { rows, total } = await findTodoPage(
    deps.db,
    {
      assigned,
      from: from === undefined ? undefined : startOfDayInMadrid(from),
      to: to === undefined ? undefined : startOfDayInMadrid(addDaysIso(to, 1)),
      kind: query.kind,
      status: query.status,
      customerId: query.customerId,
    },
    { page, pageSize, descending: query.sort === '-dueAt' },
  );
  return { items: rows.map(todoOf), page, pageSize, total, totalCapped: false };
}

async function checkAssignee(db: Executor, staffId: number | null): Promise<void> {
  if (staffId !== null && !(await isActiveCamOrAdmin(db, staffId))) throw new BusinessError('TodoAssigneeInvalid');
}

/** The audited fields of a to-do. */
const auditedOf = (todo: Pick<TodoItemRow, 'title' | 'notes' | 'dueAt' | 'assignedStaffId' | 'status'>) => ({
  title: todo.title,
  notes: todo.notes,
  dueAt: todo.dueAt.toISOString(),
  assignedStaffId: todo.assignedStaffId,
  status: todo.status,
});

export interface TodoCreateBody {
  customerId?: number | undefined;
  loanId?: number | undefined;
  assignedStaffId?: number | null | undefined;
  kind: Exclude<TodoKind, 'welcomeCall'>;
  title: string;
  notes?: string | undefined;
  dueAt: string;
}

/** TodoCreatePost: an open to-do, the author's unless `assignedStaffId` says otherwise (null: the team's). */
export async function createTodo(deps: TodoDeps, actor: StaffActor, body: TodoCreateBody): Promise<TodoItem> {
  const { staff } = actor;
  const customerId = body.customerId ?? null;
  const id = await staffWrite(deps, actor, { entityType: 'todo', customerId, loanId: body.loanId }, async (tx) => {
    if (customerId !== null) await findScopedCustomer(tx, staff, customerId);
    if (body.loanId !== undefined && (customerId === null || !(await isCustomersLoan(tx, customerId, body.loanId)))) {
      throw new BusinessError('StaffLoanNotFound');
    }
    const assignedStaffId = body.assignedStaffId === undefined ? staff.id : body.assignedStaffId;
    await checkAssignee(tx, assignedStaffId);
    const at = deps.clock.now();
    const row = {
      customerId,
      loanId: body.loanId ?? null,
      assignedStaffId,
      kind: body.kind,
      title: body.title,
      notes: body.notes || null,
      dueAt: new Date(body.dueAt),
      createdBy: staff.id,
      createdAt: at,
      updatedAt: at,
    };
    const inserted = await insertTodo(tx, row);
    return {
      entityId: inserted,
      before: null,
      after: { kind: row.kind, ...auditedOf({ ...row, status: 'open' }) },
      result: inserted,
    };
  });
  return getTodo(deps, id);
}

export interface TodoUpdateBody {
  title?: string | undefined;
  notes?: string | null | undefined;
  dueAt?: string | undefined;
  assignedStaffId?: number | null | undefined;
  status?: 'done' | undefined;
  outcome?: string | undefined;
}

/** The fields of `change` whose value differs from the to-do's. */
function changedFields(todo: TodoItemRow, change: TodoChange): TodoChange {
  const same = (key: keyof TodoChange) => {
    const [was, now] = [todo[key], change[key]];
    return was instanceof Date && now instanceof Date ? was.getTime() === now.getTime() : was === now;
  };
  return Object.fromEntries(
    Object.entries(change).filter(([key, value]) => value !== undefined && !same(key as keyof TodoChange)),
  );
}

/** One write of an open to-do under its row lock; `work` gives the new values. */
async function changeOpenTodo(
  deps: TodoDeps,
  actor: StaffActor,
  todoId: number,
  reason: string | null,
  work: (tx: Executor, todo: TodoItemRow) => Promise<TodoChange>,
): Promise<TodoItem> {
  await staffWrite(deps, actor, { entityType: 'todo', entityId: todoId, reason }, async (tx) => {
    const todo = await findTodoForUpdate(tx, todoId);
    if (!todo) throw new BusinessError('TodoNotFound');
    if (todo.status !== 'open') throw new BusinessError('TodoClosed');
    const change = changedFields(todo, await work(tx, todo));
    if (Object.keys(change).length === 0) throw new BusinessError('NothingToChange');
    await updateTodo(tx, todoId, { ...change, updatedAt: deps.clock.now() });
    const pick = (row: TodoChange) =>
      Object.fromEntries(
        Object.keys(change).map((key) => {
          const value = row[key as keyof TodoChange];
          return [key, value instanceof Date ? value.toISOString() : value];
        }),
      );
    return {
      customerId: todo.customerId,
      loanId: todo.loanId,
      before: pick(todo),
      after: pick(change),
      result: true,
    };
  });
  return getTodo(deps, todoId);
}

/** TodoUpdatePut: the fields given; `status: 'done'` with the outcome closes it as done by this member, now. */
export function updateTodoItem(deps: TodoDeps, actor: StaffActor, todoId: number, body: TodoUpdateBody) {
  return changeOpenTodo(deps, actor, todoId, null, async (tx, todo) => {
    const dueAt = body.dueAt === undefined ? undefined : new Date(body.dueAt);
    if (dueAt !== undefined && todo.callBookingId !== null && dueAt.getTime() !== todo.dueAt.getTime()) {
      throw new BusinessError('TodoDueFromBooking');
    }
    if (body.assignedStaffId !== undefined) await checkAssignee(tx, body.assignedStaffId);
    const done = body.status === 'done';
    return {
      title: body.title,
      notes: body.notes === undefined ? undefined : body.notes || null,
      dueAt,
      assignedStaffId: body.assignedStaffId,
      ...(done ? { status: 'done', doneAt: deps.clock.now(), doneBy: actor.staff.id, outcome: body.outcome } : {}),
    };
  });
}

/** TodoDelete: the open to-do becomes `cancelled`; the row stays. */
export function cancelTodo(deps: TodoDeps, actor: StaffActor, todoId: number, reason: string | undefined) {
  return changeOpenTodo(deps, actor, todoId, reason ?? null, async () => ({ status: 'cancelled' }));
}
