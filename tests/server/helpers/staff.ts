import { randomInt } from 'node:crypto';
import type { StaffRole } from '../../../src/shared/api/roles.ts';
import { hashPassword } from '../../../src/server/auth/password.ts';
import { issueStaffSession } from '../../../src/server/auth/staff-sessions.ts';
import { encryptTotpSecret, newTotpSecret, totpCode } from '../../../src/server/auth/totp.ts';
import { collectionCompanies } from '../../../src/server/db/schema/index.ts';
import { insertStaffUser } from '../../../src/server/modules/staff/index.ts';
import type { TestApp } from './app.ts';

/**
 * Test staff: accounts inserted through the staff module's owner function, with a known password and (unless
 * `enrolled: false`) a confirmed TOTP secret, and sessions opened without the TOTP step (which has its own tests).
 */

export const STAFF_PASSWORD = 'Contraseña-de-prueba-1';

const PASSWORD_HASH = hashPassword(STAFF_PASSWORD);

export interface TestStaff {
  id: number;
  email: string;
  role: StaffRole;
  /** The TOTP secret (base32), null when not enrolled. */
  secret: string | null;
  collectionCompanyId: number | null;
  /** The code of the clock's current step. */
  code(at?: Date): string;
}

export async function createStaff(
  t: Pick<TestApp, 'db' | 'clock' | 'secrets'>,
  options: { role?: StaffRole; enrolled?: boolean; mustChangePassword?: boolean; email?: string } = {},
): Promise<TestStaff> {
  const role = options.role ?? 'cam';
  const email = options.email ?? `agente.${randomInt(0, 1_000_000_000)}@test.prestamo.local`;
  const secret = options.enrolled === false ? null : newTotpSecret();
  const company =
    role === 'collectioncompany'
      ? (await t.db.insert(collectionCompanies).values({ name: 'Recobros Test S.L.', cif: 'B00000000' }).returning())[0]
      : undefined;
  const row = await insertStaffUser(t.db, {
    email,
    fullName: 'Empleada de Prueba',
    role,
    collectionCompanyId: company?.id ?? null,
    passwordHash: await PASSWORD_HASH,
    mustChangePassword: options.mustChangePassword ?? false,
    totpSecretEnc: secret ? encryptTotpSecret(t.secrets.staffTotpKey, secret) : null,
    totpConfirmedAt: secret ? t.clock.now() : null,
  });
  return {
    id: row.id,
    email,
    role,
    secret,
    collectionCompanyId: row.collectionCompanyId,
    code: (at = t.clock.now()) => {
      if (!secret) throw new Error('not enrolled');
      return totpCode(secret, at);
    },
  };
}

export interface StaffLoggedIn {
  staff: TestStaff;
  token: string;
  /** Authorization, X-Member-ID and X-Member-Role, as the back office sends them. */
  headers: Record<string, string>;
}

/** A staff member of `role` with a live session. */
export async function staffSession(
  t: Pick<TestApp, 'db' | 'clock' | 'secrets'>,
  role: StaffRole,
  options: Parameters<typeof createStaff>[1] = {},
): Promise<StaffLoggedIn> {
  const staff = await createStaff(t, { ...options, role });
  const { token } = await issueStaffSession(t, { id: staff.id, role });
  return {
    staff,
    token,
    headers: { authorization: `Bearer ${token}`, 'x-member-id': String(staff.id), 'x-member-role': role },
  };
}
