import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connect.ts';
import { credentials, customerAddresses, customers, sessions } from '../../db/schema/index.ts';
import { lockResource } from '../../db/locks.ts';

/**
 * Registration SQL: the identity checks and the new customer, its address and its mobile number (status moves
 * are the customer module's); the credentials of the PIN/password flows (the failure counter of login is the
 * membership module's): a new password, the block of a member, and ending the other sessions of a customer. Its communication permissions are written by the communication module (permissions.ts).
 */

/**
 * Serialises registrations until the transaction ends (PostgreSQL advisory lock), so two sign-ups with the same
 * DNI/NIE or e-mail at once cannot both pass the "already registered" checks (the phone also has a unique index).
 */
export async function lockRegistrations(tx: Executor): Promise<void> {
  await lockResource(tx, 'registration:identity');
}

const exists = async (db: Executor, where: SQL) =>
  (await db.select({ id: customers.id }).from(customers).where(where).limit(1)).length > 0;

export const phoneRegistered = (db: Executor, phone: string) => exists(db, eq(customers.phone, phone));
export const nationalIdRegistered = (db: Executor, nationalId: string) =>
  exists(db, eq(customers.nationalId, nationalId));
/** E-mails are stored in lower case (registration), so the index on `email` answers this. */
export const emailRegistered = (db: Executor, email: string) => exists(db, eq(customers.email, email));

export type NewCustomer = Omit<typeof customers.$inferInsert, 'id' | 'referenceCode' | 'status'>;

/** The customer reference (bank-transfer descriptions): 'PR' + 10 hex digits, unique (retried on a collision). */
const newReferenceCode = () => `PR${randomBytes(5).toString('hex').toUpperCase()}`;

/** Inserts a customer in status `new`; null when the phone was taken meanwhile (unique index). */
export async function insertNewCustomer(tx: Executor, values: NewCustomer): Promise<number | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const referenceCode = newReferenceCode();
    const taken = await exists(tx, eq(customers.referenceCode, referenceCode));
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

/** A unique-index violation (SQLSTATE 23505), from node-postgres or PGlite, possibly wrapped by Drizzle. */
function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * A new PIN/password (PIN reset, update-password modal): stored (a customer without credentials gets them), the
 * failure counter back to 0 and the block lifted; passwordRequired is cleared (the customer just chose one).
 */
export async function setPassword(tx: Executor, customerId: number, passwordHash: string, at: Date): Promise<void> {
  const values = { passwordHash, consecutiveFailures: 0, blocked: false, blockedAt: null, updatedAt: at };
  await tx
    .insert(credentials)
    .values({ customerId, ...values })
    .onConflictDoUpdate({ target: credentials.customerId, set: values });
  await tx.update(customers).set({ passwordRequired: false, updatedAt: at }).where(eq(customers.id, customerId));
}

/** Blocks the member (as 5 wrong login PINs do); true when it was not blocked before. */
export async function blockMember(db: Executor, customerId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(credentials)
    .set({ blocked: true, blockedAt: at, updatedAt: at })
    .where(and(eq(credentials.customerId, customerId), eq(credentials.blocked, false)))
    .returning({ customerId: credentials.customerId });
  return rows.length > 0;
}

/** Ends every session of the customer except `keepJti` (the one changing the password); how many ended. */
export async function revokeOtherSessions(
  db: Executor,
  customerId: number,
  keepJti: string,
  at: Date,
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.customerId, customerId), ne(sessions.jti, keepJti), isNull(sessions.revokedAt)))
    .returning({ jti: sessions.jti });
  return rows.length;
}
