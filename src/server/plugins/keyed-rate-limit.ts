import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { HttpError } from '../http/errors.ts';

/**
 * A rate limit keyed by something other than the client IP (a phone number, a customer id), as a preHandler hook
 * next to the route's per-IP one (./rate-limit.ts): its own counters, and it answers the 429 itself, in the spec's
 * shape with Retry-After. It runs once the body is validated, so the key can come from it. Counted exactly in the
 * shared table (one statement per hit, ./rate-limit-counters.ts): N server instances share the budget; limits of one
 * `name` count together (PayLoanPost and RolloverPost share the customer's payment budget).
 */
export interface KeyedRateLimit {
  /** The budget's name: limits of one name share their counters. */
  name: string;
  max: number;
  timeWindow: number;
  /** The key of a request (normalised: the same phone typed differently is the same key). */
  key: (request: FastifyRequest) => string;
  /** What the log line of a refused request says (`event`, `outcome`). */
  log: { event: string; outcome: string };
}

export type KeyedRateLimitHook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/** The hook, or null when the server runs without rate limits (`buildApp({ rateLimit: false })`). */
export function keyedRateLimit(app: FastifyInstance, limit: KeyedRateLimit): KeyedRateLimitHook | null {
  if (!app.hasDecorator('rateLimits')) return null;
  const counter = app.rateLimits.counter(limit.name, { max: limit.max, timeWindow: limit.timeWindow });
  return (request, _reply, done) =>
    counter.hit(limit.key(request), (error, count) => {
      if (error || !count?.exceeded) return done(error ?? undefined);
      request.log.info({ ...limit.log, limit: limit.name }, 'rate limit exceeded');
      done(new HttpError('TooManyRequests', undefined, { 'retry-after': String(count.resetSeconds) }));
    });
}

/** A budget per logged-in customer (the session's customer id), whatever the IP. */
export const perCustomer = (name: string, limit: { max: number; timeWindow: number }): KeyedRateLimit => ({
  name,
  ...limit,
  key: (request: FastifyRequest) => String(request.customer?.id ?? `ip:${request.ip}`),
  log: { event: name, outcome: 'customerRateLimited' },
});
