import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/connect.ts';
import { customers } from '../../db/schema/index.ts';

/** Sandbox SQL (the SMS outbox is read through providers/sms-outbox.ts). */

/** Sets passwordRequired on the customer holding this phone (the staff action); false when there is none. */
export async function requirePasswordChange(db: Executor, phone: string, at: Date): Promise<boolean> {
  const updated = await db
    .update(customers)
    .set({ passwordRequired: true, updatedAt: at })
    .where(eq(customers.phone, phone))
    .returning({ id: customers.id });
  return updated.length > 0;
}
