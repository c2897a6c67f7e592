import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type {
  ComplaintCategory,
  ComplaintChannel,
  ComplaintResolution,
  ComplaintStatus,
} from '../../../shared/api/complaint.ts';
import type { ComplaintDeadlineRuleName } from '../../../shared/complaint-deadlines.ts';
import { createdAt, updatedAt } from './columns.ts';
import { customers } from './customer.ts';
import { loans } from './loan.ts';
import { staffUsers } from './staff.ts';

/**
 * Customers' complaints and their answer deadline (docs/backoffice.md §5 "Complaints", docs/rules/complaints.md).
 * Never deleted: the supervisor is reported every complaint, so one recorded by mistake is `void` with its reason.
 * Every status change is a row of `complaint_status_history` (`recordStatusChange(db, 'complaint', …)`).
 */
export const complaintCases = pgTable(
  'complaint_cases',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    loanId: integer('loan_id').references(() => loans.id),
    channel: text('channel').$type<ComplaintChannel>().notNull(),
    category: text('category').$type<ComplaintCategory>().notNull(),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    /** When the customer filed it: the deadline runs from its Madrid date. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    deadlineRule: text('deadline_rule').$type<ComplaintDeadlineRuleName>().notNull(),
    /** The last day to answer, from `received_at` and the rule (kept so lists sort and filter on it). */
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    assignedStaffId: integer('assigned_staff_id').references(() => staffUsers.id),
    status: text('status').$type<ComplaintStatus>().notNull().default('open'),
    resolution: text('resolution').$type<ComplaintResolution>(),
    answerText: text('answer_text'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: integer('voided_by').references(() => staffUsers.id),
    createdBy: integer('created_by')
      .notNull()
      .references(() => staffUsers.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('complaint_cases_due_idx').on(t.dueOn, t.id),
    index('complaint_cases_status_due_idx').on(t.status, t.dueOn, t.id),
    index('complaint_cases_customer_idx').on(t.customerId, t.dueOn),
    index('complaint_cases_assigned_idx').on(t.assignedStaffId, t.status, t.dueOn),
  ],
);

export type ComplaintCaseRow = typeof complaintCases.$inferSelect;

/** Every status change of a complaint, written by `recordStatusChange(db, 'complaint', …)`. */
export const complaintStatusHistory = pgTable(
  'complaint_status_history',
  {
    id: serial('id').primaryKey(),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaintCases.id),
    fromStatus: text('from_status').$type<ComplaintStatus>(),
    toStatus: text('to_status').$type<ComplaintStatus>().notNull(),
    /** Who: `staff:<id>`. */
    changedBy: text('changed_by').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('complaint_status_history_complaint_idx').on(t.complaintId, t.createdAt)],
);
