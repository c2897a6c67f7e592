import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { callBookings } from './calls.ts';
import { createdAt, updatedAt } from './columns.ts';
import { customers } from './customer.ts';
import { loans } from './loan.ts';
import { staffUsers } from './staff.ts';

/**
 * The staff's to-dos (docs/backoffice.md §5 "To-dos and call timing"; owner `modules/todo`). A to-do is never deleted:
 * cancelling sets `cancelled`. A welcome-call booking has its own (`call_booking_id`, unique), made and moved with
 * the booking; a to-do whose booking went keeps its row with the link cleared. `assigned_staff_id` null = the
 * team's queue. `complaint_id` has no foreign key yet: the complaints' table comes with their slice.
 */
export const todoItems = pgTable(
  'todo_items',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    loanId: integer('loan_id').references(() => loans.id, { onDelete: 'set null' }),
    complaintId: integer('complaint_id'),
    callBookingId: integer('call_booking_id')
      .unique('todo_items_call_booking_unique')
      .references(() => callBookings.id, { onDelete: 'set null' }),
    assignedStaffId: integer('assigned_staff_id').references(() => staffUsers.id),
    kind: text('kind').$type<'welcomeCall' | 'callBack' | 'documentReview' | 'complaint' | 'general'>().notNull(),
    title: text('title').notNull(),
    notes: text('notes'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status').$type<'open' | 'done' | 'cancelled'>().notNull().default('open'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: integer('done_by').references(() => staffUsers.id),
    outcome: text('outcome'),
    /** Null when the system made it (a booking's welcome call). */
    createdBy: integer('created_by').references(() => staffUsers.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('todo_items_assigned_idx').on(t.assignedStaffId, t.status, t.dueAt),
    index('todo_items_customer_idx').on(t.customerId, t.dueAt),
    index('todo_items_due_idx').on(t.dueAt, t.id),
  ],
);

export type TodoItemRow = typeof todoItems.$inferSelect;
