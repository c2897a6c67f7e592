import { and, asc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { StaffRole } from '../../../shared/api/roles.ts';
import type { Executor } from '../../db/connect.ts';
import { collectionCompanies, staffLoginChallenges, staffUsers } from '../../db/schema/index.ts';
import type { StaffUserRow } from './repository.ts';

/**
 * The staff accounts as the administrators manage them (docs/backoffice.md §1): the list and its filters, the
 * agents and companies to pick from, creation, change and reset. Part of the owner of `staff_users` and
 * `collection_companies` (./repository.ts holds the login's statements).
 */

export interface StaffUserFilter {
  role?: StaffRole | undefined;
  /** Part of the e-mail or of the name, any case. */
  q?: string | undefined;
  status?: 'active' | 'locked' | 'disabled' | undefined;
}

/** `%`, `_` and `\` typed in a search are searched for, not wildcards. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function whereOf(filter: StaffUserFilter): SQL | undefined {
  const { role, q, status } = filter;
  return and(
    role === undefined ? undefined : eq(staffUsers.role, role),
    q === undefined ? undefined : or(ilike(staffUsers.email, containing(q)), ilike(staffUsers.fullName, containing(q))),
    status === 'active' ? and(isNull(staffUsers.disabledAt), isNull(staffUsers.lockedAt)) : undefined,
    status === 'locked' ? and(isNull(staffUsers.disabledAt), isNotNull(staffUsers.lockedAt)) : undefined,
    status === 'disabled' ? isNotNull(staffUsers.disabledAt) : undefined,
  );
}

/** One page of the accounts that match, by name (ties by id), and how many match. */
export async function findStaffUsers(
  db: Executor,
  filter: StaffUserFilter,
  page: { page: number; pageSize: number },
): Promise<{ rows: StaffUserRow[]; total: number }> {
  const where = whereOf(filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(staffUsers)
      .where(where)
      .orderBy(asc(staffUsers.fullName), asc(staffUsers.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(staffUsers)
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The agents not disabled, by name: who a to-do or a complaint can be given to. */
export async function findActiveCams(db: Executor): Promise<{ id: number; fullName: string }[]> {
  return db
    .select({ id: staffUsers.id, fullName: staffUsers.fullName })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'cam'), isNull(staffUsers.disabledAt)))
    .orderBy(asc(staffUsers.fullName), asc(staffUsers.id));
}

/** True for an agent or administrator not disabled: who may hold a to-do or call hours. */
export async function isActiveCamOrAdmin(db: Executor, staffId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(
      and(
        eq(staffUsers.id, staffId),
        inArray(staffUsers.role, ['cam', 'administrator', 'alladmins']),
        isNull(staffUsers.disabledAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function findCollectionCompanies(db: Executor) {
  return db
    .select({
      id: collectionCompanies.id,
      name: collectionCompanies.name,
      cif: collectionCompanies.cif,
      active: collectionCompanies.active,
    })
    .from(collectionCompanies)
    .orderBy(asc(collectionCompanies.name), asc(collectionCompanies.id));
}

export async function isActiveCollectionCompany(db: Executor, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: collectionCompanies.id })
    .from(collectionCompanies)
    .where(and(eq(collectionCompanies.id, id), eq(collectionCompanies.active, true)));
  return row !== undefined;
}

/** A new account, or null when its e-mail is taken (the unique index decides, between instances too). */
export async function insertStaffUserUnlessTaken(
  db: Executor,
  row: {
    email: string;
    fullName: string;
    role: StaffRole;
    collectionCompanyId: number | null;
    passwordHash: string;
    createdBy: number;
    createdAt: Date;
  },
): Promise<StaffUserRow | null> {
  const [inserted] = await db
    .insert(staffUsers)
    .values({ ...row, mustChangePassword: true, updatedAt: row.createdAt })
    .onConflictDoNothing({ target: staffUsers.email })
    .returning();
  return inserted ?? null;
}

/** The row locked for the rest of the transaction (a change reads what it changes). */
export async function findStaffForUpdate(db: Executor, id: number): Promise<StaffUserRow | null> {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, id)).for('update');
  return row ?? null;
}

export interface StaffUserChange {
  fullName?: string;
  role?: StaffRole;
  collectionCompanyId?: number | null;
  disabledAt?: Date | null;
  /** Only ever cleared (the unlock), with the failure count. */
  lockedAt?: null;
  failedAttempts?: 0;
}

export async function updateStaffUser(
  db: Executor,
  id: number,
  change: StaffUserChange,
  at: Date,
): Promise<StaffUserRow> {
  const [row] = await db
    .update(staffUsers)
    .set({ ...change, updatedAt: at })
    .where(eq(staffUsers.id, id))
    .returning();
  if (!row) throw new Error(`staff user ${id} vanished while it changed`);
  return row;
}

/**
 * A temporary password to change at the next login; with `resetTotp`, no authenticator app any more (enrolled again
 * at the next login, the replay guard with it).
 */
export async function resetStaffCredentials(
  db: Executor,
  id: number,
  reset: { passwordHash: string; resetTotp: boolean },
  at: Date,
): Promise<void> {
  await db
    .update(staffUsers)
    .set({
      passwordHash: reset.passwordHash,
      mustChangePassword: true,
      updatedAt: at,
      ...(reset.resetTotp ? { totpSecretEnc: null, totpConfirmedAt: null, totpLastStep: null } : {}),
    })
    .where(eq(staffUsers.id, id));
}

/** Uses up the member's open login challenges: a password step taken before a reset or a disabling leads nowhere. */
export async function closeLoginChallenges(db: Executor, staffUserId: number, at: Date): Promise<number> {
  const rows = await db
    .update(staffLoginChallenges)
    .set({ usedAt: at })
    .where(and(eq(staffLoginChallenges.staffUserId, staffUserId), isNull(staffLoginChallenges.usedAt)))
    .returning({ idHash: staffLoginChallenges.idHash });
  return rows.length;
}
