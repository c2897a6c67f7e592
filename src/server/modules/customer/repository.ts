import { and, eq, ne, sql } from 'drizzle-orm';
import type { CustomerStatus } from '../../../shared/statuses.ts';
import type { Database, Executor } from '../../db/connect.ts';
import { customers } from '../../db/schema/index.ts';

/** Customer SQL: the phone check and the customer's status. */

/** The phone check's query, prepared once per database (the login page asks it for every attempt). */
const prepared = new WeakMap<Database, ReturnType<typeof preparePhoneQuery>>();
const preparePhoneQuery = (db: Database) =>
  db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.phone, sql.placeholder('phone')))
    .limit(1)
    .prepare('customer_by_phone');

/** Whether a customer holds this 9-digit mobile number. */
/** The customer's status as it is now (read under the caller's lock when it has one); undefined for no customer. */
export async function customerStatusOf(db: Executor, customerId: number): Promise<CustomerStatus | undefined> {
  const [row] = await db
    .select({ status: customers.status })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row?.status;
}

export async function phoneTaken(db: Database, phone: string): Promise<boolean> {
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = preparePhoneQuery(db)));
  const rows = await query.execute({ phone });
  return rows.length > 0;
}

/** Sets the customer's status to `to` when it is `from`; false when it was not. */
export async function updateStatusIf(
  tx: Executor,
  change: { id: number; from: CustomerStatus; to: CustomerStatus; at: Date },
): Promise<boolean> {
  const rows = await tx
    .update(customers)
    .set({ status: change.to, updatedAt: change.at })
    .where(and(eq(customers.id, change.id), eq(customers.status, change.from)))
    .returning({ id: customers.id });
  return rows.length > 0;
}

/** Whether a customer other than `customerId` holds this e-mail (compared without case). */
export async function emailHeldByAnother(db: Executor, customerId: number, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(sql`lower(${customers.email}) = ${email.toLowerCase()}`, ne(customers.id, customerId)))
    .limit(1);
  return rows.length > 0;
}

/** Sets the customer's e-mail (already normalised); the same address again writes nothing. */
export async function updateEmail(db: Executor, customerId: number, email: string, at: Date): Promise<void> {
  await db
    .update(customers)
    .set({ email, updatedAt: at })
    .where(and(eq(customers.id, customerId), ne(customers.email, email)));
}
