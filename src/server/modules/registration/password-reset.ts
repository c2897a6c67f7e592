import type { FastifyBaseLogger } from 'fastify';
import type { Session } from '../../../shared/api/customer-schemas.ts';
import type { ForgotPinPayload, ResetPasswordPayload } from '../../../shared/api/registration.ts';
import { CUSTOMER_ROLE, isCustomerStatus, mustLogOutStatus } from '../../../shared/statuses.ts';
import { passwordSchema } from '../../../shared/validators/password.ts';
import { checkOneTimeCode, MAX_CODE_ATTEMPTS } from '../../auth/one-time-codes.ts';
import { hashPassword } from '../../auth/password.ts';
import type { SessionMeta } from '../../auth/session-meta.ts';
import { issueSession, revokeAllSessions } from '../../auth/sessions.ts';
import { BusinessError, HttpError } from '../../http/errors.ts';
import { nationalMobileOrThrow } from '../customer/index.ts';
import { revokeRepayTokens } from '../links/index.ts';
import { customerDetailsOf, findMemberById, findMemberByPhone, type MemberRow } from '../membership/index.ts';
import { sendCodeSms } from './code-sms.ts';
import { setPassword } from './repository.ts';
import type { RegistrationDeps } from './service.ts';
import { blockForFailures, pinNotValidError } from './pin-failures.ts';

/**
 * Forgot PIN and reset (first document §4, §8). ForgotPinPost sends a 4-digit reset PIN by SMS (60-second resend
 * rule, at most 5 a day per phone); ValidateAndChangePasswordPost checks it, sets the new PIN/password, lifts the
 * block, ends every earlier session and starts a new one.
 *
 * What the answers reveal is what the spec's screens need and no more: an unknown phone answers CustomerNotFound
 * (shown on the phone field, as §8 says; the public phone check tells the same); a staff member or a closed/none
 * customer MemberNotFoundException (no customer area to reset). Any other customer gets `true`, whatever its
 * status, block or credentials (a customer without a PIN yet uses this flow to get one).
 *
 * The reset PIN works while the member is blocked (it is the way out of the block). Each reset PIN allows 5 wrong
 * attempts; the 5th blocks the member (login too) and ends its sessions, and the spent PIN answers MemberBlocked
 * even when right. A new reset PIN starts again; the daily cap bounds guessing to 25 attempts a day per phone.
 */

async function resettableMember(deps: RegistrationDeps, countryCode: string, mobilePhone: string) {
  const phone = nationalMobileOrThrow(countryCode, mobilePhone);
  const member = await findMemberByPhone(deps.db, phone);
  if (!member) throw new BusinessError('CustomerNotFound');
  const closed = isCustomerStatus(member.status) && mustLogOutStatus(member.status);
  if (member.role !== CUSTOMER_ROLE || closed) throw new BusinessError('MemberNotFoundException');
  return { phone, member };
}

/** ForgotPinPost (also "No he recibido el PIN" on the reset page). */
export async function requestPasswordReset(
  deps: RegistrationDeps,
  body: ForgotPinPayload,
  log: FastifyBaseLogger,
): Promise<true> {
  const { phone, member } = await resettableMember(deps, body.countryCode, body.mobilePhone);
  await sendCodeSms(deps, { phone, purpose: 'resetPassword', smsPurpose: 'resetPin', customerId: member.id }, log);
  return true;
}

/** The new password's rules come before the PIN, so a typo in them never spends a PIN attempt. */
function newPasswordOf(body: ResetPasswordPayload): string {
  const parsed = passwordSchema.safeParse(body.password);
  if (!parsed.success) throw new BusinessError('InvalidPassword');
  if (body.password2 !== parsed.data) throw new BusinessError('PasswordsDoNotMatch');
  return parsed.data;
}

/** ValidateAndChangePasswordPost: `{ token, customerDetails }` of a new session. */
export async function resetPassword(
  deps: RegistrationDeps,
  body: ResetPasswordPayload,
  meta: SessionMeta,
  log: FastifyBaseLogger,
): Promise<Session> {
  const { phone, member } = await resettableMember(deps, body.countryCode, body.mobilePhone);
  const passwordHash = await hashPassword(newPasswordOf(body));
  const now = deps.clock.now();
  const check = await deps.db.transaction(async (tx) => {
    const result = await checkOneTimeCode({ ...deps, db: tx }, phone, 'resetPassword', body.pin);
    if (result.outcome === 'valid') await setPassword(tx, member.id, passwordHash, now);
    return result;
  });
  const context = { event: 'passwordReset', customerId: member.id };

  switch (check.outcome) {
    case 'valid':
      return startAfterReset(deps, member, meta, log, check.codeId);
    case 'wrong': {
      const remaining = MAX_CODE_ATTEMPTS - check.attempts;
      if (remaining <= 0) throw await blockForFailures(deps, member.id, log, context);
      log.info({ ...context, outcome: 'wrongPin', attempts: check.attempts, remaining }, 'reset PIN refused');
      throw pinNotValidError(remaining);
    }
    default:
      log.info({ ...context, outcome: check.outcome }, 'reset PIN refused');
      throw new BusinessError(
        check.outcome === 'exhausted' ? 'MemberBlocked' : check.outcome === 'expired' ? 'PinExpired' : 'PinNotValid',
      );
  }
}

async function startAfterReset(
  deps: RegistrationDeps,
  member: MemberRow,
  meta: SessionMeta,
  log: FastifyBaseLogger,
  codeId: number,
): Promise<Session> {
  // A reset is what a customer does when the account may be compromised: every earlier session and every repay link
  // sent so far (long-lived bearer logins) stop working.
  const ended = await revokeAllSessions(deps, member.id);
  const linksRevoked = await revokeRepayTokens(deps.db, { customerId: member.id }, deps.clock.now());
  const session = await issueSession(deps, { id: member.id, role: member.role }, meta);
  log.info(
    {
      event: 'passwordReset',
      outcome: 'success',
      customerId: member.id,
      codeId,
      wasBlocked: Boolean(member.blocked),
      ended,
      linksRevoked,
    },
    'password reset',
  );
  const updated = await findMemberById(deps.db, member.id);
  if (!updated) throw new HttpError('InternalError');
  return { token: session.token, customerDetails: customerDetailsOf(updated) };
}
