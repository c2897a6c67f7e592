import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/connect.ts';
import { customers, loans } from '../../db/schema/index.ts';

/** Sandbox SQL (the SMS outbox is read through providers/sms-outbox.ts). */

/** The customer holding this phone with their loans' ids, oldest first; null when there is none. */
export async function customerWithLoanIds(
  db: Executor,
  phone: string,
): Promise<{ customerId: number; loanIds: number[] } | null> {
  const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.phone, phone)).limit(1);
  if (!customer) return null;
  const rows = await db.select({ id: loans.id }).from(loans).where(eq(loans.customerId, customer.id)).orderBy(loans.id);
  return { customerId: customer.id, loanIds: rows.map((row) => row.id) };
}
