import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError } from '../http/errors.ts';

/**
 * A rate limit keyed by something other than the client IP (a phone number, a customer id), as a preHandler hook:
 * @fastify/rate-limit runs one limiter per request (the route's per-IP one), so this second one uses its
 * `createRateLimit` counter and answers the 429 itself, in the spec's shape with Retry-After. It runs once the
 * body is validated, so the key can come from it. Counters live in memory per instance, like the per-IP ones.
 */
export interface KeyedRateLimit {
  /** Prefix of the counter keys: two limits never share counters. */
  name: string;
  max: number;
  timeWindow: number;
  /** The key of a request (normalised: the same phone typed differently is the same key). */
  key: (request: FastifyRequest) => string;
  /** What the log line of a refused request says (`event`, `outcome`). */
  log: { event: string; outcome: string };
}

/** The hook, or null when the server runs without rate limits (`buildApp({ rateLimit: false })`). */
export function keyedRateLimit(app: FastifyInstance, limit: KeyedRateLimit): preHandlerAsyncHookHandler | null {
  if (!app.hasDecorator('createRateLimit')) return null;
  const limiter = app.createRateLimit({
    max: limit.max * app.config.rateLimitScale,
    timeWindow: limit.timeWindow,
    keyGenerator: (request) => `${limit.name}:${limit.key(request)}`,
  });
  return async (request) => {
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    request.log.info({ ...limit.log, limit: limit.name }, 'rate limit exceeded');
    throw new HttpError('TooManyRequests', undefined, { 'retry-after': String(result.ttlInSeconds) });
  };
}
