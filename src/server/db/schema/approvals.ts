import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customer.ts';
import { staffUsers } from './staff.ts';

/** What a proposal changes (docs/backoffice.md §4 and §8). */
export type ProposalKind = 'creditLimitChange' | 'paymentDelete' | 'paymentUndelete' | 'chargeback';

/**
 * Maker-checker (docs/backoffice.md §4): a change one administrator proposes and another approves, rejects, or the
 * proposer cancels. The audit trail is never updated, so the proposal's state lives here and each step of it is an
 * audit record of its own. Final states (`approved`, `rejected`, `cancelled`) never change.
 */
export const staffProposals = pgTable(
  'staff_proposals',
  {
    id: serial('id').primaryKey(),
    /**
     * What is proposed: `creditLimitChange` (subject: the customer), `paymentDelete`, `paymentUndelete`, `chargeback`
     * (subject: the payment).
     */
    kind: text('kind').$type<ProposalKind>().notNull(),
    /** What it changes: `customer` or `payment`. No foreign key: the subject's table depends on the kind. */
    subjectType: text('subject_type').$type<'customer' | 'payment'>().notNull(),
    subjectId: integer('subject_id').notNull(),
    /** The customer it concerns (the subject itself, or the payment's): the inbox names them, the file's history lists it. */
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The kind's new values, e.g. `{ limitCents, miniLimitCents }`. */
    payload: jsonb('payload').notNull(),
    /** The same fields as they were when proposed: an approval finding other values is refused as outdated. */
    current: jsonb('current').notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<'pending' | 'approved' | 'rejected' | 'cancelled'>().notNull().default('pending'),
    proposedBy: integer('proposed_by')
      .notNull()
      .references(() => staffUsers.id),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull(),
    decidedBy: integer('decided_by').references(() => staffUsers.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
  },
  (t) => [
    check('staff_proposals_checker_check', sql`${t.decidedBy} IS NULL OR ${t.decidedBy} <> ${t.proposedBy}`),
    // One pending proposal per subject, between instances too: the second insert finds the first. A payment has
    // one pending change at a time, whatever its kind (an annulment and a chargeback of it cannot both wait).
    uniqueIndex('staff_proposals_one_pending')
      .on(t.subjectType, t.subjectId)
      .where(sql`${t.status} = 'pending'`),
    index('staff_proposals_inbox_idx').on(t.status, t.proposedAt.desc(), t.id.desc()),
    index('staff_proposals_customer_idx').on(t.customerId),
  ],
);

export type StaffProposalRow = typeof staffProposals.$inferSelect;
