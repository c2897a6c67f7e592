import type { FastifyBaseLogger } from 'fastify';
import { MAX_CODE_ATTEMPTS } from '../../auth/one-time-codes.ts';
import { revokeAllSessions, type SessionDeps } from '../../auth/sessions.ts';
import { BusinessError } from '../../http/errors.ts';
import { blockMember, recordPinFailure } from '../membership/index.ts';

/**
 * Wrong one-time codes and what they cost. The answer names the attempts left (PinNotValidWithRemainingAttemptCount,
 * or PinNotValidLastAttempt when one is left); the 5th consecutive failure blocks the member — the same block as
 * 5 wrong login PINs (credentials.blocked): every session ends, login answers MemberBlocked, and only a PIN reset
 * lifts it.
 */

export function pinNotValidError(remaining: number): BusinessError {
  return remaining === 1
    ? new BusinessError('PinNotValidLastAttempt')
    : new BusinessError('PinNotValidWithRemainingAttemptCount', { remaining });
}

type FailureDeps = Pick<SessionDeps, 'db' | 'clock'>;

/** Blocks the member and ends its sessions; the MemberBlocked to throw. */
export async function blockForFailures(
  deps: FailureDeps,
  customerId: number,
  log: FastifyBaseLogger,
  context: Record<string, unknown>,
): Promise<BusinessError> {
  const newlyBlocked = await blockMember(deps.db, customerId, deps.clock.now());
  const ended = await revokeAllSessions(deps, customerId);
  log.warn({ ...context, customerId, outcome: 'blocked', newlyBlocked, ended }, 'member blocked after wrong codes');
  return new BusinessError('MemberBlocked');
}

/**
 * A wrong registration code counts on the member's consecutive-failure counter, shared with login (so switching
 * between the login PIN and the SMS code, or asking for new codes, never resets it). Without credentials (never
 * the case after LightRegisterPost) the code's own attempts count.
 */
export async function wrongRegistrationCode(
  deps: FailureDeps,
  member: { id: number; hasCredentials: boolean },
  codeAttempts: number,
  log: FastifyBaseLogger,
): Promise<BusinessError> {
  const context = { event: 'pinValidate', customerId: member.id };
  if (!member.hasCredentials) {
    const remaining = MAX_CODE_ATTEMPTS - codeAttempts;
    if (remaining <= 0) return blockForFailures(deps, member.id, log, context);
    log.info({ ...context, outcome: 'wrongCode', attempts: codeAttempts, remaining }, 'registration code refused');
    return pinNotValidError(remaining);
  }
  const counted = await recordPinFailure(deps.db, member.id, MAX_CODE_ATTEMPTS, deps.clock.now());
  if (!counted) return new BusinessError('MemberBlocked');
  if (counted.blocked) return blockForFailures(deps, member.id, log, context);
  const remaining = MAX_CODE_ATTEMPTS - counted.consecutiveFailures;
  log.info(
    { ...context, outcome: 'wrongCode', failures: counted.consecutiveFailures, remaining },
    'registration code refused',
  );
  return pinNotValidError(remaining);
}
