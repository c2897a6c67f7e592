import type { FastifyBaseLogger } from 'fastify';
import type { ChangePasswordPayload } from '../../../shared/api/registration.ts';
import { passwordSchema } from '../../../shared/validators/password.ts';
import { hashPassword } from '../../auth/password.ts';
import { forgetSessionRows } from '../../auth/session-cache.ts';
import { revokeOtherSessions } from '../../auth/session-repository.ts';
import type { AuthenticatedCustomer } from '../../auth/sessions.ts';
import { BusinessError, HttpError } from '../../http/errors.ts';
import { findMemberById } from '../membership/index.ts';
import { setPassword } from './repository.ts';
import type { RegistrationDeps } from './service.ts';

/**
 * ChangePasswordPost (the update-password modal 'Cambiar Contraseña?', shown while passwordRequired): a new PIN/
 * password of 4–20 characters (InvalidPassword otherwise) replaces the old one and clears passwordRequired. The
 * customer's other sessions end (whoever knew the old password is logged out); this one goes on.
 *
 * Only while passwordRequired: the call asks for no old password, and sessions also start from repay links (long-lived
 * bearer links sent by SMS and e-mail), so a forwarded link must not be enough to take the account over. Once
 * set, a password is changed through the PIN reset (ForgotPinPost + ValidateAndChangePasswordPost). 403 otherwise.
 */
export async function changePassword(
  deps: RegistrationDeps,
  customer: AuthenticatedCustomer,
  body: ChangePasswordPayload,
  log: FastifyBaseLogger,
): Promise<true> {
  const parsed = passwordSchema.safeParse(body.newPassword);
  if (!parsed.success) throw new BusinessError('InvalidPassword');
  const member = await findMemberById(deps.db, customer.id);
  if (!member) throw new HttpError('Unauthorized');
  if (!member.passwordRequired) {
    log.warn({ event: 'passwordChanged', outcome: 'notRequired', customerId: member.id }, 'password change refused');
    throw new HttpError('Forbidden');
  }
  const passwordHash = await hashPassword(parsed.data);
  const now = deps.clock.now();
  const ended = await deps.db.transaction(async (tx) => {
    await setPassword(tx, member.id, passwordHash, now);
    return revokeOtherSessions(tx, member.id, customer.jti, now);
  });
  // The other sessions' rows this instance keeps answer no more (auth/session-cache.ts).
  forgetSessionRows();
  log.info(
    {
      event: 'passwordChanged',
      customerId: member.id,
      wasRequired: member.passwordRequired,
      otherSessionsEnded: ended,
    },
    'password changed',
  );
  return true;
}
