import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/connect.ts';
import {
  communicationPermissionHistory,
  communicationPermissions,
  customers,
  reminderDeliveries,
} from '../../db/schema/index.ts';

/**
 * Communication SQL: the stored permissions, the signup consent they start from, and their history; customer
 * contacts (unsubscribe links) and SMS read receipts.
 */

export interface PermissionValues {
  allowEmail: boolean;
  allowSms: boolean;
  allow3CxCalls: boolean;
}

export interface PermissionState {
  /** The customer's marketing consent at signup (`customers.accept_marketing`). */
  acceptMarketing: boolean;
  /** The stored permissions, or null when the customer has none yet. */
  stored: PermissionValues | null;
}

const storedColumns = {
  allowEmail: communicationPermissions.allowEmail,
  allowSms: communicationPermissions.allowSms,
  allow3CxCalls: communicationPermissions.allow3CxCalls,
};

function permissionStateQuery(db: Executor, customerId: number) {
  return db
    .select({ acceptMarketing: customers.acceptMarketing, ...storedColumns })
    .from(customers)
    .leftJoin(communicationPermissions, eq(communicationPermissions.customerId, customers.id))
    .where(eq(customers.id, customerId))
    .limit(1);
}

type StateRow = Awaited<ReturnType<typeof permissionStateQuery>>[number];

const stateOf = (row: StateRow | undefined): PermissionState | null =>
  row
    ? {
        acceptMarketing: row.acceptMarketing,
        stored:
          row.allowEmail === null || row.allowSms === null || row.allow3CxCalls === null
            ? null
            : { allowEmail: row.allowEmail, allowSms: row.allowSms, allow3CxCalls: row.allow3CxCalls },
      }
    : null;

/** The customer's signup consent and stored permissions; null when there is no such customer. */
export async function findPermissionState(db: Executor, customerId: number): Promise<PermissionState | null> {
  return stateOf((await permissionStateQuery(db, customerId))[0]);
}

/**
 * Locks the customer's row until the transaction ends, so concurrent changes of one customer's permissions (the
 * first row included, when there is none yet) run one after the other; false when there is no such customer.
 * `no key update` does not block inserts that reference the customer. Read the state with a later statement: under
 * READ COMMITTED it then sees what a change that held the lock before committed.
 */
export async function lockCustomerForPermissions(tx: Transaction, customerId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('no key update');
  return rows.length > 0;
}

export async function insertPermissions(
  tx: Transaction,
  customerId: number,
  values: PermissionValues,
  now: Date,
): Promise<void> {
  await tx.insert(communicationPermissions).values({ customerId, ...values, updatedAt: now });
}

export async function updatePermissions(
  tx: Transaction,
  customerId: number,
  values: PermissionValues,
  now: Date,
): Promise<void> {
  await tx
    .update(communicationPermissions)
    .set({ ...values, updatedAt: now })
    .where(eq(communicationPermissions.customerId, customerId));
}

export interface PermissionHistoryRow extends PermissionValues {
  customerId: number;
  /** Where the change came from: registration, unsubscribe, account, marketingPrompt, a staff id … */
  source: string;
  /** The campaign of an unsubscribe link; null otherwise. */
  campaignId: string | null;
  createdAt: Date;
}

export async function insertPermissionHistory(tx: Transaction, row: PermissionHistoryRow): Promise<void> {
  await tx.insert(communicationPermissionHistory).values(row);
}

/** The customer's permission history, newest first (same instant: the later write first). */
export async function listPermissionHistory(db: Executor, customerId: number) {
  return db
    .select({
      allowEmail: communicationPermissionHistory.allowEmail,
      allowSms: communicationPermissionHistory.allowSms,
      allow3CxCalls: communicationPermissionHistory.allow3CxCalls,
      source: communicationPermissionHistory.source,
      createdAt: communicationPermissionHistory.createdAt,
    })
    .from(communicationPermissionHistory)
    .where(eq(communicationPermissionHistory.customerId, customerId))
    .orderBy(desc(communicationPermissionHistory.createdAt), desc(communicationPermissionHistory.id));
}

/** A page of the customer's permission history for staff, newest first, with where each change came from. */
export async function pagePermissionHistory(db: Executor, customerId: number, limit: number, offset: number) {
  const ofCustomer = eq(communicationPermissionHistory.customerId, customerId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        allowEmail: communicationPermissionHistory.allowEmail,
        allowSms: communicationPermissionHistory.allowSms,
        allow3CxCalls: communicationPermissionHistory.allow3CxCalls,
        source: communicationPermissionHistory.source,
        campaignId: communicationPermissionHistory.campaignId,
        createdAt: communicationPermissionHistory.createdAt,
      })
      .from(communicationPermissionHistory)
      .where(ofCustomer)
      .orderBy(desc(communicationPermissionHistory.createdAt), desc(communicationPermissionHistory.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(communicationPermissionHistory)
      .where(ofCustomer),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

/** The newest history row's date among `sources` for the customer, or null. */
export async function findLastChoice(
  db: Executor,
  customerId: number,
  sources: readonly string[],
): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: communicationPermissionHistory.createdAt })
    .from(communicationPermissionHistory)
    .where(
      and(
        eq(communicationPermissionHistory.customerId, customerId),
        inArray(communicationPermissionHistory.source, [...sources]),
      ),
    )
    .orderBy(desc(communicationPermissionHistory.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

/** The customer's e-mail address, or null when there is no such customer. */
export async function findCustomerContact(db: Executor, customerId: number): Promise<{ email: string } | null> {
  const [row] = await db
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row ?? null;
}

/** The customer's mobile number (the SMS outbox is kept by number), or null when there is no such customer. */
export async function findCustomerPhone(db: Executor, customerId: number): Promise<string | null> {
  const [row] = await db
    .select({ phone: customers.phone })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row?.phone ?? null;
}

/** id, phone and e-mail of the customers with these phones (the sandbox's demo list). */
export async function findCustomersByPhones(db: Executor, phones: readonly string[]) {
  if (phones.length === 0) return [];
  return db
    .select({ id: customers.id, phone: customers.phone, email: customers.email })
    .from(customers)
    .where(inArray(customers.phone, [...phones]));
}

/**
 * The customer's `limit` newest payment reminders that reached the push service (status `sent`), by sending time then
 * id, and how many there are in all. A read of the push module's table (docs/backoffice.md §5: the messages tab reads
 * it): importing modules/push here would close the cycle push → loan → communication.
 */
export async function sentRemindersOf(db: Executor, customerId: number, limit: number) {
  const sent = and(
    eq(reminderDeliveries.customerId, customerId),
    eq(reminderDeliveries.status, 'sent'),
    isNotNull(reminderDeliveries.sentAt),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: reminderDeliveries.id,
        installmentId: reminderDeliveries.installmentId,
        kind: reminderDeliveries.kind,
        dueDate: reminderDeliveries.dueDate,
        sentAt: reminderDeliveries.sentAt,
      })
      .from(reminderDeliveries)
      .where(sent)
      .orderBy(desc(reminderDeliveries.sentAt), desc(reminderDeliveries.id))
      .limit(limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(reminderDeliveries)
      .where(sent),
  ]);
  return {
    rows: rows.flatMap((row) => (row.sentAt ? [{ ...row, sentAt: row.sentAt }] : [])),
    total: Number(counted?.total ?? 0),
  };
}
