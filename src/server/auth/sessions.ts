import type { CustomerStatus } from '../../shared/statuses.ts';
import type { Clock } from '../clock.ts';
import type { Executor } from '../db/connect.ts';
import {
  findSessionWithCustomer,
  insertSession,
  revokeCustomerSessionRows,
  revokeSessionRow,
} from './session-repository.ts';
import { forgetSessionRows, type SessionRowCache } from './session-cache.ts';
import { signSessionToken, verifySessionToken } from './tokens.ts';

/** The logged-in customer of a request (`request.customer`). */
export interface AuthenticatedCustomer {
  id: number;
  role: string;
  status: CustomerStatus;
  /** The session id (JWT `jti`); logout revokes it. */
  jti: string;
  expiresAt: Date;
  /** A staff member's read-only view (MorphToPost): every call that writes answers 403 `ReadOnlySession`. */
  readOnly: boolean;
}

export interface SessionDeps {
  db: Executor;
  clock: Clock;
  jwtKey: Uint8Array;
  /**
   * This instance's kept session rows (./session-cache.ts: at most 1 s old, dropped by any revocation of this
   * process); without it every check reads the row.
   */
  sessionRows?: SessionRowCache<SessionRow | null>;
}

export type SessionRow = Awaited<ReturnType<typeof findSessionWithCustomer>>;

/** Start a session: a signed 24 h JWT and its session row. */
export async function issueSession(
  deps: SessionDeps,
  customer: { id: number; role: string },
  meta: { userAgent?: string | null; ip?: string | null } = {},
): Promise<{ token: string; jti: string; expiresAt: Date }> {
  const now = deps.clock.now();
  const signed = await signSessionToken(deps.jwtKey, { customerId: customer.id, role: customer.role }, now);
  await insertSession(deps.db, {
    jti: signed.jti,
    customerId: customer.id,
    createdAt: now,
    expiresAt: signed.expiresAt,
    ...meta,
  });
  return signed;
}

/** The customer behind a bearer token, or null when it is invalid, expired, revoked or unknown. */
export async function authenticateToken(deps: SessionDeps, token: string): Promise<AuthenticatedCustomer | null> {
  const now = deps.clock.now();
  const claims = await verifySessionToken(deps.jwtKey, token, now);
  if (!claims) return null;
  const { db, sessionRows } = deps;
  const session = await (sessionRows
    ? sessionRows.get(claims.jti, () => findSessionWithCustomer(db, claims.jti))
    : findSessionWithCustomer(db, claims.jti));
  if (
    !session ||
    session.revokedAt ||
    session.customerId !== claims.customerId ||
    session.expiresAt.getTime() <= now.getTime()
  )
    return null;
  return {
    id: session.customerId,
    role: session.role,
    status: session.status,
    jti: session.jti,
    expiresAt: session.expiresAt,
    readOnly: session.readOnly,
  };
}

/** How long a staff member's read-only view of a customer's area lasts. */
export const READ_ONLY_SESSION_MS = 15 * 60_000;

/**
 * A read-only session of `customer` for the staff member `staffUserId` (MorphToPost): the customer's own token, so
 * the staff member sees exactly what the customer sees, but its row says read-only (no call that writes is answered)
 * and ends after 15 minutes whatever the token's own expiry says.
 */
export async function issueReadOnlySession(
  deps: SessionDeps,
  customer: { id: number; role: string },
  staffUserId: number,
  meta: { userAgent?: string | null; ip?: string | null } = {},
): Promise<{ token: string; jti: string; expiresAt: Date }> {
  const now = deps.clock.now();
  const signed = await signSessionToken(deps.jwtKey, { customerId: customer.id, role: customer.role }, now);
  const expiresAt = new Date(Math.min(signed.expiresAt.getTime(), now.getTime() + READ_ONLY_SESSION_MS));
  await insertSession(deps.db, {
    jti: signed.jti,
    customerId: customer.id,
    createdAt: now,
    expiresAt,
    readOnly: true,
    morphedByStaffId: staffUserId,
    ...meta,
  });
  return { token: signed.token, jti: signed.jti, expiresAt };
}

/** Logout: the token stops working at once, on every instance. */
export async function revokeSession(deps: Pick<SessionDeps, 'db' | 'clock'>, jti: string): Promise<boolean> {
  try {
    return await revokeSessionRow(deps.db, jti, deps.clock.now());
  } finally {
    forgetSessionRows();
  }
}

/** End every session of a customer (PIN reset, blocking). */
export async function revokeAllSessions(deps: Pick<SessionDeps, 'db' | 'clock'>, customerId: number): Promise<number> {
  try {
    return await revokeCustomerSessionRows(deps.db, customerId, deps.clock.now());
  } finally {
    forgetSessionRows();
  }
}
