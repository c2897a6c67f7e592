import { randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { CustomerStatus } from '../../../shared/statuses.ts';
import type { Database, Executor } from '../../db/connect.ts';
import { customerAddresses, customers } from '../../db/schema/index.ts';

/**
 * Customer SQL: the phone check and the customer's status; the writes of the customer row and its address that
 * other modules ask for through index.ts (registration, decision, payment, sandbox).
 */

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

// Asked by registration: the new customer, its unconfirmed mobile, its address, passwordRequired cleared.

export type NewCustomer = Omit<typeof customers.$inferInsert, 'id' | 'referenceCode' | 'status'>;

/** The customer reference (bank-transfer descriptions): 'PR' + 10 hex digits, unique (retried on a collision). */
const newReferenceCode = () => `PR${randomBytes(5).toString('hex').toUpperCase()}`;

/** Inserts a customer in status `new`; null when the phone was taken meanwhile (unique index). */
export async function insertNewCustomer(tx: Executor, values: NewCustomer): Promise<number | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const referenceCode = newReferenceCode();
    const taken =
      (await tx.select({ id: customers.id }).from(customers).where(eq(customers.referenceCode, referenceCode)).limit(1))
        .length > 0;
    if (taken) continue;
    const [row] = await tx
      .insert(customers)
      .values({ ...values, status: 'new', referenceCode })
      .onConflictDoNothing({ target: customers.phone })
      .returning({ id: customers.id });
    return row?.id ?? null;
  }
  throw new Error('no free customer reference code after 3 draws');
}

/**
 * The new mobile of a customer whose number is not confirmed yet (status `new`). 'taken' when another customer
 * has it (unique index), 'status' when the customer is no longer `new`.
 */
export async function updateUnconfirmedPhone(
  db: Executor,
  customerId: number,
  phone: string,
  at: Date,
): Promise<'updated' | 'taken' | 'status'> {
  const owner = await db.select({ id: customers.id }).from(customers).where(eq(customers.phone, phone)).limit(1);
  if (owner[0] && owner[0].id !== customerId) return 'taken';
  try {
    const rows = await db
      .update(customers)
      .set({ phone, updatedAt: at })
      .where(and(eq(customers.id, customerId), eq(customers.status, 'new')))
      .returning({ id: customers.id });
    return rows.length > 0 ? 'updated' : 'status';
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

/** A unique-index violation (SQLSTATE 23505), from node-postgres or PGlite, possibly wrapped by Drizzle. */
function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export interface AddressRow {
  street: string;
  streetNumber: string;
  floor: string | null;
  postcode: string;
  city: string;
  province: string;
}

/** The customer's home address, created or replaced. */
export async function saveAddress(db: Executor, customerId: number, address: AddressRow, at: Date): Promise<void> {
  await db
    .insert(customerAddresses)
    .values({ customerId, ...address, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: customerAddresses.customerId, set: { ...address, updatedAt: at } });
}

/** A new PIN/password was just chosen (registration's password flows, after its credentials are stored). */
export async function clearPasswordRequired(tx: Executor, customerId: number, at: Date): Promise<void> {
  await tx.update(customers).set({ passwordRequired: false, updatedAt: at }).where(eq(customers.id, customerId));
}

/** Sets passwordRequired on the customer holding this phone (the staff action); false when there is none. */
export async function requirePasswordChange(db: Executor, phone: string, at: Date): Promise<boolean> {
  const updated = await db
    .update(customers)
    .set({ passwordRequired: true, updatedAt: at })
    .where(eq(customers.phone, phone))
    .returning({ id: customers.id });
  return updated.length > 0;
}

/** The limits a credit decision sets (the decision module, in its transaction). */
export async function setCreditLimit(
  db: Executor,
  customerId: number,
  limits: { creditLimitCents: number; miniLimitCents: number },
  at: Date,
): Promise<void> {
  await db
    .update(customers)
    .set({ ...limits, updatedAt: at })
    .where(eq(customers.id, customerId));
}

/**
 * The customer's two limits, the row locked for the rest of the transaction: a staff limit change compares them with
 * what was proposed and sets them without another write landing in between. Null for an unknown customer.
 */
export async function findCreditLimitForUpdate(
  db: Executor,
  customerId: number,
): Promise<{ creditLimitCents: number; miniLimitCents: number } | null> {
  const [row] = await db
    .select({ creditLimitCents: customers.creditLimitCents, miniLimitCents: customers.miniLimitCents })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  return row ?? null;
}

/** The limit and RTB flag a repaid loan grows (the payment module's settle, in its transaction). */
export async function updateCustomerLimit(
  db: Executor,
  customerId: number,
  values: { isRtb: boolean; creditLimitCents: number; miniLimitCents: number; updatedAt: Date },
) {
  await db.update(customers).set(values).where(eq(customers.id, customerId));
}
