import { eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connect.ts';
import { customers } from '../../db/schema/index.ts';
import { lockResource } from '../../db/locks.ts';
import { clearPasswordRequired } from '../customer/index.ts';
import { storePassword } from '../membership/index.ts';

/**
 * Registration SQL: the identity checks and the registration lock. The rows it creates and changes belong to other
 * modules and are written through their index.ts: the customer, its address and mobile (customer), the
 * credentials (membership), the sessions (auth/session-repository.ts), the communication permissions
 * (communication).
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

/**
 * A new PIN/password (PIN reset, update-password modal): stored (a customer without credentials gets them), the
 * failure counter back to 0 and the block lifted; passwordRequired is cleared (the customer just chose one).
 */
export async function setPassword(tx: Executor, customerId: number, passwordHash: string, at: Date): Promise<void> {
  await storePassword(tx, customerId, passwordHash, at);
  await clearPasswordRequired(tx, customerId, at);
}
