import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/connect.ts';
import { customers } from '../../db/schema/index.ts';

/** Loan SQL: what a quote needs of the logged-in customer (credit limit, name). */

export async function findQuotingCustomer(
  db: Executor,
  customerId: number,
): Promise<{ creditLimitCents: number; firstName: string; lastName: string } | null> {
  const [row] = await db
    .select({
      creditLimitCents: customers.creditLimitCents,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row ?? null;
}
