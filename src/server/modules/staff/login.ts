import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { StaffMember } from '../../../shared/api/staff.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { sessionMetaOf } from '../../auth/session-meta.ts';
import { issueStaffSession } from '../../auth/staff-sessions.ts';
import {
  decryptTotpSecret,
  encryptTotpSecret,
  enrolment,
  groupedSecret,
  newTotpSecret,
  stepOf,
} from '../../auth/totp.ts';
import { markAudited, recordAudit } from '../../audit/staff-write.ts';
import { BusinessError } from '../../http/errors.ts';
import {
  acceptTotpStep,
  clearStaffFailures,
  findOpenChallenge,
  findStaffByEmail,
  findStaffById,
  insertLoginChallenge,
  recordStaffFailure,
  useChallenge,
  type StaffUserRow,
} from './repository.ts';
import type { StaffDeps } from './service.ts';

/**
 * The staff login (docs/backoffice.md §1): the work e-mail and password, then a TOTP code — on the first login, the
 * enrolment of an authenticator app, confirmed by its first code. Five consecutive failures, passwords and codes
 * counted together, lock the account until an administrator unlocks it; an unknown e-mail costs the same scrypt work
 * as a known one. The challenge between the two steps lives 5 minutes and is used up by the session it opens.
 */

export const MAX_STAFF_FAILURES = 5;
export const CHALLENGE_TTL_MS = 5 * 60_000;

const hashId = (id: string) => createHash('sha256').update(id).digest('base64url');

let dummyHash: Promise<string> | undefined;
const hashForUnknownStaff = () => (dummyHash ??= hashPassword(randomBytes(32).toString('base64url')));

export const normalizeStaffEmail = (email: string) => email.trim().toLowerCase();

export const staffMemberOf = (row: {
  id: number;
  email: string;
  fullName: string;
  role: StaffMember['role'];
  collectionCompanyId: number | null;
  mustChangePassword: boolean;
}): StaffMember => ({
  id: row.id,
  email: row.email,
  fullName: row.fullName,
  role: row.role,
  collectionCompanyId: row.collectionCompanyId,
  mustChangePassword: row.mustChangePassword,
});

export async function staffLogin(deps: StaffDeps, body: { email: string; password: string }, log: FastifyBaseLogger) {
  const email = normalizeStaffEmail(body.email);
  const staff = await findStaffByEmail(deps.db, email);
  const matches = await verifyPassword(body.password, staff?.passwordHash ?? (await hashForUnknownStaff()));
  const refuse = (outcome: string, error: BusinessError): never => {
    log.info({ event: 'staffLogin', outcome, staffUserId: staff?.id }, 'staff login refused');
    throw error;
  };
  if (!staff || staff.disabledAt)
    return refuse(staff ? 'disabled' : 'unknownEmail', new BusinessError('WrongCredentials'));
  if (staff.lockedAt) return refuse('locked', new BusinessError('StaffLocked'));
  if (!matches) return refuseCounted(deps, staff, 'wrongPassword', 'WrongCredentials', log);

  const now = deps.clock.now();
  const challengeId = randomBytes(32).toString('base64url');
  const enrolling = staff.totpConfirmedAt === null || staff.totpSecretEnc === null;
  const secret = enrolling ? newTotpSecret() : null;
  await insertLoginChallenge(deps.db, {
    idHash: hashId(challengeId),
    staffUserId: staff.id,
    purpose: enrolling ? 'enrol' : 'totp',
    pendingSecretEnc: secret ? encryptTotpSecret(deps.totpKey, secret) : null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  log.info(
    { event: 'staffLogin', outcome: enrolling ? 'enrol' : 'totp', staffUserId: staff.id },
    'staff password accepted',
  );
  if (!secret) return { step: 'totp' as const, challengeId, enrolment: null };
  const { uri, qrSvg } = enrolment(secret, staff.email, deps.issuer);
  return { step: 'enrol' as const, challengeId, enrolment: { otpauthUri: uri, secret: groupedSecret(secret), qrSvg } };
}

export async function staffTotp(deps: StaffDeps, body: { challengeId: string; code: string }, request: FastifyRequest) {
  const { log } = request;
  const now = deps.clock.now();
  const idHash = hashId(body.challengeId);
  const challenge = await findOpenChallenge(deps.db, idHash, now);
  const staff = challenge ? await findStaffById(deps.db, challenge.staffUserId) : null;
  if (!challenge || !staff || staff.disabledAt) {
    log.info({ event: 'staffTotp', outcome: 'challengeExpired' }, 'staff code refused');
    throw new BusinessError('ChallengeExpired');
  }
  if (staff.lockedAt) throw new BusinessError('StaffLocked');
  const secretEnc = challenge.purpose === 'enrol' ? challenge.pendingSecretEnc : staff.totpSecretEnc;
  if (!secretEnc) throw new BusinessError('ChallengeExpired');
  const step = stepOf(decryptTotpSecret(deps.totpKey, secretEnc), body.code.trim(), now);
  if (step === null) return refuseCounted(deps, staff, 'wrongCode', 'WrongTotpCode', log);

  const session = await deps.db.transaction(async (tx) => {
    const enrol = challenge.purpose === 'enrol' ? { secretEnc } : undefined;
    // A code of a step already used (replay, or a second tab) is as wrong as a mistyped one.
    if (!(await acceptTotpStep(tx, staff.id, step, now, enrol))) return null;
    if (!(await useChallenge(tx, idHash, now))) return null;
    await clearStaffFailures(tx, staff.id, now);
    const issued = await issueStaffSession(
      { db: tx, clock: deps.clock },
      { id: staff.id, role: staff.role },
      sessionMetaOf(request),
    );
    // Who opened a session, when and from where, with the enrolment of a first login.
    const enrolled = challenge.purpose === 'enrol';
    const actor = { staff: { id: staff.id, role: staff.role }, request };
    await recordAudit(
      tx,
      deps.clock,
      actor,
      { entityType: 'staffSession', entityId: staff.id },
      {
        before: null,
        after: { sessionOpened: true, ...(enrolled ? { totpEnrolled: true } : {}) },
      },
    );
    return issued;
  });
  if (!session) return refuseCounted(deps, staff, 'replayedCode', 'WrongTotpCode', log);
  markAudited(request);
  log.info(
    { event: 'staffTotp', outcome: challenge.purpose === 'enrol' ? 'enrolled' : 'loggedIn', staffUserId: staff.id },
    'staff session opened',
  );
  return {
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    idleSeconds: session.idleSeconds,
    staff: staffMemberOf(staff),
  };
}

async function refuseCounted(
  deps: StaffDeps,
  staff: StaffUserRow,
  outcome: string,
  code: 'WrongCredentials' | 'WrongTotpCode',
  log: FastifyBaseLogger,
): Promise<never> {
  const locked = await recordStaffFailure(deps.db, staff.id, deps.clock.now(), MAX_STAFF_FAILURES);
  log.info({ event: 'staffLogin', outcome, locked, staffUserId: staff.id }, 'staff login refused');
  throw new BusinessError(locked ? 'StaffLocked' : code);
}
