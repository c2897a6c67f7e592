import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/connect.ts';
import { paymentAllocations, payments } from '../../../db/schema/index.ts';

/** Payments and their allocations to instalments: reads by id, customer, loan, key or provider reference; writes. */

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;

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

export async function insertAllocations(
  db: Executor,
  rows: ReadonlyArray<{ paymentId: number; installmentId: number; amountCents: number; createdAt: Date }>,
) {
  if (rows.length === 0) return;
  await db.insert(paymentAllocations).values([...rows]);
}

/** The loan's payments, newest first. */
export async function findLoanPaymentRows(db: Executor, loanId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.loanId, loanId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

/** What the payment put on each instalment (its allocation rows, kept when it is annulled). */
export async function findAllocations(db: Executor, paymentId: number) {
  return db
    .select({ installmentId: paymentAllocations.installmentId, amountCents: paymentAllocations.amountCents })
    .from(paymentAllocations)
    .where(eq(paymentAllocations.paymentId, paymentId))
    .orderBy(asc(paymentAllocations.id));
}

/** What each of these payments put on the instalments, in the order it was allocated. */
export async function findAllocationsOf(db: Executor, paymentIds: readonly number[]) {
  if (paymentIds.length === 0) return [];
  return db
    .select({
      paymentId: paymentAllocations.paymentId,
      installmentId: paymentAllocations.installmentId,
      amountCents: paymentAllocations.amountCents,
    })
    .from(paymentAllocations)
    .where(inArray(paymentAllocations.paymentId, [...paymentIds]))
    .orderBy(asc(paymentAllocations.id));
}
