import type { FastifyRequest } from 'fastify';
import type { CallAuth } from '../../shared/api/define.ts';
import { authenticateToken, type AuthenticatedCustomer } from '../auth/sessions.ts';
import { HttpError } from '../http/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in customer; set by the auth hook of `customer` and `optional` calls, null otherwise. */
    customer: AuthenticatedCustomer | null;
  }
}

const BEARER = /^Bearer\s+([\w-]+\.[\w-]+\.[\w-]+)\s*$/i;

/**
 * The auth hook of a call. `customer`: a valid, unexpired, unrevoked bearer JWT whose `sub` equals the
 * `X-Member-ID` header, else 401. `optional`: the same when a token is sent, but anything invalid just leaves the
 * request anonymous (public pages keep working with a stale token). `public`: nothing.
 */
export async function authenticateRequest(request: FastifyRequest, mode: CallAuth): Promise<void> {
  request.customer = null;
  if (mode === 'public') return;
  const reject = (reason: string) => {
    request.log.info({ auth: reason }, 'authentication failed');
    if (mode === 'customer') throw new HttpError('Unauthorized');
  };
  const authorization = request.headers.authorization;
  const token = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
  if (!token) return reject(authorization === undefined ? 'missing token' : 'malformed authorization header');
  const { db, clock, secrets } = request.server;
  const customer = await authenticateToken({ db, clock, jwtKey: secrets.jwtKey }, token);
  if (!customer) return reject('invalid, expired or revoked token');
  const memberId = request.headers['x-member-id'];
  if (memberId !== String(customer.id)) return reject('X-Member-ID does not match the token');
  request.customer = customer;
}
