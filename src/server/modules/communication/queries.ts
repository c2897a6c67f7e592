import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/connect.ts';
import { customers, smsOutbox } from '../../db/schema/index.ts';

/** Communication SQL: customer contacts (unsubscribe links), SMS read receipts. Permissions: permission-queries.ts. */

/** The customer's e-mail address, or null when there is no such customer. */
export async function findCustomerContact(db: Executor, customerId: number): Promise<{ email: string } | null> {
  const [row] = await db
    .select({ email: customers.email })
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

/** Set read_at of one SMS, the first time only; true when this call set it. */
export async function markSmsRead(db: Executor, smsId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(smsOutbox)
    .set({ readAt: now })
    .where(and(eq(smsOutbox.id, smsId), isNull(smsOutbox.readAt)))
    .returning({ id: smsOutbox.id });
  return rows.length > 0;
}
