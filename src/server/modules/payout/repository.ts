import { and, asc, eq, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import { paidOutLoanStatuses, type LoanStatus } from '../../../shared/loan-statuses.ts';
import type { Executor, Transaction } from '../../db/connect.ts';
import { cards, installments, loans } from '../../db/schema/index.ts';
import { USABLE_CARD_STATUSES } from '../../../shared/card-statuses.ts';

/**
 * Payout SQL: claiming the loans due for their payout and what the customer's status move reads (the loan issued
 * and its instalments are written by the loan module, through its index.ts).
 */

export interface DueLoan {
  id: number;
  customerId: number;
  amountCents: number;
  installmentCount: number;
  issueDate: string;
  firstRepaymentDate: string;
}

/**
 * Claims the next loan due for its payout: accepted (agreementAssigned), its payout moment passed, and a customer
 * with a validated card. `FOR UPDATE SKIP LOCKED`: a loan another instance is issuing is skipped, never waited
 * for, and the caller's transaction holds this one until it commits.
 */
export async function claimDueLoan(tx: Transaction, now: Date): Promise<DueLoan | undefined> {
  const [row] = await tx
    .select({
      id: loans.id,
      customerId: loans.customerId,
      amountCents: loans.amountCents,
      installmentCount: loans.installmentCount,
      issueDate: loans.issueDate,
      firstRepaymentDate: loans.firstRepaymentDate,
    })
    .from(loans)
    .where(
      and(
        eq(loans.status, 'agreementAssigned'),
        isNotNull(loans.payoutDueAt),
        lte(loans.payoutDueAt, now),
        sql`exists (select 1 from ${cards} where ${cards.customerId} = ${loans.customerId} and ${inArray(cards.cardStatus, [...USABLE_CARD_STATUSES])})`,
      ),
    )
    .orderBy(asc(loans.payoutDueAt), asc(loans.id))
    .limit(1)
    .for('update', { of: loans, skipLocked: true });
  return row;
}

/** The loan a staff member moves, locked until the transaction ends (the payout job skips it meanwhile). */
export async function loanForStaffMove(
  tx: Transaction,
  loanId: number,
): Promise<(DueLoan & { status: LoanStatus }) | undefined> {
  const [row] = await tx
    .select({
      id: loans.id,
      customerId: loans.customerId,
      status: loans.status,
      amountCents: loans.amountCents,
      installmentCount: loans.installmentCount,
      issueDate: loans.issueDate,
      firstRepaymentDate: loans.firstRepaymentDate,
    })
    .from(loans)
    .where(eq(loans.id, loanId))
    .for('update');
  return row;
}

export async function installmentsOf(tx: Executor, loanId: number) {
  return tx
    .select({ id: installments.id, status: installments.status })
    .from(installments)
    .where(eq(installments.loanId, loanId))
    .orderBy(asc(installments.number));
}

/** Whether the customer has another loan that was issued before (this one is then not their first). */
export async function hasEarlierIssuedLoan(tx: Executor, customerId: number, loanId: number): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(loans)
    .where(
      and(
        eq(loans.customerId, customerId),
        ne(loans.id, loanId),
        or(isNotNull(loans.issuedAt), inArray(loans.status, [...paidOutLoanStatuses])),
      ),
    )
    .limit(1);
  return row !== undefined;
}
