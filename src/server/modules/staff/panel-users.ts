import { randomBytes } from 'node:crypto';
import type { StaffRole } from '../../../shared/api/roles.ts';
import { managesRoles, type StaffUser } from '../../../shared/api/staff.ts';
import { hashPassword } from '../../auth/password.ts';
import { forgetSessionRows } from '../../auth/session-cache.ts';
import { revokeAllStaffSessions, type AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import { staffWrite } from '../../audit/staff-write.ts';
import type { Transaction } from '../../db/connect.ts';
import { BusinessError, HttpError } from '../../http/errors.ts';
import { normalizeStaffEmail } from './login.ts';
import type { StaffUserRow } from './repository.ts';
import { STAFF_PASSWORD_LENGTH, type StaffActor, type StaffDeps } from './service.ts';
import {
  closeLoginChallenges,
  findStaffForUpdate,
  findStaffUsers,
  insertStaffUserUnlessTaken,
  isActiveCollectionCompany,
  resetStaffCredentials,
  updateStaffUser,
  type StaffUserChange,
  type StaffUserFilter,
} from './users-repository.ts';

/**
 * The administrators' calls on staff accounts (docs/backoffice.md §1): list, create (a temporary password answered
 * once), change (name, role, company, disabled, the unlock) and reset (password, maybe the authenticator app). Every
 * change is audited with the fields it changed, never a password, its hash or a TOTP secret. Administrators manage
 * agents and collection companies' users; only `alladmins` touch an administrator's or an `alladmins` account or
 * give those roles, so no administrator raises their own rights. Nobody disables, resets or re-roles themselves.
 */

/** 12 random bytes as base64url: 16 characters, 96 bits, within the staff passwords' length. */
export function newTemporaryPassword(): string {
  const password = randomBytes(12).toString('base64url');
  if (password.length < STAFF_PASSWORD_LENGTH.min || password.length > STAFF_PASSWORD_LENGTH.max)
    throw new Error('temporary password of the wrong length');
  return password;
}

export const staffUserOf = (row: StaffUserRow): StaffUser => ({
  id: row.id,
  email: row.email,
  fullName: row.fullName,
  role: row.role,
  collectionCompanyId: row.collectionCompanyId,
  locked: row.lockedAt !== null,
  disabled: row.disabledAt !== null,
  mustChangePassword: row.mustChangePassword,
  totpEnrolled: row.totpConfirmedAt !== null,
  createdAt: row.createdAt.toISOString(),
});

/** The alladmins rule: 403 `Forbidden`, as a role outside a call's list, when an administrator reaches too high. */
function requireManages(actor: AuthenticatedStaff, roles: readonly StaffRole[], log: StaffActor['request']['log']) {
  if (managesRoles(actor.role, roles)) return;
  log.warn({ event: 'staffUsers', role: actor.role, roles }, 'only alladmins manage these roles');
  throw new HttpError('Forbidden');
}

/** A `collectioncompany` user has a company, and an active one; no other role has any. */
async function requireCompanyFits(tx: Transaction, role: StaffRole, companyId: number | null, known: number | null) {
  if ((role === 'collectioncompany') !== (companyId !== null)) throw new BusinessError('StaffCompanyMismatch');
  if (companyId !== null && companyId !== known && !(await isActiveCollectionCompany(tx, companyId)))
    throw new BusinessError('CollectionCompanyNotFound');
}

/** PanelUsersGet: a page of the accounts, by name. The staff table is small: the count is exact. */
export async function listStaffUsers(
  deps: StaffDeps,
  query: StaffUserFilter & { page: number; pageSize: number },
): Promise<{ items: StaffUser[]; page: number; pageSize: number; total: number; totalCapped: boolean }> {
  const { page, pageSize, ...filter } = query;
  const { rows, total } = await findStaffUsers(deps.db, filter, { page, pageSize });
  return { items: rows.map(staffUserOf), page, pageSize, total, totalCapped: false };
}

/** PanelUserPost: the account, and its temporary password (shown once; its member changes it at the first login). */
export async function createStaffUser(
  deps: StaffDeps,
  actor: StaffActor,
  body: { email: string; fullName: string; role: StaffRole; collectionCompanyId?: number | null; reason?: string },
): Promise<{ user: StaffUser; temporaryPassword: string }> {
  requireManages(actor.staff, [body.role], actor.request.log);
  const temporaryPassword = newTemporaryPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  const companyId = body.collectionCompanyId ?? null;
  return staffWrite(deps, actor, { entityType: 'staffUser', reason: body.reason ?? null }, async (tx) => {
    await requireCompanyFits(tx, body.role, companyId, null);
    const row = await insertStaffUserUnlessTaken(tx, {
      email: normalizeStaffEmail(body.email),
      fullName: body.fullName,
      role: body.role,
      collectionCompanyId: companyId,
      passwordHash,
      createdBy: actor.staff.id,
      createdAt: deps.clock.now(),
    });
    if (!row) throw new BusinessError('StaffEmailTaken');
    const { email, fullName, role, collectionCompanyId, mustChangePassword } = row;
    return {
      before: null,
      after: { email, fullName, role, collectionCompanyId, mustChangePassword },
      entityId: row.id,
      result: { user: staffUserOf(row), temporaryPassword },
    };
  });
}

export interface StaffUserUpdate {
  fullName?: string | undefined;
  role?: StaffRole | undefined;
  collectionCompanyId?: number | null | undefined;
  disabled?: boolean | undefined;
  locked?: false | undefined;
  reason: string;
}

/** What a PUT changes, field by field: the row's change and the audit's before and after. */
function changeOf(row: StaffUserRow, body: StaffUserUpdate, companyId: number | null, at: Date) {
  const set: StaffUserChange = {};
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const note = (field: string, from: unknown, to: unknown) => {
    before[field] = from;
    after[field] = to;
  };
  const role = body.role ?? row.role;
  if (body.fullName !== undefined && body.fullName !== row.fullName) {
    set.fullName = body.fullName;
    note('fullName', row.fullName, body.fullName);
  }
  if (role !== row.role) {
    set.role = role;
    note('role', row.role, role);
  }
  if (companyId !== row.collectionCompanyId) {
    set.collectionCompanyId = companyId;
    note('collectionCompanyId', row.collectionCompanyId, companyId);
  }
  const disabled = row.disabledAt !== null;
  if (body.disabled !== undefined && body.disabled !== disabled) {
    set.disabledAt = body.disabled ? at : null;
    note('disabled', disabled, body.disabled);
  }
  if (body.locked === false && (row.lockedAt !== null || row.failedAttempts > 0)) {
    set.lockedAt = null;
    set.failedAttempts = 0;
    note('locked', row.lockedAt !== null, false);
    note('failedAttempts', row.failedAttempts, 0);
  }
  return { set, before, after, endsSessions: set.disabledAt instanceof Date || set.role !== undefined };
}

/**
 * PanelUserPut: the account as it is after the change. Disabling it or changing its role ends its sessions (its
 * member logs in again with the new role); unlocking it sets the failure count back to 0.
 */
export async function updateStaffUserAccount(
  deps: StaffDeps,
  actor: StaffActor,
  staffUserId: number,
  body: StaffUserUpdate,
): Promise<StaffUser> {
  const { staff } = actor;
  const target = { entityType: 'staffUser', entityId: staffUserId, reason: body.reason };
  const result = await staffWrite(deps, actor, target, async (tx) => {
    const row = await findStaffForUpdate(tx, staffUserId);
    if (!row) throw new BusinessError('StaffUserNotFound');
    const role = body.role ?? row.role;
    if (staffUserId === staff.id && (body.disabled === true || role !== row.role))
      throw new BusinessError('OwnStaffAccount');
    requireManages(staff, [row.role, role], actor.request.log);
    // Without a company in the body, a company user keeps theirs and any other role has none.
    const companyId =
      body.collectionCompanyId !== undefined
        ? body.collectionCompanyId
        : role === 'collectioncompany'
          ? row.collectionCompanyId
          : null;
    await requireCompanyFits(tx, role, companyId, row.collectionCompanyId);
    const now = deps.clock.now();
    const { set, before, after, endsSessions } = changeOf(row, body, companyId, now);
    const updated = Object.keys(set).length > 0 ? await updateStaffUser(tx, staffUserId, set, now) : row;
    if (endsSessions) {
      after['sessionsEnded'] = await revokeAllStaffSessions({ db: tx, clock: deps.clock }, staffUserId);
      await closeLoginChallenges(tx, staffUserId, now);
    }
    return { before, after, result: staffUserOf(updated) };
  });
  // Again after the commit: a request between the revocation and the commit may have cached the open row.
  forgetSessionRows();
  return result;
}

/**
 * ResetCamPasswordPost: a temporary password (answered once, changed at the next login), and with `resetTotp` no
 * authenticator app (enrolled again at the next login). The member's sessions and open login steps end.
 */
export async function resetStaffPassword(
  deps: StaffDeps,
  actor: StaffActor,
  body: { staffUserId: number; resetTotp: boolean; reason: string },
): Promise<{ temporaryPassword: string }> {
  const { staff } = actor;
  const { staffUserId, resetTotp, reason } = body;
  if (staffUserId === staff.id) throw new BusinessError('OwnStaffAccount');
  const temporaryPassword = newTemporaryPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  await staffWrite(deps, actor, { entityType: 'staffUser', entityId: staffUserId, reason }, async (tx) => {
    const row = await findStaffForUpdate(tx, staffUserId);
    if (!row) throw new BusinessError('StaffUserNotFound');
    requireManages(staff, [row.role], actor.request.log);
    const now = deps.clock.now();
    await resetStaffCredentials(tx, staffUserId, { passwordHash, resetTotp }, now);
    const sessionsEnded = await revokeAllStaffSessions({ db: tx, clock: deps.clock }, staffUserId);
    await closeLoginChallenges(tx, staffUserId, now);
    // That the password (and the app) were reset, never the password, its hash or the secret.
    const totpEnrolled = row.totpConfirmedAt !== null;
    return {
      before: { mustChangePassword: row.mustChangePassword, ...(resetTotp ? { totpEnrolled } : {}) },
      after: {
        mustChangePassword: true,
        passwordReset: true,
        ...(resetTotp ? { totpEnrolled: false, totpReset: true } : {}),
        sessionsEnded,
      },
      result: true,
    };
  });
  forgetSessionRows();
  return { temporaryPassword };
}
