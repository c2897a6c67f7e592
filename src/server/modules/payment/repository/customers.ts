import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/connect.ts';
import { customers } from '../../../db/schema/index.ts';

/** The paying customer and its limit, and the customer a bank transfer's reference names. */

export async function findCustomerForPayment(db: Executor, customerId: number) {
  const [row] = await db
    .select({
      id: customers.id,
      status: customers.status,
      isRtb: customers.isRtb,
      creditLimitCents: customers.creditLimitCents,
      miniLimitCents: customers.miniLimitCents,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row;
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
