import type { Complaint, ComplaintStatusHistoryEntry } from '../../../shared/api/complaint.ts';
import {
  complaintDeadline,
  complaintDueOn,
  type ComplaintDeadlineRuleName,
} from '../../../shared/complaint-deadlines.ts';
import { todayInMadrid, type IsoDate } from '../../../shared/dates.ts';
import type { Executor } from '../../db/connect.ts';
import { BusinessError } from '../../http/errors.ts';
import { holidaysAround } from '../misc/index.ts';
import { complaintHistoryRows, findComplaintView, type ComplaintViewRow } from './repository.ts';

/** A complaint as the contract answers it, with its deadline; the rule's last day from the filing date. */

/** The last day to answer a complaint filed at `receivedAt` (its Madrid date) under `rule`. */
export async function dueOnOf(receivedAt: Date, rule: ComplaintDeadlineRuleName): Promise<IsoDate> {
  const receivedOn = todayInMadrid(receivedAt);
  return complaintDueOn(receivedOn, rule, await holidaysAround(receivedOn));
}

/**
 * The day the deadline is read on: the answer's date once answered (the clock stops there), the voiding's once
 * void, otherwise today. The list's `overdue` filter applies the same rule (repository.ts `overdueOn`).
 */
function deadlineDayOf(complaint: ComplaintViewRow['complaint'], now: Date): IsoDate {
  return todayInMadrid(complaint.answeredAt ?? complaint.voidedAt ?? now);
}

export function complaintOf(row: ComplaintViewRow, now: Date): Complaint {
  const { complaint } = row;
  const deadline = complaintDeadline(complaint.dueOn, deadlineDayOf(complaint, now));
  return {
    id: complaint.id,
    customerId: complaint.customerId,
    customerName: row.customerName,
    loanId: complaint.loanId,
    channel: complaint.channel,
    category: complaint.category,
    subject: complaint.subject,
    description: complaint.description,
    receivedAt: complaint.receivedAt.toISOString(),
    deadlineRule: complaint.deadlineRule,
    dueOn: deadline.dueOn,
    daysLeft: deadline.daysLeft,
    overdue: deadline.overdue,
    deadlineText: deadline.text,
    assignedStaff:
      complaint.assignedStaffId === null || row.assigneeName === null
        ? null
        : { id: complaint.assignedStaffId, fullName: row.assigneeName },
    status: complaint.status,
    resolution: complaint.resolution,
    answerText: complaint.answerText,
    answeredAt: complaint.answeredAt?.toISOString() ?? null,
    voidReason: complaint.voidReason,
    voidedAt: complaint.voidedAt?.toISOString() ?? null,
    createdBy: { id: complaint.createdBy, fullName: row.creatorName },
    createdAt: complaint.createdAt.toISOString(),
    updatedAt: complaint.updatedAt.toISOString(),
  };
}

/** The complaint's answer, or 404 `StaffComplaintNotFound`. */
export async function complaintAnswer(db: Executor, id: number, now: Date): Promise<Complaint> {
  const row = await findComplaintView(db, id);
  if (!row) throw new BusinessError('StaffComplaintNotFound');
  return complaintOf(row, now);
}

export async function complaintHistory(db: Executor, id: number): Promise<ComplaintStatusHistoryEntry[]> {
  const rows = await complaintHistoryRows(db, id);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}
