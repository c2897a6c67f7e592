import { eq } from 'drizzle-orm';
import type { CustomerStatus } from '../../../shared/statuses.ts';
import type { Executor } from '../../db/connect.ts';
import { customers } from '../../db/schema/index.ts';

/** Rollover SQL beyond the payment module's: the customer's status as it is now (read under the loan lock). */
export async function customerStatus(db: Executor, customerId: number): Promise<CustomerStatus | undefined> {
  const [row] = await db
    .select({ status: customers.status })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row?.status;
}
