import { and, eq, isNull, lt, ne } from 'drizzle-orm';
import type { StaffRole } from '../../shared/api/roles.ts';
import type { Executor } from '../db/connect.ts';
import { staffSessions, staffUsers } from '../db/schema/index.ts';

/** The owner of `staff_sessions` (docs/backoffice.md §1): rows keyed by the SHA-256 of the opaque token. */

export async function insertStaffSession(
  db: Executor,
  row: {
    tokenHash: string;
    staffUserId: number;
    role: StaffRole;
    createdAt: Date;
    expiresAt: Date;
    ip?: string | null;
    userAgent?: string | null;
  },
): Promise<void> {
  await db
    .insert(staffSessions)
    .values({ ...row, lastSeenAt: row.createdAt, ip: row.ip ?? null, userAgent: row.userAgent ?? null });
}

/** The session with what its staff member is now: a disabled or locked account ends its sessions at once. */
export async function findStaffSession(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      tokenHash: staffSessions.tokenHash,
      staffUserId: staffSessions.staffUserId,
      role: staffSessions.role,
      lastSeenAt: staffSessions.lastSeenAt,
      expiresAt: staffSessions.expiresAt,
      revokedAt: staffSessions.revokedAt,
      email: staffUsers.email,
      fullName: staffUsers.fullName,
      currentRole: staffUsers.role,
      collectionCompanyId: staffUsers.collectionCompanyId,
      mustChangePassword: staffUsers.mustChangePassword,
      lockedAt: staffUsers.lockedAt,
      disabledAt: staffUsers.disabledAt,
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffUserId))
    .where(eq(staffSessions.tokenHash, tokenHash));
  return row ?? null;
}

/** Marks the session used at `at`, when its last mark is older than `olderThan` (one write a minute at most). */
export async function touchStaffSession(db: Executor, tokenHash: string, at: Date, olderThan: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ lastSeenAt: at })
    .where(and(eq(staffSessions.tokenHash, tokenHash), lt(staffSessions.lastSeenAt, olderThan)));
}

export async function revokeStaffSessionRow(db: Executor, tokenHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(staffSessions)
    .set({ revokedAt: at })
    .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.revokedAt)))
    .returning({ tokenHash: staffSessions.tokenHash });
  return rows.length > 0;
}

/** Ends the staff member's sessions, but `keepTokenHash` when given; how many ended. */
export async function revokeStaffSessionRows(
  db: Executor,
  staffUserId: number,
  at: Date,
  keepTokenHash?: string,
): Promise<number> {
  const rows = await db
    .update(staffSessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(staffSessions.staffUserId, staffUserId),
        isNull(staffSessions.revokedAt),
        keepTokenHash === undefined ? undefined : ne(staffSessions.tokenHash, keepTokenHash),
      ),
    )
    .returning({ tokenHash: staffSessions.tokenHash });
  return rows.length;
}
