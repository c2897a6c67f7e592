import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../../db/connect.ts';
import { insertRepayToken, revokeRepayTokenRows } from './repository.ts';

/**
 * Repay tokens: the bearer secret of a short link (`/r/<token>`, `/rx/…`, `/rs/…`) in a reminder SMS or e-mail.
 * 32 bytes from the CSPRNG, base64url (43 characters, 256 bits: guessing is hopeless, and the login call is
 * rate-limited per IP on top). Only the SHA-256 of a token is stored, so a copy of the database opens no account;
 * the plain token exists once, in the answer of `issueRepayToken`, for the message being sent.
 *
 * A token stays valid until it expires or is revoked and may be used any number of times (a link in an SMS is
 * opened more than once); each login with it is counted (`use_count`, `last_used_at`).
 */

const DAY_MS = 86_400_000;

/** Default life of a repay token: 30 days, the span of one monthly instalment reminder cycle. */
export const REPAY_TOKEN_DEFAULT_TTL_MS = 30 * DAY_MS;
/** No token lives longer than a year (the seed's demo tokens use this maximum). */
export const REPAY_TOKEN_MAX_TTL_MS = 365 * DAY_MS;

const TOKEN_BYTES = 32;

/** The characters a token can hold (base64url; the seed's fixed demo tokens use the same alphabet). */
export const REPAY_TOKEN_PATTERN = /^[A-Za-z0-9_-]+$/;

/** The stored form of a token: SHA-256, hex. */
export const hashRepayToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export interface IssueRepayTokenOptions {
  customerId: number;
  /** The loan the reminder is about (optional; revoking a loan's tokens uses it). */
  loanId?: number | null;
  /** Life of the token in milliseconds: default 30 days, at most 365 days. */
  ttlMs?: number;
  /** The issuing instant (the server's clock). */
  now: Date;
}

export interface IssuedRepayToken {
  id: number;
  /** The plain token: put it in the link now; it cannot be read back later. */
  token: string;
  expiresAt: Date;
}

function expiryOf(now: Date, ttlMs: number): Date {
  if (!Number.isSafeInteger(ttlMs) || ttlMs <= 0 || ttlMs > REPAY_TOKEN_MAX_TTL_MS) {
    throw new RangeError(`repay token ttl must be between 1 ms and ${REPAY_TOKEN_MAX_TTL_MS} ms (got ${ttlMs})`);
  }
  return new Date(now.getTime() + ttlMs);
}

/**
 * Store a token given in plain text (only its hash is written). `issueRepayToken` draws the token; the sandbox seed
 * uses this directly for its fixed, documented demo tokens.
 */
export async function storeRepayToken(
  db: Executor,
  token: string,
  { customerId, loanId = null, ttlMs = REPAY_TOKEN_DEFAULT_TTL_MS, now }: IssueRepayTokenOptions,
): Promise<IssuedRepayToken> {
  if (!REPAY_TOKEN_PATTERN.test(token)) throw new Error('a repay token must be base64url text');
  const expiresAt = expiryOf(now, ttlMs);
  const id = await insertRepayToken(db, {
    tokenHash: hashRepayToken(token),
    customerId,
    loanId,
    createdAt: now,
    expiresAt,
  });
  return { id, token, expiresAt };
}

/**
 * Issue a new repay token for a customer (and the loan a reminder is about). Returns the plain token once; call it
 * when composing a reminder SMS or e-mail and put `repayLinkFor(publicUrl, token)` in the message.
 */
export async function issueRepayToken(db: Executor, options: IssueRepayTokenOptions): Promise<IssuedRepayToken> {
  return storeRepayToken(db, randomBytes(TOKEN_BYTES).toString('base64url'), options);
}

/** The short link of a token on the app's public origin (`PUBLIC_URL`), e.g. `https://…/r/<token>`. */
export const repayLinkFor = (publicUrl: string, token: string): string =>
  `${publicUrl.replace(/\/+$/, '')}/r/${encodeURIComponent(token)}`;

/**
 * Revoke the live tokens of a customer (or only those of one loan): the links stop working at once. Call it when the
 * customer's PIN is reset, the account is closed, or a loan is settled. Answers how many were revoked.
 */
export async function revokeRepayTokens(
  db: Executor,
  target: { customerId: number; loanId?: number },
  now: Date,
): Promise<number> {
  return revokeRepayTokenRows(db, target, now);
}
