import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CallAuth } from '../../shared/api/define.ts';
import type { CallRole } from '../../shared/api/roles.ts';
import { SessionRowCache } from '../auth/session-cache.ts';
import { authenticateToken, type AuthenticatedCustomer, type SessionDeps, type SessionRow } from '../auth/sessions.ts';
import {
  authenticateStaffToken,
  type AuthenticatedStaff,
  type StaffSessionDeps,
  type StaffSessionRow,
} from '../auth/staff-sessions.ts';
import { HttpError } from '../http/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's session checks: kept verified tokens and session rows at most 1 s old (auth/session-cache.ts). */
    sessionDeps: SessionDeps;
    /** The same for staff sessions (auth/staff-sessions.ts). */
    staffSessionDeps: StaffSessionDeps;
  }
  interface FastifyRequest {
    /** The logged-in customer; set by the auth hook of `customer` and `optional` calls, null otherwise. */
    customer: AuthenticatedCustomer | null;
    /** The logged-in staff member; set by the auth hook of `staff` calls, null otherwise. */
    staff: AuthenticatedStaff | null;
  }
}

const BEARER = /^Bearer\s+([\w-]+\.[\w-]+\.[\w-]+)\s*$/i;
const STAFF_BEARER = /^Bearer\s+(bo_[\w-]+)\s*$/i;

/**
 * The auth hook of a call. `customer`: a valid, unexpired, unrevoked bearer JWT whose `sub` equals the
 * `X-Member-ID` header and whose role equals the `X-Member-Role` header when one is sent, else 401. `optional`: the same when a token is sent, but anything invalid just leaves the
 * request anonymous (public pages keep working with a stale token). `public`: nothing.
 *
 * Only a sent token needs the database (revocation): without one the answer is known at once, so the function
 * returns undefined (or throws the 401) synchronously, and a promise only while a token is checked.
 */
export function authenticateRequest(request: FastifyRequest, mode: CallAuth): Promise<void> | undefined {
  request.customer = null;
  request.staff = null;
  if (mode === 'public') return undefined;
  const authorization = request.headers.authorization;
  if (mode === 'staff') {
    const staffToken = authorization === undefined ? undefined : STAFF_BEARER.exec(authorization)?.[1];
    if (!staffToken) throw unauthorized(request, authorization === undefined ? 'missing token' : 'not a staff token');
    return authenticateStaff(request, staffToken);
  }
  const token = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
  if (!token) {
    rejectAuth(request, mode, authorization === undefined ? 'missing token' : 'malformed authorization header');
    return undefined;
  }
  return authenticateBearer(request, mode, token);
}

async function authenticateBearer(request: FastifyRequest, mode: CallAuth, token: string): Promise<void> {
  const customer = await authenticateToken(request.server.sessionDeps, token);
  if (!customer) return rejectAuth(request, mode, 'invalid, expired or revoked token');
  const memberId = request.headers['x-member-id'];
  if (memberId !== String(customer.id)) return rejectAuth(request, mode, 'X-Member-ID does not match the token');
  // The role is the session's, never the header's: a header that claims another role is a forged or confused client.
  const memberRole = request.headers['x-member-role'];
  if (memberRole !== undefined && memberRole !== customer.role)
    return rejectAuth(request, mode, 'X-Member-Role does not match the session');
  request.customer = customer;
}

/**
 * The role check of a call (second document §6: «Each call carries a role list»), after authentication: a call
 * whose list is `public` is open to everyone; otherwise the session's role must be in the list, else 403 in the
 * spec's error shape. A customer session has the role `user`.
 */
export function authorizeRequest(request: FastifyRequest, roles: readonly CallRole[]): void {
  if (roles.includes('public')) return;
  const role = request.customer?.role ?? request.staff?.role;
  if (role === undefined) throw new HttpError('Unauthorized');
  if (!(roles as readonly string[]).includes(role)) {
    request.log.warn({ role, roles }, 'role not allowed for the call');
    throw new HttpError('Forbidden');
  }
}

/**
 * A staff call: a live staff session whose member id is `X-Member-ID` and whose role is `X-Member-Role` when sent.
 * A customer's JWT never gets here (it is no `bo_` token) and a staff token never passes `BEARER`.
 */
async function authenticateStaff(request: FastifyRequest, token: string): Promise<void> {
  const staff = await authenticateStaffToken(request.server.staffSessionDeps, token);
  if (!staff) throw unauthorized(request, 'invalid, idle, expired or revoked staff token');
  if (request.headers['x-member-id'] !== String(staff.id))
    throw unauthorized(request, 'X-Member-ID does not match the staff session');
  const memberRole = request.headers['x-member-role'];
  if (memberRole !== undefined && memberRole !== staff.role)
    throw unauthorized(request, 'X-Member-Role does not match the staff session');
  request.staff = staff;
}

const unauthorized = (request: FastifyRequest, reason: string) => {
  request.log.info({ auth: reason }, 'authentication failed');
  return new HttpError('Unauthorized');
};

/** A request without a valid session: 401 for a `customer` call, anonymous for an `optional` one. */
function rejectAuth(request: FastifyRequest, mode: CallAuth, reason: string): void {
  request.log.info({ auth: reason }, 'authentication failed');
  if (mode === 'customer') throw new HttpError('Unauthorized');
}

/** The session checks of an app's requests: its database, clock and JWT key, and its own kept session rows. */
export function sessionDepsOf(app: FastifyInstance): SessionDeps {
  return {
    db: app.db,
    clock: app.clock,
    jwtKey: app.secrets.jwtKey,
    sessionRows: new SessionRowCache<SessionRow | null>(),
  };
}

export function staffSessionDepsOf(app: FastifyInstance): StaffSessionDeps {
  return { db: app.db, clock: app.clock, staffSessionRows: new SessionRowCache<StaffSessionRow>() };
}
