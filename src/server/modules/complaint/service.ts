import {
  COMPLAINT_RECEIVED_MAX_YEARS,
  COMPLAINT_STATUS_MOVES,
  COMPLAINT_STATUS_WORDS,
  type Complaint,
  type ComplaintCategory,
  type ComplaintChannel,
  type ComplaintResolution,
  type ComplaintStatus,
  type ComplaintStatusHistoryEntry,
} from '../../../shared/api/complaint.ts';
import {
  DEFAULT_COMPLAINT_DEADLINE_RULE,
  type ComplaintDeadlineRuleName,
} from '../../../shared/complaint-deadlines.ts';
import { addYearsIso, startOfDayInMadrid, todayInMadrid } from '../../../shared/dates.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import { staffWrite, type AuditActor, type AuditValues, type StaffWriteDeps } from '../../audit/staff-write.ts';
import type { Executor, Transaction } from '../../db/connect.ts';
import type { ComplaintCaseRow } from '../../db/schema/index.ts';
import { recordStatusChange } from '../../db/status-history.ts';
import { ApiError, BusinessError } from '../../http/errors.ts';
import { findScopedCustomer } from '../customer/index.ts';
import {
  complaintCustomerOf,
  findComplaintForUpdate,
  findComplaintViews,
  insertComplaint,
  isActiveAssignee,
  loanCustomerOf,
  updateComplaint,
  type ComplaintChange,
  type ComplaintFilter,
} from './repository.ts';
import { complaintAnswer, complaintHistory, complaintOf, dueOnOf } from './view.ts';

/**
 * Complaints (docs/backoffice.md §5 "Complaints"): recorded with their deadline, changed, moved along
 * `COMPLAINT_STATUS_MOVES` (each move a history row), voided by administrators; never removed. Every write is one
 * transaction with its audit record (the fields before and after, the reason where the status changes), under the
 * complaint's lock once it exists.
 */

export type ComplaintDeps = StaffWriteDeps;
type Actor = AuditActor & { staff: AuthenticatedStaff };
type Scope = Pick<AuthenticatedStaff, 'role' | 'collectionCompanyId'>;

const complaintLock = (id: number) => `complaint:${id}`;
const changedBy = (actor: Actor) => `staff:${actor.staff.id}`;

/** What an audit record keeps of a complaint's fields (instants as ISO text). */
function auditValuesOf(change: ComplaintChange): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(change).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );
}

/** The loan must exist and be the complaint's customer's: otherwise 404 `StaffLoanNotFound`. */
async function checkLoan(db: Executor, loanId: number, customerId: number): Promise<void> {
  if ((await loanCustomerOf(db, loanId)) !== customerId) throw new BusinessError('StaffLoanNotFound');
}

async function checkAssignee(db: Executor, staffId: number): Promise<void> {
  if (!(await isActiveAssignee(db, staffId))) throw new BusinessError('ComplaintAssigneeNotFound');
}

/** Not later than now, nor before the same Madrid date `COMPLAINT_RECEIVED_MAX_YEARS` years ago. */
function checkReceivedAt(receivedAt: Date, now: Date): void {
  if (receivedAt.getTime() > now.getTime()) throw new BusinessError('ComplaintReceivedInFuture');
  const earliest = addYearsIso(todayInMadrid(now), -COMPLAINT_RECEIVED_MAX_YEARS);
  if (receivedAt.getTime() < startOfDayInMadrid(earliest).getTime())
    throw new BusinessError('ComplaintReceivedTooLongAgo');
}

/**
 * A complaint of a customer this staff member may not see answers 404 `StaffComplaintNotFound`, as an unknown one
 * does (the role lists keep collection companies out already; this holds should a list grow).
 */
async function checkComplaintScope(db: Executor, staff: Scope, customerId: number): Promise<void> {
  try {
    await findScopedCustomer(db, staff, customerId);
  } catch (error) {
    if (error instanceof ApiError && error.codeName === 'StaffCustomerNotFound')
      throw new BusinessError('StaffComplaintNotFound');
    throw error;
  }
}

/** The complaint, locked for the rest of the transaction, or 404 `StaffComplaintNotFound`. */
async function scopedComplaintForUpdate(tx: Transaction, staff: Scope, id: number): Promise<ComplaintCaseRow> {
  const complaint = await findComplaintForUpdate(tx, id);
  if (!complaint) throw new BusinessError('StaffComplaintNotFound');
  await checkComplaintScope(tx, staff, complaint.customerId);
  return complaint;
}

/** Closed and void complaints are kept as they were reported. */
function checkEditable(complaint: ComplaintCaseRow): void {
  if (complaint.status === 'closed' || complaint.status === 'void')
    throw new BusinessError('ComplaintNotEditable', { status: COMPLAINT_STATUS_WORDS[complaint.status] });
}

export interface NewComplaintBody {
  customerId: number;
  loanId?: number | null | undefined;
  channel: ComplaintChannel;
  category: ComplaintCategory;
  subject: string;
  description: string;
  receivedAt?: string | undefined;
  deadlineRule?: ComplaintDeadlineRuleName | undefined;
  assignedStaffId?: number | null | undefined;
}

/** ComplaintCreatePost: an `open` complaint with its deadline, its first history row and its audit record. */
export async function createComplaint(deps: ComplaintDeps, actor: Actor, body: NewComplaintBody): Promise<Complaint> {
  const now = deps.clock.now();
  const receivedAt = body.receivedAt === undefined ? now : new Date(body.receivedAt);
  checkReceivedAt(receivedAt, now);
  const deadlineRule = body.deadlineRule ?? DEFAULT_COMPLAINT_DEADLINE_RULE;
  const dueOn = await dueOnOf(receivedAt, deadlineRule);
  const { customerId } = body;
  const loanId = body.loanId ?? null;
  const id = await staffWrite(deps, actor, { entityType: 'complaint', customerId, loanId }, async (tx) => {
    await findScopedCustomer(tx, actor.staff, customerId);
    if (loanId !== null) await checkLoan(tx, loanId, customerId);
    const assignedStaffId = body.assignedStaffId ?? null;
    if (assignedStaffId !== null) await checkAssignee(tx, assignedStaffId);
    const fields = {
      customerId,
      loanId,
      channel: body.channel,
      category: body.category,
      subject: body.subject,
      description: body.description,
      receivedAt,
      deadlineRule,
      dueOn,
      assignedStaffId,
    };
    const row = await insertComplaint(tx, { ...fields, createdBy: actor.staff.id }, now);
    await recordStatusChange(tx, 'complaint', {
      id: row.id,
      from: null,
      to: 'open',
      changedBy: changedBy(actor),
      at: now,
    });
    return { entityId: row.id, before: null, after: { ...auditValuesOf(fields), status: 'open' }, result: row.id };
  });
  return complaintAnswer(deps.db, id, now);
}

export type ComplaintUpdateBody = Partial<Omit<NewComplaintBody, 'customerId'>> & { reason?: string | undefined };

/** The fields of `wanted` that differ from the complaint's, before and after; null when none does. */
function changedFieldsOf(complaint: ComplaintCaseRow, wanted: ComplaintChange) {
  const before: ComplaintChange = {};
  const after: ComplaintChange = {};
  for (const [key, value] of Object.entries(wanted) as [keyof ComplaintChange, unknown][]) {
    const current: unknown = complaint[key];
    const same =
      value instanceof Date && current instanceof Date ? value.getTime() === current.getTime() : value === current;
    if (same) continue;
    Object.assign(before, { [key]: current });
    Object.assign(after, { [key]: value });
  }
  return Object.keys(after).length === 0 ? null : { before, after };
}

/** ComplaintUpdatePut: the fields sent that differ; a new filing date or rule moves the deadline. */
export async function updateComplaintFields(
  deps: ComplaintDeps,
  actor: Actor,
  id: number,
  body: ComplaintUpdateBody,
): Promise<Complaint> {
  const now = deps.clock.now();
  const { reason, receivedAt, ...rest } = body;
  const wanted: ComplaintChange = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  if (receivedAt !== undefined) {
    wanted.receivedAt = new Date(receivedAt);
    checkReceivedAt(wanted.receivedAt, now);
  }
  const target = { entityType: 'complaint', entityId: id, reason: reason ?? null, lock: complaintLock(id) };
  await staffWrite(deps, actor, target, async (tx) => {
    const complaint = await scopedComplaintForUpdate(tx, actor.staff, id);
    checkEditable(complaint);
    const next = { ...complaint, ...wanted };
    if (wanted.receivedAt !== undefined || wanted.deadlineRule !== undefined)
      wanted.dueOn = await dueOnOf(next.receivedAt, next.deadlineRule);
    const change = changedFieldsOf(complaint, wanted);
    if (!change) throw new BusinessError('ComplaintNothingToChange');
    const { loanId, assignedStaffId } = change.after;
    if (loanId !== undefined && loanId !== null) await checkLoan(tx, loanId, complaint.customerId);
    if (assignedStaffId !== undefined && assignedStaffId !== null) await checkAssignee(tx, assignedStaffId);
    await updateComplaint(tx, id, change.after, now);
    return {
      customerId: complaint.customerId,
      loanId: next.loanId,
      before: auditValuesOf(change.before),
      after: auditValuesOf(change.after),
      result: true,
    };
  });
  return complaintAnswer(deps.db, id, now);
}

/** One status move under the complaint's lock: its row, its history row and its audit record. */
async function moveStatus(
  deps: ComplaintDeps,
  actor: Actor,
  id: number,
  step: {
    reason: string;
    change: (complaint: ComplaintCaseRow, now: Date) => ComplaintChange & { status: ComplaintStatus };
  },
): Promise<Complaint> {
  const now = deps.clock.now();
  const target = { entityType: 'complaint', entityId: id, reason: step.reason, lock: complaintLock(id) };
  await staffWrite(deps, actor, target, async (tx) => {
    const complaint = await scopedComplaintForUpdate(tx, actor.staff, id);
    const change = step.change(complaint, now);
    await updateComplaint(tx, id, change, now);
    await recordStatusChange(tx, 'complaint', {
      id,
      from: complaint.status,
      to: change.status,
      changedBy: changedBy(actor),
      reason: step.reason,
      at: now,
    });
    const before: AuditValues = { status: complaint.status };
    return {
      customerId: complaint.customerId,
      loanId: complaint.loanId,
      before,
      after: auditValuesOf(change),
      result: true,
    };
  });
  return complaintAnswer(deps.db, id, now);
}

export interface ComplaintStatusBody {
  status: 'inProgress' | 'answered' | 'closed';
  reason: string;
  answerText?: string | undefined;
  resolution?: ComplaintResolution | undefined;
}

/** ComplaintStatusPost: a move of `COMPLAINT_STATUS_MOVES`; `answered` records the answer and stops the clock. */
export function moveComplaintStatus(deps: ComplaintDeps, actor: Actor, id: number, body: ComplaintStatusBody) {
  const { status: to, answerText, resolution } = body;
  return moveStatus(deps, actor, id, {
    reason: body.reason,
    change: (complaint, now) => {
      if (!COMPLAINT_STATUS_MOVES[complaint.status].includes(to))
        throw new BusinessError('ComplaintStatusMoveNotAllowed', {
          from: COMPLAINT_STATUS_WORDS[complaint.status],
          to: COMPLAINT_STATUS_WORDS[to],
        });
      if (to !== 'answered') {
        if (answerText !== undefined || resolution !== undefined) throw new BusinessError('ComplaintAnswerNotExpected');
        return { status: to };
      }
      if (answerText === undefined || resolution === undefined) throw new BusinessError('ComplaintAnswerRequired');
      return { status: to, answerText, resolution, answeredAt: now };
    },
  });
}

/** ComplaintDelete: `void` with the reason, by an administrator; the row and its history stay. */
export function voidComplaint(deps: ComplaintDeps, actor: Actor, id: number, reason: string) {
  return moveStatus(deps, actor, id, {
    reason,
    change: (complaint, now) => {
      if (complaint.status === 'void')
        throw new BusinessError('ComplaintNotEditable', { status: COMPLAINT_STATUS_WORDS.void });
      return { status: 'void', voidReason: reason, voidedAt: now, voidedBy: actor.staff.id };
    },
  });
}

/** ComplaintGet: the case as of now; 404 for an unknown complaint (or one of a customer this staff member may not see). */
export async function getComplaint(deps: ComplaintDeps, staff: Scope, id: number): Promise<Complaint> {
  const customerId = await complaintCustomerOf(deps.db, id);
  if (customerId === null) throw new BusinessError('StaffComplaintNotFound');
  await checkComplaintScope(deps.db, staff, customerId);
  return complaintAnswer(deps.db, id, deps.clock.now());
}

/** ComplaintHistoryGet: 404 for an unknown complaint (or one of a customer this staff member may not see). */
export async function complaintStatusHistory(
  deps: ComplaintDeps,
  staff: Scope,
  id: number,
): Promise<ComplaintStatusHistoryEntry[]> {
  const customerId = await complaintCustomerOf(deps.db, id);
  if (customerId === null) throw new BusinessError('StaffComplaintNotFound');
  await checkComplaintScope(deps.db, staff, customerId);
  return complaintHistory(deps.db, id);
}

export interface ComplaintListQuery extends Omit<ComplaintFilter, 'overdue'> {
  overdue?: 'true' | 'false' | undefined;
  sort: 'dueOn' | '-dueOn';
  page: number;
  pageSize: number;
}

/** ComplaintsGet: by `dueOn`, filtered; a customer named must be one this staff member may see. */
export async function listComplaints(deps: ComplaintDeps, staff: Scope, query: ComplaintListQuery) {
  if (query.customerId !== undefined) await findScopedCustomer(deps.db, staff, query.customerId);
  const now = deps.clock.now();
  const filter: ComplaintFilter = {
    status: query.status,
    assignedStaffId: query.assignedStaffId,
    customerId: query.customerId,
    overdue: query.overdue === undefined ? undefined : query.overdue === 'true',
  };
  const { rows, total } = await findComplaintViews(deps.db, filter, {
    page: query.page,
    pageSize: query.pageSize,
    descending: query.sort === '-dueOn',
    today: todayInMadrid(now),
  });
  return {
    items: rows.map((row) => complaintOf(row, now)),
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalCapped: false,
  };
}
