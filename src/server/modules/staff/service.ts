import type { StaffMember } from '../../../shared/api/staff.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { revokeAllStaffSessions, revokeStaffSession, type AuthenticatedStaff } from '../../auth/staff-sessions.ts';
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

export async function staffLogout(deps: StaffDeps, staff: AuthenticatedStaff): Promise<boolean> {
  await revokeStaffSession(deps, staff.sessionId);
  return true;
}

/** A new password: clears a pending change (an administrator's temporary one) and ends the member's other sessions. */
export async function changeStaffPassword(
  deps: StaffDeps,
  staff: AuthenticatedStaff,
  body: { currentPassword: string; newPassword: string },
): Promise<boolean> {
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
  await storeStaffPassword(deps.db, staff.id, await hashPassword(body.newPassword), false, deps.clock.now());
  await revokeAllStaffSessions(deps, staff.id, staff.sessionId);
  return true;
}
