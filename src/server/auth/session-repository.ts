import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';
import { preparedRead } from '../db/prepared.ts';
import { customers, sessions } from '../db/schema/index.ts';

export async function insertSession(
  db: Executor,
  row: {
    jti: string;
    customerId: number;
    createdAt: Date;
    expiresAt: Date;
    userAgent?: string | null;
    ip?: string | null;
    readOnly?: boolean;
    morphedByStaffId?: number | null;
  },
): Promise<void> {
  await db.insert(sessions).values({ ...row, userAgent: row.userAgent ?? null, ip: row.ip ?? null });
}

/**
 * The session by its jti, with the customer's current status and role: read by every logged-in request whose row
 * is not in this instance's one-second cache, so built once (../db/prepared.ts).
 */
const sessionWithCustomer = preparedRead((db) =>
  db
    .select({
      jti: sessions.jti,
      customerId: sessions.customerId,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      readOnly: sessions.readOnly,
      status: customers.status,
      role: customers.role,
    })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(eq(sessions.jti, sql.placeholder('jti')))
    .prepare('session_with_customer'),
);

export async function findSessionWithCustomer(db: Executor, jti: string) {
  const [row] = await sessionWithCustomer(db, { jti });
  return row ?? null;
}

export async function revokeSessionRow(db: Executor, jti: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.jti, jti), isNull(sessions.revokedAt)))
    .returning({ jti: sessions.jti });
  return rows.length > 0;
}

export async function revokeCustomerSessionRows(db: Executor, customerId: number, at: Date): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.customerId, customerId), isNull(sessions.revokedAt)))
    .returning({ jti: sessions.jti });
  return rows.length;
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
