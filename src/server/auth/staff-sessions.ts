import { createHash, randomBytes } from 'node:crypto';
import type { StaffRole } from '../../shared/api/roles.ts';
import type { Clock } from '../clock.ts';
import type { Executor } from '../db/connect.ts';
import { forgetSessionRows, type SessionRowCache } from './session-cache.ts';
import {
  findStaffSession,
  insertStaffSession,
  revokeStaffSessionRow,
  revokeStaffSessionRows,
  touchStaffSession,
} from './staff-session-repository.ts';

/**
 * Staff sessions (docs/backoffice.md §1): an opaque token `bo_` + 32 random bytes (base64url), of which only the
 * SHA-256 is stored. A session ends 15 minutes after its last call (idle) and 10 hours after the login (absolute),
 * when revoked (logout, password change or reset, account disabled or locked), and at once when its member is
 * disabled or locked. A customer's JWT is never a staff token and a staff token never a JWT, so neither opens the
 * other's calls. The row is read at most once a second per instance (./session-cache.ts), and `last_seen_at` written
 * at most once a minute: a click costs no write.
 */

export const STAFF_TOKEN_PREFIX = 'bo_';
export const STAFF_IDLE_MS = 15 * 60_000;
export const STAFF_ABSOLUTE_MS = 10 * 60 * 60_000;
/** How stale `last_seen_at` may be before a call writes it again. */
const TOUCH_EVERY_MS = 60_000;

const STAFF_TOKEN = /^bo_[A-Za-z0-9_-]{43}$/;

export interface AuthenticatedStaff {
  id: number;
  role: StaffRole;
  email: string;
  fullName: string;
  collectionCompanyId: number | null;
  mustChangePassword: boolean;
  /** The SHA-256 of the token: the session's id in logs, audit records and logout. */
  sessionId: string;
}

export type StaffSessionRow = Awaited<ReturnType<typeof findStaffSession>>;

export interface StaffSessionDeps {
  db: Executor;
  clock: Clock;
  staffSessionRows?: SessionRowCache<StaffSessionRow>;
}

export const staffTokenHash = (token: string): string => createHash('sha256').update(token).digest('base64url');

export const isStaffToken = (token: string): boolean => STAFF_TOKEN.test(token);

export async function issueStaffSession(
  deps: Pick<StaffSessionDeps, 'db' | 'clock'>,
  staff: { id: number; role: StaffRole },
  meta: { ip?: string | null; userAgent?: string | null } = {},
): Promise<{ token: string; expiresAt: Date; idleSeconds: number }> {
  const token = `${STAFF_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + STAFF_ABSOLUTE_MS);
  await insertStaffSession(deps.db, {
    tokenHash: staffTokenHash(token),
    staffUserId: staff.id,
    role: staff.role,
    createdAt: now,
    expiresAt,
    ...meta,
  });
  return { token, expiresAt, idleSeconds: STAFF_IDLE_MS / 1000 };
}

/** The staff member behind a token, or null: unknown, revoked, idle, expired, or the account disabled or locked. */
export async function authenticateStaffToken(
  deps: StaffSessionDeps,
  token: string,
): Promise<AuthenticatedStaff | null> {
  if (!isStaffToken(token)) return null;
  const now = deps.clock.now().getTime();
  const tokenHash = staffTokenHash(token);
  const { db, staffSessionRows } = deps;
  const row = await (staffSessionRows
    ? staffSessionRows.get(tokenHash, () => findStaffSession(db, tokenHash))
    : findStaffSession(db, tokenHash));
  if (
    !row ||
    row.revokedAt ||
    row.lockedAt ||
    row.disabledAt ||
    // A role changed by an administrator takes effect at the next login, never inside a session.
    row.currentRole !== row.role ||
    row.expiresAt.getTime() <= now ||
    row.lastSeenAt.getTime() + STAFF_IDLE_MS <= now
  )
    return null;
  if (now - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await touchStaffSession(db, tokenHash, new Date(now), new Date(now - TOUCH_EVERY_MS));
    row.lastSeenAt = new Date(now);
  }
  return {
    id: row.staffUserId,
    role: row.role,
    email: row.email,
    fullName: row.fullName,
    collectionCompanyId: row.collectionCompanyId,
    mustChangePassword: row.mustChangePassword,
    sessionId: tokenHash,
  };
}

export async function revokeStaffSession(deps: Pick<StaffSessionDeps, 'db' | 'clock'>, sessionId: string) {
  try {
    return await revokeStaffSessionRow(deps.db, sessionId, deps.clock.now());
  } finally {
    forgetSessionRows();
  }
}

/** Ends every session of a staff member (but `keepSessionId`): password change or reset, disabled, locked. */
export async function revokeAllStaffSessions(
  deps: Pick<StaffSessionDeps, 'db' | 'clock'>,
  staffUserId: number,
  keepSessionId?: string,
): Promise<number> {
  try {
    return await revokeStaffSessionRows(deps.db, staffUserId, deps.clock.now(), keepSessionId);
  } finally {
    forgetSessionRows();
  }
}
