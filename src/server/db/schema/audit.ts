import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit trail (docs/backoffice.md §3): one record per staff write, morphTo and identity-document view, and per
 * staff login. Append-only: the owner (src/server/audit/audit-repository.ts) has no update or delete function, and
 * triggers refuse UPDATE, DELETE and TRUNCATE in the database (migration 0019). No foreign keys: a record outlives
 * what it names, and no `ON DELETE CASCADE` may reach it.
 */
export const auditRecords = pgTable(
  'audit_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The app clock's instant of the change. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorKind: text('actor_kind').$type<'staff' | 'system'>().notNull(),
    staffUserId: integer('staff_user_id'),
    /** The actor's role when acting (a later role change does not rewrite history). */
    role: text('role').notNull(),
    /** The contract entry, e.g. `UnblockPost`. */
    callName: text('call_name').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    customerId: integer('customer_id'),
    loanId: integer('loan_id'),
    /** The fields that changed, as they were and as they are: never bytes, card numbers or password hashes. */
    before: jsonb('before'),
    after: jsonb('after'),
    /** What the staff member typed: required where money, limits or status change. */
    reason: text('reason'),
    proposalId: integer('proposal_id'),
    requestId: text('request_id').notNull(),
    ip: text('ip'),
  },
  (t) => [
    index('audit_records_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_records_customer_idx').on(t.customerId, t.at.desc(), t.id.desc()),
    index('audit_records_loan_idx').on(t.loanId, t.at.desc(), t.id.desc()),
    index('audit_records_staff_idx').on(t.staffUserId, t.at.desc(), t.id.desc()),
    index('audit_records_entity_idx').on(t.entityType, t.entityId, t.at.desc()),
  ],
);

export type AuditRecordRow = typeof auditRecords.$inferSelect;
