import { eq, inArray } from 'drizzle-orm';
import { customers, pushSubscriptions, reminderDeliveries } from '../../../src/server/db/schema/index.ts';
import type { TestApp } from './app.ts';

/** What the push tests read back: reminder deliveries and subscriptions; and the clean-up of their customers. */

/** The reminder rows of some instalments (status, kind, attempts), oldest first. */
export async function deliveriesOf(t: Pick<TestApp, 'db'>, installmentIds: readonly number[]) {
  if (installmentIds.length === 0) return [];
  return t.db
    .select()
    .from(reminderDeliveries)
    .where(inArray(reminderDeliveries.installmentId, [...installmentIds]))
    .orderBy(reminderDeliveries.id);
}

/** Remove test customers (their loans, instalments, subscriptions and reminders go with them). */
export async function deleteCustomers(t: Pick<TestApp, 'db'>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await t.db.delete(customers).where(inArray(customers.id, [...ids]));
}

/** The push subscriptions stored for a customer, oldest first. */
export async function storedSubscriptions(t: Pick<TestApp, 'db'>, customerId: number) {
  return t.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.customerId, customerId))
    .orderBy(pushSubscriptions.id);
}
