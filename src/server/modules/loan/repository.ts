import { and, eq, inArray, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { openLoanStatuses, paidOutLoanStatuses, type LoanStatus } from '../../../shared/loan-statuses.ts';
import type { Executor } from '../../db/connect.ts';
import { preparedRead } from '../../db/prepared.ts';
import {
  bankAccounts,
  cards,
  customers,
  installments,
  loanFlowDrafts,
  loanFlowScreenVisits,
  loans,
} from '../../db/schema/index.ts';
import type { PlanInstallment } from '../../../shared/loan/plan.ts';

/**
 * Loan SQL: what a quote needs of the logged-in customer (credit limit, name), the loan request (the customer's
 * limit, loans, accounts and cards; the new loan), the saved loan flow (drafts, screen visits).
 */

/** Loans that hold part of the customer's limit and block a new request (shared with the client's dashboard). */
export const OPEN_LOAN_STATUSES = openLoanStatuses;

/** Loans that are over: a restructured loan in one of these no longer blocks a request. */
const CLOSED_LOAN_STATUSES = ['repaid', 'cancelled'] as const satisfies readonly LoanStatus[];

export async function findQuotingCustomer(
  db: Executor,
  customerId: number,
): Promise<{ creditLimitCents: number; firstName: string; lastName: string } | null> {
  const [row] = await db
    .select({
      creditLimitCents: customers.creditLimitCents,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row ?? null;
}

/** What the loan request checks of the customer. */
export async function findRequestingCustomer(db: Executor, customerId: number) {
  const [row] = await db
    .select({
      id: customers.id,
      status: customers.status,
      birthDate: customers.birthDate,
      isBlacklist: customers.isBlacklist,
      isRtb: customers.isRtb,
      creditLimitCents: customers.creditLimitCents,
      miniLimitCents: customers.miniLimitCents,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row ?? null;
}

/**
 * The principal still owed on the customer's open loans, in cents: the capital of every instalment not paid yet
 * (a requested loan's instalments are all unpaid, so its whole amount counts).
 */
export async function outstandingPrincipalCents(db: Executor, customerId: number): Promise<number> {
  const [row] = await db
    .select({ total: owedPrincipal(sql`${customers.id}`) })
    .from(customers)
    .where(eq(customers.id, customerId));
  return Number(row?.total ?? 0);
}

/**
 * The principal still owed by the customer `customerId` (a value or a column), as a scalar subquery. Nested in a
 * fragment of its own so that Drizzle writes its columns with their tables even in a one-table select.
 */
const owedPrincipal = (customerId: SQL) =>
  sql<string>`${sql`(select coalesce(sum(${installments.baseCents}), 0) from ${installments}
    inner join ${loans} on ${loans.id} = ${installments.loanId}
    where ${loans.customerId} = ${customerId}
      and ${inArray(loans.status, [...OPEN_LOAN_STATUSES])}
      and ${installments.status} <> 'paid')`}`;

/**
 * CreditLimitGet's one read (built once, ../../db/prepared.ts): the customer's two limits and the principal still
 * owed on its open loans (as outstandingPrincipalCents), null for no such customer.
 */
const limitAndOwedById = preparedRead((db) =>
  db
    .select({
      creditLimitCents: customers.creditLimitCents,
      miniLimitCents: customers.miniLimitCents,
      owedCents: owedPrincipal(sql`${customers.id}`),
    })
    .from(customers)
    .where(eq(customers.id, sql.placeholder('id')))
    .limit(1)
    .prepare('limit_and_owed_by_id'),
);

export async function findLimitAndOwed(
  db: Executor,
  customerId: number,
): Promise<{ creditLimitCents: number; miniLimitCents: number; owedCents: number } | null> {
  const [row] = await limitAndOwedById(db, { id: customerId });
  return row
    ? { creditLimitCents: row.creditLimitCents, miniLimitCents: row.miniLimitCents, owedCents: Number(row.owedCents) }
    : null;
}

/** Whether the customer has a loan matching `condition` (one row read, none returned). */
async function customerHasLoan(db: Executor, customerId: number, condition: SQL | undefined): Promise<boolean> {
  const rows = await db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.customerId, customerId), condition))
    .limit(1);
  return rows.length > 0;
}

/** Whether the customer has an open loan (OPEN_LOAN_STATUSES). */
export const hasOpenLoan = (db: Executor, customerId: number): Promise<boolean> =>
  customerHasLoan(db, customerId, inArray(loans.status, [...OPEN_LOAN_STATUSES]));

/**
 * Whether the customer ever had a loan paid out (the interest-free first minipréstamo is for those who did not):
 * a loan in a paid-out status, or one the payout issued whatever its status now.
 */
export const hasHadLoan = (db: Executor, customerId: number): Promise<boolean> =>
  customerHasLoan(
    db,
    customerId,
    or(inArray(loans.status, [...paidOutLoanStatuses]), sql`${loans.issuedAt} is not null`),
  );

/** Whether the customer has a restructured loan that is not over (repaid or cancelled). */
export const hasRestructuredLoan = (db: Executor, customerId: number): Promise<boolean> =>
  customerHasLoan(
    db,
    customerId,
    and(
      or(eq(loans.isRestructured, true), eq(loans.status, 'restructured')),
      notInArray(loans.status, [...CLOSED_LOAN_STATUSES]),
    ),
  );

/** One of the customer's bank accounts (null for another customer's id: not found, never their data). */
export async function findCustomerAccount(db: Executor, customerId: number, accountId: number) {
  const [row] = await db
    .select({ id: bankAccounts.id, status: bankAccounts.status })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, accountId), eq(bankAccounts.customerId, customerId)))
    .limit(1);
  return row ?? null;
}

/** The customer's cards that are not deleted, oldest first. */
export async function customerCards(db: Executor, customerId: number) {
  return db
    .select()
    .from(cards)
    .where(and(eq(cards.customerId, customerId), ne(cards.cardStatus, 'Deleted')))
    .orderBy(cards.id);
}

export interface NewLoan {
  customerId: number;
  /** The definition it is priced by, and whether it is an interest-free first minipréstamo. */
  loanDefinitionId: number;
  interestFree: boolean;
  amountCents: number;
  issueDate: string;
  firstRepaymentDate: string;
  toAccountId: number;
  cardId: number | null;
  installments: readonly PlanInstallment[];
  now: Date;
}

/** Inserts a requested loan with its instalments; returns its id. */
export async function insertRequestedLoan(tx: Executor, loan: NewLoan): Promise<number> {
  const [created] = await tx
    .insert(loans)
    .values({
      customerId: loan.customerId,
      status: 'requested',
      loanDefinitionId: loan.loanDefinitionId,
      interestFree: loan.interestFree,
      amountCents: loan.amountCents,
      installmentCount: loan.installments.length,
      issueDate: loan.issueDate,
      firstRepaymentDate: loan.firstRepaymentDate,
      toAccountId: loan.toAccountId,
      cardId: loan.cardId,
      createdAt: loan.now,
      updatedAt: loan.now,
    })
    .returning({ id: loans.id });
  if (!created) throw new Error('loan insert returned nothing');
  await tx.insert(installments).values(
    loan.installments.map((item, index) => ({
      loanId: created.id,
      number: index + 1,
      expectedDate: item.expectedDate,
      baseCents: item.baseCents,
      interestCents: item.interestCents,
      totalCents: item.totalCents,
    })),
  );
  return created.id;
}

// ---------------------------------------------------------------------------------------------------------------
// The saved loan flow

export type DraftRow = typeof loanFlowDrafts.$inferSelect;

/** Saves the customer's draft, replacing the previous one (a new flow id starts a new reminder). */
export async function upsertDraft(
  db: Executor,
  draft: { customerId: number; flowId: string; step: string; flow: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insert(loanFlowDrafts)
    .values({
      customerId: draft.customerId,
      flowId: draft.flowId,
      step: draft.step,
      flow: draft.flow,
      remindedAt: null,
      createdAt: draft.now,
      updatedAt: draft.now,
      expiresAt: draft.expiresAt,
    })
    .onConflictDoUpdate({
      target: loanFlowDrafts.customerId,
      set: {
        step: sql`excluded.step`,
        flow: sql`excluded.flow`,
        updatedAt: sql`excluded.updated_at`,
        expiresAt: sql`excluded.expires_at`,
        // The same flow saved again keeps its reminder state and its start; another flow starts afresh.
        remindedAt: sql`case when ${loanFlowDrafts.flowId} = excluded.flow_id then ${loanFlowDrafts.remindedAt} else null end`,
        createdAt: sql`case when ${loanFlowDrafts.flowId} = excluded.flow_id then ${loanFlowDrafts.createdAt} else excluded.created_at end`,
        flowId: sql`excluded.flow_id`,
      },
    });
}

export async function findDraft(db: Executor, customerId: number): Promise<DraftRow | null> {
  const [row] = await db.select().from(loanFlowDrafts).where(eq(loanFlowDrafts.customerId, customerId)).limit(1);
  return row ?? null;
}

export async function deleteDraft(db: Executor, customerId: number): Promise<void> {
  await db.delete(loanFlowDrafts).where(eq(loanFlowDrafts.customerId, customerId));
}

/** Deletes the customer's draft only if it is still the expired one that was read. */
export async function deleteExpiredDraft(db: Executor, customerId: number, now: Date): Promise<void> {
  await db
    .delete(loanFlowDrafts)
    .where(and(eq(loanFlowDrafts.customerId, customerId), lte(loanFlowDrafts.expiresAt, now)));
}

export async function insertScreenVisit(
  db: Executor,
  visit: { customerId: number; screen: string; status: string; flowId: string | null; now: Date },
): Promise<void> {
  await db.insert(loanFlowScreenVisits).values({
    customerId: visit.customerId,
    screen: visit.screen,
    status: visit.status,
    flowId: visit.flowId,
    createdAt: visit.now,
  });
}
