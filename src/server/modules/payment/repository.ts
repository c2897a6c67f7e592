import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, not, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { CustomerStatus } from '../../../shared/statuses.ts';
import type { InstallmentStatus, LoanStatus } from '../../../shared/loan-statuses.ts';
import type { Executor } from '../../db/connect.ts';
import { preparedRead } from '../../db/prepared.ts';
import {
  cards,
  cardThreeDsSessions,
  creditDecisions,
  customers,
  customerStatusHistory,
  installments,
  loanImpediments,
  loanRollovers,
  loans,
  loanWithdrawals,
  paymentAllocations,
  payments,
} from '../../db/schema/index.ts';
import { instanceAlive } from '../../instances.ts';

/** Payment SQL: payments, their allocations, the loans and instalments they pay, the customer's limit. */

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
export type InstallmentRow = typeof installments.$inferSelect;
export type LoanRow = typeof loans.$inferSelect;

export async function findPayment(db: Executor, paymentId: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  return row;
}

/** The payment, locked for the transaction. */
export async function lockPayment(db: Executor, paymentId: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1).for('update');
  return row;
}

/** The customer's payment (another customer's: undefined). */
export async function findCustomerPayment(db: Executor, customerId: number, paymentId: number) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.customerId, customerId)))
    .limit(1);
  return row;
}

/** The loan's pending payment, if any. */
export async function findPendingPayment(db: Executor, loanId: number) {
  const [row] = await db
    .select({
      id: payments.id,
      source: payments.source,
      createdAt: payments.createdAt,
      threeDsTrackId: payments.threeDsTrackId,
    })
    .from(payments)
    .where(and(eq(payments.loanId, loanId), eq(payments.status, 'pending')))
    .limit(1);
  return row;
}

/** The customer's payment created by the call with this Idempotency-Key (its intent), if any. */
export async function findCustomerPaymentByKey(
  db: Executor,
  customerId: number,
  idempotencyKey: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.customerId, customerId), eq(payments.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row;
}

/**
 * Makes `instanceId` the one that charges a pending payment, when nobody else alive does (its instance died, or the
 * last attempt ended without an outcome); false when another live instance holds it or it is not pending.
 */
export async function takePaymentCharge(
  db: Executor,
  paymentId: number,
  instance: { id: string; staleMs: number },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ instanceId: instance.id, updatedAt: now })
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.status, 'pending'),
        or(
          isNull(payments.instanceId),
          eq(payments.instanceId, instance.id),
          not(instanceAlive(payments.instanceId, instance.staleMs)),
        ),
      ),
    )
    .returning({ id: payments.id });
  return rows.length === 1;
}

/**
 * The pending card payments whose charge nobody is making and nobody will finish (the recovery job's work):
 * without a 3-D Secure step, held by no instance (the last attempt ended without an outcome) or by a dead one;
 * with a 3-D Secure step that the customer left for longer than `threeDsTtlMs`. Oldest first.
 */
export async function recoverablePayments(
  db: Executor,
  now: Date,
  options: { staleMs: number; threeDsTtlMs: number; limit: number },
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        eq(payments.source, 'debit-card'),
        or(
          and(
            isNull(payments.threeDsTrackId),
            or(isNull(payments.instanceId), not(instanceAlive(payments.instanceId, options.staleMs))),
          ),
          and(
            isNotNull(payments.threeDsTrackId),
            lte(payments.createdAt, new Date(now.getTime() - options.threeDsTtlMs)),
          ),
        ),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(options.limit);
}

/** A payment's 3-D Secure session (the track the client polls). */
export async function findThreeDsSession(db: Executor, trackId: string) {
  const [row] = await db.select().from(cardThreeDsSessions).where(eq(cardThreeDsSessions.trackId, trackId)).limit(1);
  return row;
}

export async function insertPayment(db: Executor, values: NewPaymentRow): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

export async function updatePayment(
  db: Executor,
  paymentId: number,
  values: Partial<
    Pick<NewPaymentRow, 'status' | 'message' | 'providerReference' | 'threeDsTrackId' | 'settledAt' | 'instanceId'>
  > & {
    updatedAt: Date;
  },
) {
  await db.update(payments).set(values).where(eq(payments.id, paymentId));
}

/** The customer's loan (another customer's: undefined). */
export async function findCustomerLoan(db: Executor, customerId: number, loanId: number): Promise<LoanRow | undefined> {
  const [row] = await db
    .select()
    .from(loans)
    .where(and(eq(loans.id, loanId), eq(loans.customerId, customerId)))
    .limit(1);
  return row;
}

export async function findLoan(db: Executor, loanId: number): Promise<LoanRow | undefined> {
  const [row] = await db.select().from(loans).where(eq(loans.id, loanId)).limit(1);
  return row;
}

/** The loan's instalments in plan order. */
export async function loanInstallments(db: Executor, loanId: number): Promise<InstallmentRow[]> {
  return db.select().from(installments).where(eq(installments.loanId, loanId)).orderBy(asc(installments.number));
}

export async function insertAllocations(
  db: Executor,
  rows: ReadonlyArray<{ paymentId: number; installmentId: number; amountCents: number; createdAt: Date }>,
) {
  if (rows.length === 0) return;
  await db.insert(paymentAllocations).values([...rows]);
}

export async function updateInstallment(
  db: Executor,
  installmentId: number,
  values: { paidCents: number; status: InstallmentStatus; paidAt: Date | null },
) {
  await db.update(installments).set(values).where(eq(installments.id, installmentId));
}

export async function updateLoanStatus(db: Executor, loanId: number, status: LoanStatus, at: Date) {
  await db.update(loans).set({ status, updatedAt: at }).where(eq(loans.id, loanId));
}

/** A repaid loan returns the money of a withdrawal notice (issue 14): the notice becomes `repaid`. */
export async function markWithdrawalRepaid(db: Executor, loanId: number, at: Date) {
  await db
    .update(loanWithdrawals)
    .set({ status: 'repaid', updatedAt: at })
    .where(and(eq(loanWithdrawals.loanId, loanId), eq(loanWithdrawals.status, 'requested')));
}

export async function findCustomerForPayment(db: Executor, customerId: number) {
  const [row] = await db
    .select({
      id: customers.id,
      status: customers.status,
      isRtb: customers.isRtb,
      creditLimitCents: customers.creditLimitCents,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row;
}

export async function updateCustomerLimit(
  db: Executor,
  customerId: number,
  values: { isRtb: boolean; creditLimitCents: number; updatedAt: Date },
) {
  await db.update(customers).set(values).where(eq(customers.id, customerId));
}

export async function insertLimitDecision(
  db: Executor,
  values: { customerId: number; limitCents: number; inputs: unknown; reasons: unknown; createdAt: Date },
) {
  await db.insert(creditDecisions).values({
    customerId: values.customerId,
    outcome: 'systemApproved',
    limitCents: values.limitCents,
    rulesVersion: LIMIT_GROWTH_RULES_VERSION,
    trigger: 'loanRepaid',
    inputs: values.inputs,
    reasons: values.reasons,
    createdAt: values.createdAt,
  });
}

export const LIMIT_GROWTH_RULES_VERSION = 'limit-growth-2026.11.1';

/**
 * The oldest expected date of a payable instalment (notPaid, arranged) of the customer's running loans (issued,
 * arranged), or null when nothing is payable.
 */
export async function oldestPayableDate(db: Executor, customerId: number): Promise<string | null> {
  const [row] = await db
    .select({ date: sql<string | null>`min(${installments.expectedDate})` })
    .from(installments)
    .innerJoin(loans, eq(loans.id, installments.loanId))
    .where(
      and(
        eq(loans.customerId, customerId),
        inArray(loans.status, ['issued', 'arranged']),
        inArray(installments.status, ['notPaid', 'arranged']),
      ),
    );
  return row?.date ?? null;
}

/** The customer's usable card (another customer's, deleted or unknown: undefined). */
export async function findCustomerCard(db: Executor, customerId: number, cardId: number) {
  const [row] = await db
    .select({
      id: cards.id,
      cardStatus: cards.cardStatus,
      providerToken: cards.providerToken,
      maskedCardNumber: cards.maskedCardNumber,
    })
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.customerId, customerId)))
    .limit(1);
  return row;
}

export async function insertThreeDsSession(db: Executor, values: typeof cardThreeDsSessions.$inferInsert) {
  await db.insert(cardThreeDsSessions).values(values);
}

/**
 * The Loan view's rows for a customer: loans (newest first), their instalments in plan order and the successful
 * payments' allocations of those instalments — three queries whatever the number of loans.
 */
const loanViewColumns = {
  id: loans.id,
  status: loans.status,
  amountCents: loans.amountCents,
  issueDate: loans.issueDate,
  firstRepaymentDate: loans.firstRepaymentDate,
  isRestructured: loans.isRestructured,
  toAccountId: loans.toAccountId,
  createdAt: loans.createdAt,
};
const installmentViewColumns = {
  id: installments.id,
  loanId: installments.loanId,
  status: installments.status,
  expectedDate: installments.expectedDate,
  baseCents: installments.baseCents,
  interestCents: installments.interestCents,
  totalCents: installments.totalCents,
  paidCents: installments.paidCents,
};
const allocationViewColumns = {
  installmentId: paymentAllocations.installmentId,
  amountCents: paymentAllocations.amountCents,
  paymentOption: payments.paymentOption,
  source: payments.source,
  settledAt: payments.settledAt,
  createdAt: paymentAllocations.createdAt,
};

const loansOf = (db: Executor, where: SQL | undefined) =>
  db.select(loanViewColumns).from(loans).where(where).orderBy(desc(loans.createdAt), desc(loans.id));
const installmentsOf = (db: Executor, where: SQL | undefined) =>
  db
    .select(installmentViewColumns)
    .from(installments)
    .where(where)
    .orderBy(asc(installments.loanId), asc(installments.number));
const allocationsOf = (db: Executor, where: SQL | undefined) =>
  db
    .select(allocationViewColumns)
    .from(paymentAllocations)
    .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
    .where(and(where, eq(payments.status, 'success')))
    .orderBy(asc(paymentAllocations.id));

/**
 * Every loan of a customer with its instalments and allocations (CustomerAllLoansGet, the dashboard's read): built
 * once (../../db/prepared.ts); the loans' ids go as one array parameter, so the texts never vary with their number.
 */
const allLoansOfCustomer = preparedRead((db) =>
  loansOf(db, eq(loans.customerId, sql.placeholder('customerId'))).prepare('customer_all_loans'),
);
const installmentsOfLoans = preparedRead((db) =>
  installmentsOf(db, sql`${installments.loanId} = any(${sql.placeholder('loanIds')}::int[])`).prepare(
    'installments_of_loans',
  ),
);
const allocationsOfLoans = preparedRead((db) =>
  allocationsOf(db, sql`${payments.loanId} = any(${sql.placeholder('loanIds')}::int[])`).prepare(
    'allocations_of_loans',
  ),
);

export async function customerLoanRows(db: Executor, customerId: number, statuses: readonly LoanStatus[] | null) {
  const loanRows =
    statuses === null
      ? await allLoansOfCustomer(db, { customerId })
      : await loansOf(db, and(eq(loans.customerId, customerId), inArray(loans.status, [...statuses])));
  if (loanRows.length === 0) return { loanRows, installmentRows: [], allocationRows: [] };
  // One query each for the instalments and the allocations of all the loans (no query per loan), only the columns
  // the view reads.
  const loanIds = loanRows.map((loan) => loan.id);
  const installmentRows = await installmentsOfLoans(db, { loanIds });
  const allocationRows = await allocationsOfLoans(db, { loanIds });
  return { loanRows, installmentRows, allocationRows };
}

export async function insertImpediment(db: Executor, values: typeof loanImpediments.$inferInsert) {
  const [row] = await db
    .insert(loanImpediments)
    .values(values)
    .returning({ id: loanImpediments.id, createdAt: loanImpediments.createdAt });
  return row!;
}

/** The status the customer last moved from into one of `into` (from a status outside them), or null. */
export async function lastStatusBefore(
  db: Executor,
  customerId: number,
  into: readonly CustomerStatus[],
): Promise<CustomerStatus | null> {
  const [row] = await db
    .select({ from: customerStatusHistory.fromStatus })
    .from(customerStatusHistory)
    .where(
      and(
        eq(customerStatusHistory.customerId, customerId),
        inArray(customerStatusHistory.toStatus, [...into]),
        notInArray(customerStatusHistory.fromStatus, [...into]),
      ),
    )
    .orderBy(desc(customerStatusHistory.createdAt), desc(customerStatusHistory.id))
    .limit(1);
  return row?.from ?? null;
}

/**
 * Customers whose collection status may have to change today: those in the automatic collection statuses, and
 * those (securityChecked, systemApproved) with a payable instalment of a running loan due before `lateBefore`.
 */
export async function collectionCandidates(db: Executor, lateBefore: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: customers.id })
    .from(customers)
    .leftJoin(loans, and(eq(loans.customerId, customers.id), inArray(loans.status, ['issued', 'arranged'])))
    .leftJoin(
      installments,
      and(
        eq(installments.loanId, loans.id),
        inArray(installments.status, ['notPaid', 'arranged']),
        sql`${installments.expectedDate} < ${lateBefore}`,
      ),
    )
    .where(
      sql`${customers.status} in ('internalCollection', 'externalCollection') or (${customers.status} in ('securityChecked', 'systemApproved') and ${installments.id} is not null)`,
    );
  return rows.map((row) => row.id);
}

/** The customer with this reference code (the bank transfer's description starts with it), compared without case. */
export async function findCustomerByReference(db: Executor, referenceCode: string) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(sql`lower(${customers.referenceCode}) = ${referenceCode.toLowerCase()}`)
    .limit(1);
  return row;
}

/** The payment recorded for a provider reference (a bank statement line), if any. */
export async function findPaymentByReference(db: Executor, loanId: number, providerReference: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.loanId, loanId), eq(payments.providerReference, providerReference)))
    .limit(1);
  return row;
}

// Rollovers (the settle core's `rolloverFee` branch; docs/rules/payments.md "Rollover").

export type RolloverRow = typeof loanRollovers.$inferSelect;
export type NewRolloverRow = typeof loanRollovers.$inferInsert;

export async function insertRollover(db: Executor, values: NewRolloverRow): Promise<RolloverRow> {
  const [row] = await db.insert(loanRollovers).values(values).returning();
  return row!;
}

export async function findRolloverOfPayment(db: Executor, paymentId: number): Promise<RolloverRow | undefined> {
  const [row] = await db.select().from(loanRollovers).where(eq(loanRollovers.paymentId, paymentId)).limit(1);
  return row;
}

export async function insertInstallment(
  db: Executor,
  values: typeof installments.$inferInsert,
): Promise<{ id: number }> {
  const [row] = await db.insert(installments).values(values).returning({ id: installments.id });
  return row!;
}

export async function markRolloverApplied(db: Executor, id: number, newInstallmentId: number, at: Date) {
  await db
    .update(loanRollovers)
    .set({ status: 'applied', newInstallmentId, appliedAt: at, updatedAt: at })
    .where(eq(loanRollovers.id, id));
}

export async function markRolloverFailed(db: Executor, id: number, at: Date) {
  await db.update(loanRollovers).set({ status: 'failed', updatedAt: at }).where(eq(loanRollovers.id, id));
}

/** The rollover of a failed or abandoned fee payment, while pending. */
export async function failPendingRolloverOfPayment(db: Executor, paymentId: number, at: Date) {
  await db
    .update(loanRollovers)
    .set({ status: 'failed', updatedAt: at })
    .where(and(eq(loanRollovers.paymentId, paymentId), eq(loanRollovers.status, 'pending')));
}
