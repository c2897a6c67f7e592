import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DirectTransferOrderStatus } from '../../../shared/payment-statuses.ts';
import type { Executor } from '../../db/connect.ts';
import { directTransferOrders, installments, loans, payments } from '../../db/schema/index.ts';

/** The direct-transfer module's SQL: the orders (direct_transfer_orders) and the pending-payment check. */

export type OrderRow = typeof directTransferOrders.$inferSelect;

export async function insertOrder(db: Executor, values: typeof directTransferOrders.$inferInsert): Promise<OrderRow> {
  const [row] = await db.insert(directTransferOrders).values(values).returning();
  return row!;
}

/**
 * Inserts the order unless one with its provider order id or its (customer, Idempotency-Key) is already there (two
 * runs of one key: the provider answered both with the same order); undefined then.
 */
export async function insertOrderOnce(
  db: Executor,
  values: typeof directTransferOrders.$inferInsert,
): Promise<OrderRow | undefined> {
  const [row] = await db.insert(directTransferOrders).values(values).onConflictDoNothing().returning();
  return row;
}

/** The customer's order started by the DirectTransferInitPost with this Idempotency-Key, if any. */
export async function findCustomerOrderByKey(
  db: Executor,
  customerId: number,
  idempotencyKey: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(directTransferOrders)
    .where(
      and(eq(directTransferOrders.customerId, customerId), eq(directTransferOrders.idempotencyKey, idempotencyKey)),
    )
    .limit(1);
  return row;
}

/** The caller's orders, newest first (at most `limit`). */
export async function customerOrders(db: Executor, customerId: number, limit: number) {
  return db
    .select({
      id: directTransferOrders.id,
      loanId: directTransferOrders.loanId,
      amountCents: directTransferOrders.amountCents,
      status: directTransferOrders.status,
      createdAt: directTransferOrders.createdAt,
    })
    .from(directTransferOrders)
    .where(eq(directTransferOrders.customerId, customerId))
    .orderBy(desc(directTransferOrders.createdAt), desc(directTransferOrders.id))
    .limit(limit);
}

export async function findOrderByProviderId(db: Executor, providerOrderId: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(directTransferOrders)
    .where(eq(directTransferOrders.providerOrderId, providerOrderId))
    .limit(1);
  return row;
}

/** The order, locked for the transaction (a second callback waits and then reads what the first wrote). */
export async function lockOrder(db: Executor, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(directTransferOrders).where(eq(directTransferOrders.id, id)).for('update');
  return row;
}

export async function updateOrder(
  db: Executor,
  id: number,
  values: { status: DirectTransferOrderStatus; paymentId?: number; updatedAt: Date },
): Promise<void> {
  await db.update(directTransferOrders).set(values).where(eq(directTransferOrders.id, id));
}

/** True when the loan has a payment still pending (a card payment waiting for 3-D Secure, say). */
export async function hasPendingPayment(db: Executor, loanId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(payments)
    .where(and(eq(payments.loanId, loanId), eq(payments.status, 'pending')))
    .limit(1);
  return row !== undefined;
}

/** The customer's loan with its instalments (by number), or null when it is not theirs or does not exist. */
export async function customerLoanWithInstallments(db: Executor, customerId: number, loanId: number) {
  const [loan] = await db
    .select()
    .from(loans)
    .where(and(eq(loans.id, loanId), eq(loans.customerId, customerId)))
    .limit(1);
  if (!loan) return null;
  const rows = await db
    .select()
    .from(installments)
    .where(eq(installments.loanId, loanId))
    .orderBy(asc(installments.number));
  return { loan, installments: rows };
}

/**
 * A pending order's provider state, a compare-and-set on the stored state (the sandbox widget's ending,
 * providers/sandbox-direct-transfer.ts); false when the order is no longer pending or another change came first.
 */
export async function updateOrderProviderState(
  db: Executor,
  change: { providerOrderId: string; storedState: string; providerState: string },
): Promise<boolean> {
  const updated = await db
    .update(directTransferOrders)
    .set({ providerState: change.providerState })
    .where(
      and(
        eq(directTransferOrders.providerOrderId, change.providerOrderId),
        eq(directTransferOrders.status, 'pending'),
        eq(directTransferOrders.providerState, change.storedState),
      ),
    )
    .returning({ id: directTransferOrders.id });
  return updated.length === 1;
}
