import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ImpedimentReason, ImpedimentStatus } from '../../../shared/payment-statuses.ts';
import { createdAt } from './columns.ts';
import { customers } from './customer.ts';
import { loans } from './loan.ts';
import { staffUsers } from './staff.ts';

/**
 * '¿Problemas con un reembolso?' (`/payment-reason`): why a customer cannot pay an instalment of a loan, and what staff
 * made of it (modules/impediment; docs/rules/payments.md "Impediments"): `open` when written, `inReview` while an agent
 * works on it, `resolved` or `rejected` with the agent's note.
 */
export const loanImpediments = pgTable(
  'loan_impediments',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<ImpedimentReason>().notNull(),
    comment: text('comment'),
    status: text('status').$type<ImpedimentStatus>().notNull().default('open'),
    handledByStaffId: integer('handled_by_staff_id').references(() => staffUsers.id),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    /** The agent's note on the last change of status. */
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('loan_impediments_loan_idx').on(t.loanId, t.createdAt),
    index('loan_impediments_status_idx').on(t.status, t.createdAt),
  ],
);
