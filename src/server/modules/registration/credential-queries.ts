import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/connect.ts';
import { credentials, customers, sessions } from '../../db/schema/index.ts';

/**
 * Credentials SQL of the PIN/password flows (the failure counter of login lives in membership/queries.ts): a new
 * password, the block of a member, and ending the other sessions of a customer.
 */

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
