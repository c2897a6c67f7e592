import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CallAuth } from '../../shared/api/define.ts';
import type { CallRole } from '../../shared/api/roles.ts';
import { SessionRowCache } from '../auth/session-cache.ts';
import { authenticateToken, type AuthenticatedCustomer, type SessionDeps, type SessionRow } from '../auth/sessions.ts';
import { HttpError } from '../http/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's session checks: kept verified tokens and session rows at most 1 s old (auth/session-cache.ts). */
    sessionDeps: SessionDeps;
  }
  interface FastifyRequest {
    /** The logged-in customer; set by the auth hook of `customer` and `optional` calls, null otherwise. */
    customer: AuthenticatedCustomer | null;
  }
}

const BEARER = /^Bearer\s+([\w-]+\.[\w-]+\.[\w-]+)\s*$/i;

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
  if (mode === 'public') return undefined;
  const authorization = request.headers.authorization;
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
  const role = request.customer?.role;
  if (role === undefined) throw new HttpError('Unauthorized');
  if (!(roles as readonly string[]).includes(role)) {
    request.log.warn({ role, roles }, 'role not allowed for the call');
    throw new HttpError('Forbidden');
  }
}

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
