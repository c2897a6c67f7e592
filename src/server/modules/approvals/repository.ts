import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ProposalStatus } from '../../../shared/api/approvals.ts';
import type { Executor } from '../../db/connect.ts';
import { customers, staffProposals, staffUsers, type StaffProposalRow } from '../../db/schema/index.ts';

/** The approvals module's SQL: the owner of `staff_proposals` (docs/backoffice.md §4). */

export type ProposalKind = StaffProposalRow['kind'];

export interface NewProposal {
  kind: ProposalKind;
  subjectType: StaffProposalRow['subjectType'];
  subjectId: number;
  customerId: number;
  payload: unknown;
  current: unknown;
  reason: string;
  proposedBy: number;
  proposedAt: Date;
}

/**
 * A pending proposal, or null when the subject has one already: the partial unique index
 * `staff_proposals_one_pending` decides, so two instances proposing at once leave exactly one (the second insert
 * waits for the first's commit and then does nothing).
 */
export async function insertPendingProposal(db: Executor, row: NewProposal): Promise<number | null> {
  const [inserted] = await db
    .insert(staffProposals)
    .values({ ...row, status: 'pending' })
    .onConflictDoNothing()
    .returning({ id: staffProposals.id });
  return inserted?.id ?? null;
}

/** The subject's pending proposal (of any kind) and its proposer's name, if any. */
export async function findPendingProposal(
  db: Executor,
  key: Pick<NewProposal, 'subjectType' | 'subjectId'>,
): Promise<{ id: number; proposerName: string } | null> {
  const [row] = await db
    .select({ id: staffProposals.id, proposerName: staffUsers.fullName })
    .from(staffProposals)
    .innerJoin(staffUsers, eq(staffUsers.id, staffProposals.proposedBy))
    .where(
      and(
        eq(staffProposals.subjectType, key.subjectType),
        eq(staffProposals.subjectId, key.subjectId),
        eq(staffProposals.status, 'pending'),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The proposal row, locked for the rest of the transaction. */
export async function findProposalForUpdate(db: Executor, id: number): Promise<StaffProposalRow | null> {
  const [row] = await db.select().from(staffProposals).where(eq(staffProposals.id, id)).for('update');
  return row ?? null;
}

/**
 * A pending proposal's final state; false when it was no longer pending (every transition also holds the proposal's
 * lock, so this guard only backs it up). A cancellation leaves `decided_by` null: the proposer withdrew it, and the
 * table's check keeps the decider apart from the proposer.
 */
export async function decideProposal(
  db: Executor,
  id: number,
  decision: { status: Exclude<ProposalStatus, 'pending'>; decidedBy: number | null; at: Date; note: string | null },
): Promise<boolean> {
  const updated = await db
    .update(staffProposals)
    .set({
      status: decision.status,
      decidedBy: decision.decidedBy,
      decidedAt: decision.at,
      decisionNote: decision.note,
    })
    .where(and(eq(staffProposals.id, id), eq(staffProposals.status, 'pending')))
    .returning({ id: staffProposals.id });
  return updated.length > 0;
}

/** A customer's name and two limits as a proposal records them; null for an unknown customer. */
export async function findCustomerLimits(db: Executor, customerId: number) {
  const [row] = await db
    .select({ creditLimitCents: customers.creditLimitCents, miniLimitCents: customers.miniLimitCents })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row ?? null;
}

const proposer = alias(staffUsers, 'proposer');
const decider = alias(staffUsers, 'decider');

const proposalViewColumns = {
  proposal: staffProposals,
  customerName: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
  proposerName: proposer.fullName,
  deciderName: decider.fullName,
};

const proposalViews = (db: Executor) =>
  db
    .select(proposalViewColumns)
    .from(staffProposals)
    .innerJoin(proposer, eq(proposer.id, staffProposals.proposedBy))
    .leftJoin(decider, eq(decider.id, staffProposals.decidedBy))
    .innerJoin(customers, eq(customers.id, staffProposals.customerId));

export type ProposalViewRow = NonNullable<Awaited<ReturnType<typeof findProposalView>>>;

/** One proposal with its customer's and its staff members' names. */
export async function findProposalView(db: Executor, id: number) {
  const [row] = await proposalViews(db).where(eq(staffProposals.id, id)).limit(1);
  return row ?? null;
}

/** One page of proposals, newest first (ties by id), of one status when given, and how many match. */
export async function findProposalViews(
  db: Executor,
  filter: { status?: ProposalStatus | undefined },
  page: { page: number; pageSize: number },
) {
  const where = filter.status === undefined ? undefined : eq(staffProposals.status, filter.status);
  const [rows, [counted]] = await Promise.all([
    proposalViews(db)
      .where(where)
      .orderBy(desc(staffProposals.proposedAt), desc(staffProposals.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(staffProposals)
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
