import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { errorCodes, formatErrorMessage } from '../../shared/api/errors.ts';
import { ONE_TIME_CODE, PIN_RESEND_WAIT_MS } from '../../shared/constants.ts';
import { oneTimeCodeSchema, resetPinSchema } from '../../shared/validators/password.ts';
import type { Clock } from '../clock.ts';
import type { Executor } from '../db/connect.ts';
import { ApiError, HttpError } from '../http/errors.ts';
import {
  consumeCode,
  countCodesSince,
  countWrongAttempt,
  deleteCode,
  expireLiveCodes,
  findLatestCode,
  insertCode,
  lockCodesOf,
} from './one-time-code-repository.ts';

/**
 * One-time SMS codes (architecture §7): drawn from a CSPRNG, stored as an HMAC-SHA256 under a server key (never in
 * clear), single use, a 10-minute life, bound to the phone AND the purpose (both are inside the MAC, and rows are
 * looked up by them), and a new code of a phone and purpose ends the previous one. At most
 * `ONE_TIME_CODE.maxConsecutiveFailures` wrong attempts per code. A new code is refused before
 * `PIN_RESEND_WAIT_MS` (60 s) since the last one (PinRequestTooSoon with the seconds left and Retry-After), and
 * beyond `DAILY_CODES[purpose]` codes a day per phone (429), which bounds guessing and SMS costs across instances.
 */

/**
 * registration: the 4-character code that confirms the mobile; resetPassword: the 4-digit reset PIN; handover: the
 * 4-character code that opens an introduction an agent prepared (docs/backoffice.md §5).
 */
export type OneTimeCodePurpose = 'registration' | 'resetPassword' | 'handover';

/**
 * Registration codes: 4 characters of upper-case letters and digits without the look-alikes 0/O and 1/I (32
 * symbols, 2^20 codes); the customer may type them in lower case. Reset PINs: 4 digits, as the spec says.
 */
const ALPHABETS: Readonly<Record<OneTimeCodePurpose, string>> = {
  registration: 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789',
  resetPassword: '0123456789',
  handover: 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789',
};
const CODE_LENGTH = 4;

/** Codes a phone may receive per purpose in 24 hours (whatever the instance). */
export const DAILY_CODES: Readonly<Record<OneTimeCodePurpose, number>> = {
  registration: 10,
  resetPassword: 5,
  handover: 5,
};
const DAY_MS = 24 * 60 * 60 * 1000;

export const MAX_CODE_ATTEMPTS = ONE_TIME_CODE.maxConsecutiveFailures;

export interface OneTimeCodeDeps {
  db: Executor;
  clock: Clock;
  /** HMAC key of the stored codes (auth/derived-keys.ts, purpose 'one-time-codes'). */
  codeKey: Uint8Array;
}

export function generateCode(purpose: OneTimeCodePurpose): string {
  const alphabet = ALPHABETS[purpose];
  return Array.from({ length: CODE_LENGTH }, () => alphabet.charAt(randomInt(alphabet.length))).join('');
}

/** The code as the customer typed it, in its stored form (trimmed, upper case), or null when it cannot be one. */
export function normalizeCode(purpose: OneTimeCodePurpose, typed: string): string | null {
  const schema = purpose === 'resetPassword' ? resetPinSchema : oneTimeCodeSchema;
  const parsed = schema.safeParse(typed);
  return parsed.success ? parsed.data.toUpperCase() : null;
}

export function hashCode(key: Uint8Array, phone: string, purpose: OneTimeCodePurpose, code: string): string {
  return createHmac('sha256', key).update(`${purpose}\n${phone}\n${code}`).digest('base64url');
}

const sameHash = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** PinRequestTooSoon with the seconds left, in the message and in Retry-After. */
export function pinRequestTooSoon(secondsLeft: number): ApiError {
  const { value, status, title, message } = errorCodes.PinRequestTooSoon;
  return new ApiError(
    'PinRequestTooSoon',
    value,
    status,
    title,
    formatErrorMessage(message, { seconds: secondsLeft }),
    {
      'retry-after': String(secondsLeft),
    },
  );
}

export interface IssuedCode {
  id: number;
  /** The clear code, to put in the SMS only: never logged, never stored. */
  code: string;
  expiresAt: Date;
}

/**
 * A new code for the phone and purpose; the previous live one stops working. `waitForResend: false` skips the
 * 60-second rule (the first code of a registration); the daily cap always applies.
 */
export async function issueOneTimeCode(
  deps: OneTimeCodeDeps,
  phone: string,
  purpose: OneTimeCodePurpose,
  { waitForResend = true }: { waitForResend?: boolean } = {},
): Promise<IssuedCode> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await lockCodesOf(tx, phone, purpose);
    const latest = await findLatestCode(tx, phone, purpose);
    const waited = latest ? now.getTime() - latest.createdAt.getTime() : Infinity;
    if (waitForResend && waited < PIN_RESEND_WAIT_MS) {
      throw pinRequestTooSoon(Math.ceil((PIN_RESEND_WAIT_MS - waited) / 1000));
    }
    const today = await countCodesSince(tx, phone, purpose, new Date(now.getTime() - DAY_MS));
    if (today.count >= DAILY_CODES[purpose]) {
      const freeAt = (today.oldest?.getTime() ?? now.getTime()) + DAY_MS;
      const seconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
      throw new HttpError('TooManyRequests', undefined, { 'retry-after': String(seconds) });
    }
    await expireLiveCodes(tx, phone, purpose, now);
    const code = generateCode(purpose);
    const expiresAt = new Date(now.getTime() + ONE_TIME_CODE.lifetimeMs);
    const id = await insertCode(tx, {
      phone,
      purpose,
      codeHash: hashCode(deps.codeKey, phone, purpose, code),
      createdAt: now,
      expiresAt,
    });
    return { id, code, expiresAt };
  });
}

/** Takes back a code whose SMS could not be sent, so the customer may ask again at once. */
export const withdrawOneTimeCode = (deps: Pick<OneTimeCodeDeps, 'db'>, id: number) => deleteCode(deps.db, id);

/** Ends the live codes of a phone and purpose (the mobile number changed). */
export const endOneTimeCodes = (
  deps: Pick<OneTimeCodeDeps, 'db' | 'clock'>,
  phone: string,
  purpose: OneTimeCodePurpose,
) => expireLiveCodes(deps.db, phone, purpose, deps.clock.now());

/**
 * What a typed code is worth: `valid` (and now used), `wrong` (counted: `attempts` on this code so far),
 * `malformed` (cannot be a code: not counted), `none` (no live code: never sent, used, or replaced), `expired`,
 * `exhausted` (its wrong attempts are used up).
 */
export type CodeCheck =
  | { outcome: 'valid'; codeId: number }
  | { outcome: 'wrong'; codeId: number; attempts: number }
  | { outcome: 'malformed' | 'none' | 'expired' | 'exhausted' };

/**
 * Checks `typed` against the live code of the phone and purpose. Run it inside the transaction that acts on a valid
 * code (`db` is that transaction), so using the code and its effect commit together; a wrong attempt is counted in
 * the same transaction, so the caller must commit before it answers the refusal.
 */
export async function checkOneTimeCode(
  deps: OneTimeCodeDeps,
  phone: string,
  purpose: OneTimeCodePurpose,
  typed: string,
): Promise<CodeCheck> {
  const code = normalizeCode(purpose, typed);
  if (code === null) return { outcome: 'malformed' };
  const now = deps.clock.now();
  await lockCodesOf(deps.db, phone, purpose);
  const latest = await findLatestCode(deps.db, phone, purpose);
  if (!latest || latest.usedAt) return { outcome: 'none' };
  if (latest.attempts >= MAX_CODE_ATTEMPTS) return { outcome: 'exhausted' };
  if (latest.expiresAt.getTime() <= now.getTime()) return { outcome: 'expired' };
  if (sameHash(hashCode(deps.codeKey, phone, purpose, code), latest.codeHash)) {
    return (await consumeCode(deps.db, latest.id, now, MAX_CODE_ATTEMPTS))
      ? { outcome: 'valid', codeId: latest.id }
      : { outcome: 'none' };
  }
  const attempts = await countWrongAttempt(deps.db, latest.id);
  return attempts === null ? { outcome: 'none' } : { outcome: 'wrong', codeId: latest.id, attempts };
}
