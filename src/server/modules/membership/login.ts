import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { apiErrorOf } from '../../../shared/api/errors.ts';
import type { ApiError as ApiErrorItem, ErrorResponse } from '../../../shared/api/define.ts';
import type { Session } from '../../../shared/api/customer-schemas.ts';
import type { LoginPayload } from '../../../shared/api/membership.ts';
import { ONE_TIME_CODE } from '../../../shared/constants.ts';
import { CUSTOMER_ROLE, isCustomerStatus, mustLogOutStatus } from '../../../shared/statuses.ts';
import { hashPassword, needsRehash, verifyPassword } from '../../auth/password.ts';
import { maskPhone } from '../../auth/phone-mask.ts';
import type { SessionMeta } from '../../auth/session-meta.ts';
import { issueSession, revokeAllSessions } from '../../auth/sessions.ts';
import { BusinessError } from '../../http/errors.ts';
import { nationalMobileOrThrow } from '../customer/index.ts';
import { customerDetailsOf } from './member-details.ts';
import type { MembershipDeps } from './service.ts';
import { findMemberByPhone, recordPinFailure, recordPinSuccess, type MemberRow } from './repository.ts';

/**
 * LoginPost: phone and PIN/password. Hardened as the architecture's §7 asks: the 5th consecutive wrong PIN blocks
 * the member (PSD2 RTS art. 4(3)(b)) until a PIN reset, a correct PIN resets the counter, and every attempt does
 * the same scrypt work whether or not the phone exists, so the answer time does not tell which phones do.
 */

/** Consecutive wrong PINs that block the member (the same limit as the one-time SMS codes). */
export const MAX_CONSECUTIVE_PIN_FAILURES = ONE_TIME_CODE.maxConsecutiveFailures;

/** Only customers log in to the customer area. */
/** What the session row records about the device (user agent, IP). */
export type LoginMeta = SessionMeta;

/**
 * A wrong PIN: WrongPasswordException (the dialog's title and message, with the attempts left) followed by the
 * item the client shows on the password field after 200 ms: PinNotValidLastAttempt when one attempt remains,
 * PinNotValidWithRemainingAttemptCount otherwise.
 */
export class WrongPinError extends BusinessError {
  readonly fieldError: ApiErrorItem;

  constructor(readonly remaining: number) {
    super('WrongPasswordException', { remaining });
    this.fieldError =
      remaining === 1
        ? apiErrorOf('PinNotValidLastAttempt')
        : apiErrorOf('PinNotValidWithRemainingAttemptCount', { remaining });
  }

  override toResponse(): ErrorResponse {
    return { errors: [...super.toResponse().errors, this.fieldError] };
  }
}

/** A hash of a random secret, verified against when the phone has no PIN: same cost, never a match. */
let dummyHash: Promise<string> | undefined;
const hashForUnknownMember = () => (dummyHash ??= hashPassword(randomBytes(32).toString('base64url')));

export async function login(
  deps: MembershipDeps,
  payload: LoginPayload,
  meta: LoginMeta,
  log: FastifyBaseLogger,
): Promise<Session> {
  const phone = nationalMobileOrThrow(payload.countryCode, payload.phoneNumber);
  const member = await findMemberByPhone(deps.db, phone);
  const pinMatches = await verifyPassword(payload.password, member?.passwordHash ?? (await hashForUnknownMember()));
  const refuse = (reason: string, error: BusinessError): never => {
    log.info({ event: 'login', outcome: reason, customerId: member?.id, phone: maskPhone(phone) }, 'login refused');
    throw error;
  };

  if (!member) return refuse('unknownPhone', new BusinessError('CustomerNotFound'));
  if (member.role !== CUSTOMER_ROLE) return refuse('notACustomer', new BusinessError('MemberNotFoundException'));
  if (isCustomerStatus(member.status) && mustLogOutStatus(member.status))
    return refuse('closedStatus', new BusinessError('CustomerAlreadyRegistered'));
  if (member.passwordHash === null)
    return refuse('noPin', new BusinessError('MemberNotAllowedToLoginWithPasswordException'));
  if (member.blocked) return refuse('blocked', new BusinessError('MemberBlocked'));
  if (!pinMatches) return wrongPin(deps, member, log);

  const rehashed = needsRehash(member.passwordHash) ? await hashPassword(payload.password) : undefined;
  if (!(await recordPinSuccess(deps.db, member.id, deps.clock.now(), rehashed)))
    return refuse('blocked', new BusinessError('MemberBlocked'));
  const session = await issueSession(deps, { id: member.id, role: member.role }, meta);
  log.info(
    { event: 'login', outcome: 'success', customerId: member.id, rememberMe: payload.rememberMe },
    'login succeeded',
  );
  return { token: session.token, customerDetails: customerDetailsOf(member) };
}

/** Count the failure; the last allowed one blocks the member and ends every session it has. */
async function wrongPin(deps: MembershipDeps, member: MemberRow, log: FastifyBaseLogger): Promise<never> {
  const now = deps.clock.now();
  const counted = await recordPinFailure(deps.db, member.id, MAX_CONSECUTIVE_PIN_FAILURES, now);
  if (!counted || counted.blocked) {
    if (counted?.blocked) {
      const ended = await revokeAllSessions(deps, member.id);
      log.warn(
        { event: 'login', outcome: 'blocked', customerId: member.id, failures: counted.consecutiveFailures, ended },
        'member blocked after consecutive wrong PINs',
      );
    }
    throw new BusinessError('MemberBlocked');
  }
  const remaining = MAX_CONSECUTIVE_PIN_FAILURES - counted.consecutiveFailures;
  log.info(
    { event: 'login', outcome: 'wrongPin', customerId: member.id, failures: counted.consecutiveFailures, remaining },
    'login refused',
  );
  throw new WrongPinError(remaining);
}
