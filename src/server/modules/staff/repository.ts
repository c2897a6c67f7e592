import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { StaffRole } from '../../../shared/api/roles.ts';
import type { Executor } from '../../db/connect.ts';
import { staffLoginChallenges, staffUsers } from '../../db/schema/index.ts';

/** The owner of `staff_users`, `staff_login_challenges` and `collection_companies`. */

export type StaffUserRow = typeof staffUsers.$inferSelect;

export async function insertStaffUser(
  db: Executor,
  row: {
    email: string;
    fullName: string;
    role: StaffRole;
    collectionCompanyId?: number | null;
    passwordHash: string;
    mustChangePassword: boolean;
    totpSecretEnc?: string | null;
    totpConfirmedAt?: Date | null;
    createdBy?: number | null;
  },
): Promise<StaffUserRow> {
  const [inserted] = await db.insert(staffUsers).values(row).returning();
  if (!inserted) throw new Error('staff user insert returned nothing');
  return inserted;
}

export async function findStaffByEmail(db: Executor, email: string): Promise<StaffUserRow | null> {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.email, email));
  return row ?? null;
}

export async function findStaffById(db: Executor, id: number): Promise<StaffUserRow | null> {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, id));
  return row ?? null;
}

/** One more failed password or code; the `max`-th locks the account. Answers whether it is now locked. */
export async function recordStaffFailure(db: Executor, id: number, at: Date, max: number): Promise<boolean> {
  const [row] = await db
    .update(staffUsers)
    .set({
      failedAttempts: sql`${staffUsers.failedAttempts} + 1`,
      lockedAt: sql`CASE WHEN ${staffUsers.failedAttempts} + 1 >= ${max} THEN coalesce(${staffUsers.lockedAt}, ${at.toISOString()}::timestamptz) ELSE ${staffUsers.lockedAt} END`,
      updatedAt: at,
    })
    .where(eq(staffUsers.id, id))
    .returning({ lockedAt: staffUsers.lockedAt });
  return Boolean(row?.lockedAt);
}

export async function clearStaffFailures(db: Executor, id: number, at: Date): Promise<void> {
  await db.update(staffUsers).set({ failedAttempts: 0, updatedAt: at }).where(eq(staffUsers.id, id));
}

/**
 * Accepts the code of time step `step` if no code of this or a later step was accepted before: one guarded
 * statement, so a code works once even when two instances check it at the same moment. For an enrolment, the
 * secret is confirmed in the same statement (only while none is).
 */
export async function acceptTotpStep(
  db: Executor,
  id: number,
  step: number,
  at: Date,
  enrol?: { secretEnc: string },
): Promise<boolean> {
  const notReplayed = or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step));
  const rows = await db
    .update(staffUsers)
    .set({
      totpLastStep: step,
      updatedAt: at,
      ...(enrol ? { totpSecretEnc: enrol.secretEnc, totpConfirmedAt: at } : {}),
    })
    .where(and(eq(staffUsers.id, id), notReplayed, enrol ? isNull(staffUsers.totpConfirmedAt) : undefined))
    .returning({ id: staffUsers.id });
  return rows.length > 0;
}

export async function storeStaffPassword(
  db: Executor,
  id: number,
  passwordHash: string,
  mustChangePassword: boolean,
  at: Date,
): Promise<void> {
  await db.update(staffUsers).set({ passwordHash, mustChangePassword, updatedAt: at }).where(eq(staffUsers.id, id));
}

export async function insertLoginChallenge(
  db: Executor,
  row: {
    idHash: string;
    staffUserId: number;
    purpose: 'totp' | 'enrol';
    pendingSecretEnc: string | null;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(staffLoginChallenges).values(row);
}

/** A challenge still open at `at` (unused, not expired), or null. */
export async function findOpenChallenge(db: Executor, idHash: string, at: Date) {
  const [row] = await db
    .select()
    .from(staffLoginChallenges)
    .where(
      and(
        eq(staffLoginChallenges.idHash, idHash),
        isNull(staffLoginChallenges.usedAt),
        gt(staffLoginChallenges.expiresAt, at),
      ),
    );
  return row ?? null;
}

/** Uses the challenge up; false when it was used meanwhile (a second request with the same code). */
export async function useChallenge(db: Executor, idHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(staffLoginChallenges)
    .set({ usedAt: at })
    .where(and(eq(staffLoginChallenges.idHash, idHash), isNull(staffLoginChallenges.usedAt)))
    .returning({ idHash: staffLoginChallenges.idHash });
  return rows.length > 0;
}
