import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PlanInstallment } from '../../../shared/loan/plan.ts';
import type { InstallmentStatus, LoanStatus } from '../../../shared/loan-statuses.ts';
import type { Executor } from '../../db/connect.ts';
import { installments, loans, loanWithdrawals } from '../../db/schema/index.ts';

/**
 * The writes of loans, instalments and withdrawal notices that other modules make, through index.ts, inside their
 * own transactions (the loan module owns these tables; tests/unit/lint/table-owners.test.ts): the agreement's
 * acceptance, the payout and the staff's moves before it, a payment's settle and the rollover fee, the restructure, the withdrawal notice.
 */

// The agreement module: the acceptance (AssignAgreementPost).

/** requested → agreementAssigned with the acceptance time and the payout time; false when it was not requested. */
export async function assignAgreement(
  tx: Executor,
  change: { loanId: number; acceptedAt: Date; payoutDueAt: Date },
): Promise<boolean> {
  const rows = await tx
    .update(loans)
    .set({
      status: 'agreementAssigned',
      agreementAcceptedAt: change.acceptedAt,
      payoutDueAt: change.payoutDueAt,
      updatedAt: change.acceptedAt,
    })
    .where(and(eq(loans.id, change.loanId), eq(loans.status, 'requested')))
    .returning({ id: loans.id });
  return rows.length > 0;
}

// The payout job: the loan issued and its plan's instalments.

/**
 * `from` (agreementAssigned for the job; one of the transfer's statuses too when staff issue it) → issued; false when
 * the loan was not in `from` any more.
 */
export async function markIssued(
  tx: Executor,
  loanId: number,
  now: Date,
  from: LoanStatus = 'agreementAssigned',
): Promise<boolean> {
  const updated = await tx
    .update(loans)
    .set({ status: 'issued', issuedAt: now, updatedAt: now })
    .where(and(eq(loans.id, loanId), eq(loans.status, from)))
    .returning({ id: loans.id });
  return updated.length > 0;
}

// The payout module's staff moves before the payout (the transfer's statuses, cancelled).

/** `from` → `to` before the payout; false when the loan was not in `from` any more. */
export async function moveUnpaidLoan(
  tx: Executor,
  change: { loanId: number; from: LoanStatus; to: LoanStatus; at: Date },
): Promise<boolean> {
  const updated = await tx
    .update(loans)
    .set({ status: change.to, updatedAt: change.at })
    .where(and(eq(loans.id, change.loanId), eq(loans.status, change.from)))
    .returning({ id: loans.id });
  return updated.length > 0;
}

/** The issued loan's plan as its instalments, numbered from 1. */
export async function insertPlanInstallments(tx: Executor, loanId: number, plan: readonly PlanInstallment[]) {
  return tx
    .insert(installments)
    .values(
      plan.map((item, index) => ({
        loanId,
        number: index + 1,
        expectedDate: item.expectedDate,
        baseCents: item.baseCents,
        interestCents: item.interestCents,
        totalCents: item.totalCents,
      })),
    )
    .returning({ id: installments.id, status: installments.status });
}

// The payment module: a settle's instalments and loan status, the rollover fee's instalment.

export async function insertInstallment(
  db: Executor,
  values: typeof installments.$inferInsert,
): Promise<{ id: number }> {
  const [row] = await db.insert(installments).values(values).returning({ id: installments.id });
  return row!;
}

export async function updateInstallment(
  db: Executor,
  installmentId: number,
  values: { paidCents: number; status: InstallmentStatus; paidAt: Date | null },
) {
  await db.update(installments).set(values).where(eq(installments.id, installmentId));
}

/** A staff member moved an unpaid instalment's date (ChangeExpectedDatePost); false when it was paid meanwhile. */
export async function moveInstallmentDate(db: Executor, installmentId: number, expectedDate: string): Promise<boolean> {
  const rows = await db
    .update(installments)
    .set({ expectedDate })
    .where(and(eq(installments.id, installmentId), eq(installments.status, 'notPaid')))
    .returning({ id: installments.id });
  return rows.length > 0;
}

/**
 * A discount granted (`cents` > 0) or taken back (`cents` < 0) on an unpaid instalment: its interest and total move by
 * it (the payment module's DiscountPost and DiscountDelete); false when it was not unpaid any more.
 */
export async function discountInstallment(db: Executor, installmentId: number, cents: number): Promise<boolean> {
  const rows = await db
    .update(installments)
    .set({
      interestCents: sql`${installments.interestCents} - ${cents}`,
      totalCents: sql`${installments.totalCents} - ${cents}`,
    })
    .where(and(eq(installments.id, installmentId), eq(installments.status, 'notPaid')))
    .returning({ id: installments.id });
  return rows.length > 0;
}

export async function updateLoanStatus(db: Executor, loanId: number, status: LoanStatus, at: Date) {
  await db.update(loans).set({ status, updatedAt: at }).where(eq(loans.id, loanId));
}

// The restructure module: the old instalments closed, the new plan's rows, the loan restructured.

export async function markInstallmentsRestructured(db: Executor, installmentIds: readonly number[]) {
  if (installmentIds.length === 0) return;
  await db
    .update(installments)
    .set({ status: 'restructured' })
    .where(inArray(installments.id, [...installmentIds]));
}

export async function insertInstallmentRows(db: Executor, rows: ReadonlyArray<typeof installments.$inferInsert>) {
  return db
    .insert(installments)
    .values([...rows])
    .returning({ id: installments.id, number: installments.number });
}

export async function markLoanRestructured(db: Executor, loanId: number, status: LoanStatus, at: Date) {
  await db.update(loans).set({ status, isRestructured: true, updatedAt: at }).where(eq(loans.id, loanId));
}

// Withdrawal notices: the withdrawal module's notice, and a settle that repays the loan.

export type WithdrawalRow = typeof loanWithdrawals.$inferSelect;

export type NewWithdrawalRow = typeof loanWithdrawals.$inferInsert;

export async function insertWithdrawal(db: Executor, row: NewWithdrawalRow): Promise<WithdrawalRow> {
  const [created] = await db.insert(loanWithdrawals).values(row).returning();
  if (!created) throw new Error('loan_withdrawals insert returned nothing');
  return created;
}

/** A repaid loan returns the money of a withdrawal notice: the notice becomes `repaid`. */
export async function markWithdrawalRepaid(db: Executor, loanId: number, at: Date) {
  await db
    .update(loanWithdrawals)
    .set({ status: 'repaid', updatedAt: at })
    .where(and(eq(loanWithdrawals.loanId, loanId), eq(loanWithdrawals.status, 'requested')));
}

/** A withdrawal's return annulled (its payment taken back): the withdrawal waits for its return again. */
export async function reopenWithdrawal(db: Executor, loanId: number, at: Date) {
  await db
    .update(loanWithdrawals)
    .set({ status: 'requested', updatedAt: at })
    .where(and(eq(loanWithdrawals.loanId, loanId), eq(loanWithdrawals.status, 'repaid')));
}
