import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { createRequire } from 'node:module';
import { HttpError } from '../http/errors.ts';

/**
 * Rate limits: a global budget per client IP for every route, and stricter budgets per route through
 * `registerCall(app, call, handler, { rateLimit: { max, timeWindow } })` (or route `config: { rateLimit }`;
 * `false` for none). Exceeding answers 429 in the spec's shape ('Se han realizado demasiados intentos' / 'Por favor,
 * inténtelo de nuevo más tarde.') with Retry-After; every counted answer carries X-RateLimit-Limit, -Remaining and
 * -Reset. The counters are @fastify/rate-limit's in-memory store (a fixed window per key, the 5,000 most recent keys
 * per budget): one for the global budget (shared by the routes without their own and by the not-found handler), one
 * per route with its own. Several instances each count their share.
 *
 * The plugin itself is not registered: its hook awaits the key, the store and itself on every request. The store
 * answers at once, so the hooks here are callback hooks that settle the request in the same turn, with the same
 * counts, headers and answers.
 */
export interface RateLimitSettings {
  /** Requests per window per IP for routes without their own limit (default 300 per minute). */
  max?: number;
  timeWindow?: number;
}

/** A budget: `max` requests per `timeWindow` milliseconds per key. */
export interface RouteRateLimit {
  max: number;
  timeWindow: number;
}

/** What a store's `incr` answers: the key's count in its window, and the milliseconds left of it. */
interface StoreCount {
  current: number;
  ttl: number;
}

/** @fastify/rate-limit's LocalStore (store/LocalStore.js): `incr` calls back before it returns. */
interface CounterStore {
  incr(key: string, callback: (error: Error | null, count: StoreCount) => void, timeWindow: number, max: number): void;
}

const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => CounterStore;

/** One request counted: the budget, what is left of it, the seconds until its window ends. */
export interface RateLimitCount {
  max: number;
  remaining: number;
  resetSeconds: number;
  exceeded: boolean;
}

/** A budget's counters. */
export class RateLimitCounter {
  readonly #store = new LocalStore(false, false);
  readonly max: number;
  readonly timeWindow: number;

  constructor(limit: RouteRateLimit) {
    if (!(Number.isFinite(limit.max) && limit.max >= 0 && Number.isFinite(limit.timeWindow) && limit.timeWindow >= 0))
      throw new Error(`invalid rate limit ${JSON.stringify(limit)}`);
    this.max = Math.trunc(limit.max);
    this.timeWindow = Math.trunc(limit.timeWindow);
  }

  /** Counts one request of `key`; `then` gets its count (in the same turn: the store is in memory). */
  hit(key: string, then: (error: Error | null, count?: RateLimitCount) => void): void {
    const { max } = this;
    this.#store.incr(
      key,
      (error, { current, ttl }) => {
        if (error) then(error);
        else
          then(null, {
            max,
            remaining: Math.max(0, max - current),
            resetSeconds: Math.ceil(ttl / 1000),
            exceeded: current > max,
          });
      },
      this.timeWindow,
      max,
    );
  }
}

/**
 * The client's key: its address. `request.ip` is undefined when the client has already gone (its socket closed
 * before the limiter ran); those requests share one key instead (nobody reads their answer).
 */
export const clientKey = (request: Pick<FastifyRequest, 'ip'>): string => request.ip ?? 'client-gone';

type CallbackHook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/** The per-IP hook of a budget: counts the request, sets the X-RateLimit headers, or answers 429. */
function perClientHook(counter: RateLimitCounter): CallbackHook {
  return (request, reply, done) =>
    counter.hit(clientKey(request), (error, count) => {
      if (error || !count) return done(error ?? undefined);
      reply.header('x-ratelimit-limit', count.max);
      reply.header('x-ratelimit-remaining', count.remaining);
      reply.header('x-ratelimit-reset', count.resetSeconds);
      if (!count.exceeded) return done();
      reply.header('retry-after', count.resetSeconds);
      done(new HttpError('TooManyRequests'));
    });
}

export interface RateLimits {
  /** The global per-IP budget's hook (usable as onRequest or preHandler): the not-found handler counts with it. */
  readonly globalHook: CallbackHook;
  /** A new budget with the configured scale applied (RATE_LIMIT_SCALE): keyed limits count with it. */
  counter(limit: RouteRateLimit): RateLimitCounter;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by registerRateLimit; absent when the server runs without rate limits (`buildApp({ rateLimit: false })`). */
    rateLimits: RateLimits;
  }
  interface FastifyContextConfig {
    /** The route's own per-IP budget (already scaled), or false for none; absent: the global budget. */
    rateLimit?: RouteRateLimit | false;
  }
}

/**
 * Registers the budgets: every route added from now on gets its per-IP hook, last of its onRequest hooks (routes
 * added before, the static files, count against nothing).
 */
export async function registerRateLimit(app: FastifyInstance, settings: RateLimitSettings = {}): Promise<void> {
  const scale = app.config.rateLimitScale;
  const globalHook = perClientHook(
    new RateLimitCounter({ max: (settings.max ?? 300) * scale, timeWindow: settings.timeWindow ?? 60_000 }),
  );
  app.decorate('rateLimits', {
    globalHook,
    counter: (limit: RouteRateLimit) => new RateLimitCounter(scaledRouteLimit(limit, scale)),
  } satisfies RateLimits);
  app.addHook('onRoute', (route) => {
    const limit: unknown = route.config?.rateLimit;
    if (limit === false) return;
    if (limit !== undefined && limit !== null && typeof limit !== 'object')
      throw new Error(`${route.url}: unknown rate-limit configuration`);
    const hook = limit ? perClientHook(new RateLimitCounter(limit as RouteRateLimit)) : globalHook;
    route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), hook];
  });
}

/** A route's own limit with the configured scale applied (RATE_LIMIT_SCALE, for load tests). */
export function scaledRouteLimit(limit: RouteRateLimit, scale: number): RouteRateLimit {
  return scale === 1 ? limit : { ...limit, max: limit.max * scale };
}
