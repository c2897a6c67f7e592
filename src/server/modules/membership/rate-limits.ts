import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LoginPayload } from '../../../shared/api/membership.ts';
import { normalizePhone } from '../../../shared/validators/phone.ts';
import { keyedRateLimit, type KeyedRateLimitHook } from '../../plugins/keyed-rate-limit.ts';

/**
 * Login rate limits (architecture §7: PIN attempts rate-limited per phone and per IP), on top of the blocking
 * after 5 consecutive wrong PINs. Both answer 429 in the spec's shape with Retry-After. Both are counted exactly in
 * the database (plugins/rate-limit-counters.ts), as the block is: they hold across server instances.
 */

const MINUTE = 60_000;

/** Per client IP, on the route (onRequest): stops one client from walking through many phones. */
export const loginIpRateLimit = { max: 30, timeWindow: MINUTE };

/** Per phone number (whatever the IP), once the body is validated: stops a spread-out attack on one account. */
export const LOGIN_PHONE_RATE_LIMIT = { max: 10, timeWindow: MINUTE };

/** Per client IP for the token login: a JWT cannot be guessed, but scanning stays bounded. */
export const tokenIpRateLimit = { max: 60, timeWindow: MINUTE };

const phoneKey = (request: FastifyRequest) =>
  normalizePhone((request.body as Pick<LoginPayload, 'phoneNumber'>).phoneNumber);

/**
 * The per-phone limiter as a preHandler hook of the login route, or null when the server runs without rate limits
 * (`buildApp({ rateLimit: false })`); see plugins/keyed-rate-limit.ts.
 */
export function loginPhoneRateLimit(app: FastifyInstance): KeyedRateLimitHook | null {
  return keyedRateLimit(app, {
    name: 'login-phone',
    ...LOGIN_PHONE_RATE_LIMIT,
    key: phoneKey,
    log: { event: 'login', outcome: 'phoneRateLimited' },
  });
}
