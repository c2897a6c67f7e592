import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/connect.ts';
import { communicationPermissionHistory, communicationPermissions, customers, smsOutbox } from '../../db/schema.ts';

/** Communication SQL: e-mail consent changes of the unsubscribe link, SMS read receipts. */

export interface PermissionValues {
  allowEmail: boolean;
  allowSms: boolean;
  allow3CxCalls: boolean;
}

/** The customer's e-mail address and signup marketing consent, or null when there is no such customer. */
export async function findCustomerContact(
  db: Executor,
  customerId: number,
): Promise<{ email: string; acceptMarketing: boolean } | null> {
  const [row] = await db
    .select({ email: customers.email, acceptMarketing: customers.acceptMarketing })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row ?? null;
}

/** id, phone and e-mail of the customers with these phones (the sandbox's demo list). */
export async function findCustomersByPhones(db: Executor, phones: readonly string[]) {
  if (phones.length === 0) return [];
  return db
    .select({ id: customers.id, phone: customers.phone, email: customers.email })
    .from(customers)
    .where(inArray(customers.phone, [...phones]));
}

/** The first permissions row of a customer; null when they already have one (nothing written). */
export async function insertPermissionsIfAbsent(
  db: Executor,
  customerId: number,
  values: PermissionValues,
  now: Date,
): Promise<PermissionValues | null> {
  const [row] = await db
    .insert(communicationPermissions)
    .values({ customerId, ...values, updatedAt: now })
    .onConflictDoNothing({ target: communicationPermissions.customerId })
    .returning({
      allowEmail: communicationPermissions.allowEmail,
      allowSms: communicationPermissions.allowSms,
      allow3CxCalls: communicationPermissions.allow3CxCalls,
    });
  return row ?? null;
}

/** allowEmail true → false; null when it was already false (nothing written). */
export async function turnOffEmail(db: Executor, customerId: number, now: Date): Promise<PermissionValues | null> {
  const [row] = await db
    .update(communicationPermissions)
    .set({ allowEmail: false, updatedAt: now })
    .where(and(eq(communicationPermissions.customerId, customerId), eq(communicationPermissions.allowEmail, true)))
    .returning({
      allowEmail: communicationPermissions.allowEmail,
      allowSms: communicationPermissions.allowSms,
      allow3CxCalls: communicationPermissions.allow3CxCalls,
    });
  return row ?? null;
}

export async function insertPermissionHistory(
  db: Executor,
  row: PermissionValues & { customerId: number; source: string; campaignId: string | null; createdAt: Date },
): Promise<void> {
  await db.insert(communicationPermissionHistory).values(row);
}

/** Set read_at of one SMS, the first time only; true when this call set it. */
export async function markSmsRead(db: Executor, smsId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(smsOutbox)
    .set({ readAt: now })
    .where(and(eq(smsOutbox.id, smsId), isNull(smsOutbox.readAt)))
    .returning({ id: smsOutbox.id });
  return rows.length > 0;
}
