import type { StaffMember } from '../../../shared/api/staff.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { forgetSessionRows } from '../../auth/session-cache.ts';
import { revokeAllStaffSessions, revokeStaffSession, type AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import { staffWrite, type AuditActor } from '../../audit/staff-write.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/connect.ts';
import { BusinessError } from '../../http/errors.ts';
import { staffMemberOf } from './login.ts';
import { findStaffById, storeStaffPassword } from './repository.ts';

export interface StaffDeps {
  db: Database;
  clock: Clock;
  /** AES-256-GCM key of the TOTP secrets. */
  totpKey: Uint8Array;
  /** The issuer an authenticator app shows: the lender's brand. */
  issuer: string;
}

/** Staff passwords: 12 to 128 characters (docs/backoffice.md §1). */
export const STAFF_PASSWORD_LENGTH = { min: 12, max: 128 } as const;

export const currentStaff = (staff: AuthenticatedStaff): StaffMember => staffMemberOf(staff);

/** The session ends (audited: who left, when). */
export async function staffLogout(deps: StaffDeps, actor: StaffActor): Promise<boolean> {
  const { staff } = actor;
  await staffWrite(deps, actor, { entityType: 'staffSession', entityId: staff.id }, async (tx) => {
    const ended = await revokeStaffSession({ db: tx, clock: deps.clock }, staff.sessionId);
    return { before: null, after: { sessionEnded: ended }, result: true };
  });
  // Again after the commit: a request between the revocation and the commit may have cached the open row.
  forgetSessionRows();
  return true;
}

/** The staff member acting, with their request (the audit records who, when, from where). */
export type StaffActor = AuditActor & { staff: AuthenticatedStaff };

/** A new password: clears a pending change (an administrator's temporary one) and ends the member's other sessions. */
export async function changeStaffPassword(
  deps: StaffDeps,
  actor: StaffActor,
  body: { currentPassword: string; newPassword: string },
): Promise<boolean> {
  const { staff } = actor;
  const row = await findStaffById(deps.db, staff.id);
  if (!row || !(await verifyPassword(body.currentPassword, row.passwordHash)))
    throw new BusinessError('WrongCurrentPassword');
  const { length } = [...body.newPassword];
  if (
    length < STAFF_PASSWORD_LENGTH.min ||
    length > STAFF_PASSWORD_LENGTH.max ||
    body.newPassword === body.currentPassword
  )
    throw new BusinessError('WeakPassword');
  const passwordHash = await hashPassword(body.newPassword);
  await staffWrite(deps, actor, { entityType: 'staffUser', entityId: staff.id }, async (tx) => {
    await storeStaffPassword(tx, staff.id, passwordHash, false, deps.clock.now());
    const sessionsEnded = await revokeAllStaffSessions({ db: tx, clock: deps.clock }, staff.id, staff.sessionId);
    // The hashes never enter the trail: only that the password changed and what followed.
    return {
      before: { mustChangePassword: row.mustChangePassword },
      after: { mustChangePassword: false, passwordChanged: true, otherSessionsEnded: sessionsEnded },
      result: true,
    };
  });
  forgetSessionRows();
  return true;
}
