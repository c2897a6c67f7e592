import type { FastifyRequest } from 'fastify';
import { normalizePhone } from '../../../shared/validators/phone.ts';
import type { KeyedRateLimit } from '../../plugins/keyed-rate-limit.ts';

/**
 * Rate limits of the calls that send an SMS or check a code (architecture §7), on top of the 60-second resend rule
 * and the daily cap per phone of one-time-codes.ts: per client IP on the route, and per phone (public calls) or per
 * customer (logged-in calls) whatever the IP. All answer 429 in the spec's shape with Retry-After; RATE_LIMIT_SCALE
 * multiplies them. All are counted exactly in the database: they hold across server instances.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Limit = { max: number; timeWindow: number };

export const REGISTRATION_RATE_LIMITS = {
  register: { ip: { max: 20, timeWindow: HOUR }, phone: { max: 5, timeWindow: HOUR } },
  pinValidate: { ip: { max: 30, timeWindow: MINUTE } },
  resendPin: { ip: { max: 20, timeWindow: HOUR }, customer: { max: 10, timeWindow: HOUR } },
  changeMobile: { ip: { max: 20, timeWindow: HOUR }, customer: { max: 5, timeWindow: HOUR } },
  forgotPin: { ip: { max: 20, timeWindow: HOUR }, phone: { max: 5, timeWindow: HOUR } },
  resetPassword: { ip: { max: 30, timeWindow: HOUR }, phone: { max: 10, timeWindow: HOUR } },
} as const satisfies Record<string, { ip: Limit; phone?: Limit; customer?: Limit }>;

/** A per-phone limit keyed by the body's `mobilePhone` (as typed: normalised to its 9 digits). */
export const perPhone = (name: string, limit: Limit): KeyedRateLimit => ({
  name,
  ...limit,
  key: (request: FastifyRequest) => normalizePhone(String((request.body as { mobilePhone?: unknown }).mobilePhone)),
  log: { event: name, outcome: 'phoneRateLimited' },
});

export { perCustomer } from '../../plugins/keyed-rate-limit.ts';
