import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { CardSubStatus } from '../../shared/api/common.ts';
import type { ComplaintStatus } from '../../shared/api/complaint.ts';
import type { CardStatus } from '../../shared/card-statuses.ts';
import type { CustomerStatus } from '../../shared/statuses.ts';
import type { InstallmentStatus, LoanStatus } from '../../shared/loan-statuses.ts';
import type { PaymentRowStatus } from '../../shared/payment-statuses.ts';
import type { Executor } from './connect.ts';
import {
  cardStatusHistory,
  cardSubStatusHistory,
  complaintStatusHistory,
  customerStatusHistory,
  installmentStatusHistory,
  loanStatusHistory,
  paymentStatusHistory,
} from './schema/index.ts';

/**
 * The one writer of status history (architecture §6: every state change of a customer, loan, instalment, card (and
 * its proof's sub-status), payment or complaint is a row in a history table: who, when, from, to). Each entity keeps its own
 * table; this helper picks it from the entity kind and writes in the executor it is given, so the row lands in the
 * caller's transaction with the status change itself. A new kind adds its status type here and its table below. Its readers are here too: `statusHistoryOf`
 * (a loan's, instalment's or card's, for the back office's tabs), the customer's paged one, and `changesWithReason`.
 */
export interface EntityStatuses {
  customer: CustomerStatus;
  loan: LoanStatus;
  installment: InstallmentStatus;
  card: CardStatus;
  /** The card proof's steps (askForProof, uploaded, proofAccepted, proofRejected). */
  cardSubStatus: CardSubStatus;
  payment: PaymentRowStatus;
  complaint: ComplaintStatus;
}

export type StatusEntity = keyof EntityStatuses;

export interface StatusChange<K extends StatusEntity> {
  /** The entity's id (customer, loan, instalment …). */
  id: number;
  /** Null for the first status (creation). */
  from: EntityStatuses[K] | null;
  to: EntityStatuses[K];
  /** Who: `customer`, `system`, `seed`, a job name or a staff member id. */
  changedBy: string;
  reason?: string | null;
  at: Date;
}

const rowOf = <K extends StatusEntity>(change: StatusChange<K>) => ({
  fromStatus: change.from,
  toStatus: change.to,
  changedBy: change.changedBy,
  reason: change.reason ?? null,
  createdAt: change.at,
});

const writers: { [K in StatusEntity]: (db: Executor, changes: ReadonlyArray<StatusChange<K>>) => Promise<unknown> } = {
  customer: (db, changes) =>
    db.insert(customerStatusHistory).values(changes.map((c) => ({ customerId: c.id, ...rowOf(c) }))),
  loan: (db, changes) => db.insert(loanStatusHistory).values(changes.map((c) => ({ loanId: c.id, ...rowOf(c) }))),
  installment: (db, changes) =>
    db.insert(installmentStatusHistory).values(changes.map((c) => ({ installmentId: c.id, ...rowOf(c) }))),
  card: (db, changes) => db.insert(cardStatusHistory).values(changes.map((c) => ({ cardId: c.id, ...rowOf(c) }))),
  cardSubStatus: (db, changes) =>
    db.insert(cardSubStatusHistory).values(changes.map((c) => ({ cardId: c.id, ...rowOf(c) }))),
  payment: (db, changes) =>
    db.insert(paymentStatusHistory).values(changes.map((c) => ({ paymentId: c.id, ...rowOf(c) }))),
  complaint: (db, changes) =>
    db.insert(complaintStatusHistory).values(changes.map((c) => ({ complaintId: c.id, ...rowOf(c) }))),
};

/** Writes the history rows of status changes of one kind of entity (nothing for an empty list). */
export async function recordStatusChanges<K extends StatusEntity>(
  db: Executor,
  entity: K,
  changes: ReadonlyArray<StatusChange<K>>,
): Promise<void> {
  if (changes.length === 0) return;
  await writers[entity](db, changes);
}

/** Writes the history row of one status change. */
export const recordStatusChange = <K extends StatusEntity>(db: Executor, entity: K, change: StatusChange<K>) =>
  recordStatusChanges(db, entity, [change]);

/** A row of a status history as the readers answer it. */
export interface StatusHistoryRow<K extends StatusEntity> {
  id: number;
  from: EntityStatuses[K] | null;
  to: EntityStatuses[K];
  changedBy: string;
  reason: string | null;
  at: Date;
}

/** One page of a customer's status history, newest first (ties by id, the later insert first), and its length. */
export async function customerStatusHistoryPage(
  db: Executor,
  customerId: number,
  page: { page: number; pageSize: number },
): Promise<{ rows: StatusHistoryRow<'customer'>[]; total: number }> {
  const where = eq(customerStatusHistory.customerId, customerId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: customerStatusHistory.id,
        from: customerStatusHistory.fromStatus,
        to: customerStatusHistory.toStatus,
        changedBy: customerStatusHistory.changedBy,
        reason: customerStatusHistory.reason,
        at: customerStatusHistory.createdAt,
      })
      .from(customerStatusHistory)
      .where(where)
      .orderBy(desc(customerStatusHistory.createdAt), desc(customerStatusHistory.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(customerStatusHistory).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * The changes of some loans' or instalments' statuses that one cause made (`reason`, e.g. `payment:<id>`), oldest
 * first: what undoing that cause puts back (a payment annulled returns each instalment it paid to the status it
 * had). Read through the entities' own index (`ids`), never by the reason alone.
 */
export async function changesWithReason<K extends 'loan' | 'installment'>(
  db: Executor,
  entity: K,
  ids: readonly number[],
  reason: string,
): Promise<Array<{ entityId: number; from: EntityStatuses[K] | null; to: EntityStatuses[K]; at: Date }>> {
  if (ids.length === 0) return [];
  const table = entity === 'loan' ? loanStatusHistory : installmentStatusHistory;
  const idColumn = entity === 'loan' ? loanStatusHistory.loanId : installmentStatusHistory.installmentId;
  const rows = await db
    .select({ entityId: idColumn, from: table.fromStatus, to: table.toStatus, at: table.createdAt })
    .from(table)
    .where(and(inArray(idColumn, [...ids]), eq(table.reason, reason)))
    .orderBy(asc(table.createdAt), asc(table.id));
  return rows as Array<{ entityId: number; from: EntityStatuses[K] | null; to: EntityStatuses[K]; at: Date }>;
}

/** The history tables the staff's readers open by entity id (a customer's is paged: `customerStatusHistoryPage`). */
const readable = {
  loan: { table: loanStatusHistory, id: loanStatusHistory.loanId },
  installment: { table: installmentStatusHistory, id: installmentStatusHistory.installmentId },
  card: { table: cardStatusHistory, id: cardStatusHistory.cardId },
  cardSubStatus: { table: cardSubStatusHistory, id: cardSubStatusHistory.cardId },
} as const;

/** A row of a history as the staff calls answer it (`statusHistoryEntrySchema`: `fromStatus`, `toStatus`). */
export interface StatusHistoryEntryRow<K extends StatusEntity> {
  id: number;
  fromStatus: EntityStatuses[K] | null;
  toStatus: EntityStatuses[K];
  changedBy: string;
  reason: string | null;
  at: Date;
}

/** Every change of one loan's, instalment's or card's status, newest first (ties by id, the later insert first). */
export async function statusHistoryOf<K extends keyof typeof readable>(
  db: Executor,
  entity: K,
  entityId: number,
): Promise<StatusHistoryEntryRow<K>[]> {
  const { table, id } = readable[entity];
  const rows = await db
    .select({
      id: table.id,
      fromStatus: table.fromStatus,
      toStatus: table.toStatus,
      changedBy: table.changedBy,
      reason: table.reason,
      at: table.createdAt,
    })
    .from(table)
    .where(eq(id, entityId))
    .orderBy(desc(table.createdAt), desc(table.id));
  return rows as StatusHistoryEntryRow<K>[];
}
