import type { FastifyBaseLogger } from 'fastify';
import type { ChangePasswordPayload } from '../../../shared/api/membership.ts';
import { passwordSchema } from '../../../shared/validators/password.ts';
import { hashPassword } from '../../auth/password.ts';
import type { AuthenticatedCustomer } from '../../auth/sessions.ts';
import { BusinessError, HttpError } from '../../http/errors.ts';
import { findMemberById } from '../membership/queries.ts';
import { revokeOtherSessions, setPassword } from './credential-queries.ts';
import type { RegistrationDeps } from './deps.ts';

/**
 * ChangePasswordPost (the update-password modal 'Cambiar Contraseña?', shown while passwordRequired): a new PIN/
 * password of 4–20 characters (InvalidPassword otherwise) replaces the old one and clears passwordRequired. The
 * customer's other sessions end (whoever knew the old password is logged out); this one goes on.
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
  const passwordHash = await hashPassword(parsed.data);
  const now = deps.clock.now();
  const ended = await deps.db.transaction(async (tx) => {
    await setPassword(tx, member.id, passwordHash, now);
    return revokeOtherSessions(tx, member.id, customer.jti, now);
  });
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
