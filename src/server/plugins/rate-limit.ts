import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { HttpError } from '../http/errors.ts';
import {
  BatchedCounter,
  CounterSync,
  ExactCounter,
  type CounterContext,
  type RateLimitCounter,
  type RouteRateLimit,
} from './rate-limit-counters.ts';
import { purgeExpiredCounters } from './rate-limit-repository.ts';

export type { RateLimitCount, RateLimitCounter, RouteRateLimit } from './rate-limit-counters.ts';

/**
 * Rate limits: a global budget per client IP for every route, and stricter budgets per route through
 * `registerCall(app, call, handler, { rateLimit: { max, timeWindow } })` (or route `config: { rateLimit }`;
 * `false` for none), and keyed ones (per phone, per customer: ./keyed-rate-limit.ts). Exceeding answers 429 in the
 * spec's shape ('Se han realizado demasiados intentos' / 'Por favor, inténtelo de nuevo más tarde.') with
 * Retry-After; every counted answer carries X-RateLimit-Limit, -Remaining and -Reset.
 *
 * The counters are shared by every server instance on the database (./rate-limit-counters.ts): a route's own budget
 * is counted exactly, one statement per hit, unless it is marked `batched`; the global budget is batched (counted in
 * memory, synced every second; the documented over-admission bound is there), so a logged-in read pays no round
 * trip for it. The per-IP hook runs first of the route's onRequest hooks, before auth: a request refused with 401
 * (no token, a bad token) is counted too. Expired counters are purged every PURGE_INTERVAL_MS.
 *
 * The hooks are callback hooks: a batched count settles the request in the same turn.
 */
export interface RateLimitSettings {
  /** Requests per window per IP for routes without their own limit (default 300 per minute). */
  max?: number;
  timeWindow?: number;
  /**
   * Prefix of this app's budget names in the shared table (default none: every instance shares every budget). Apps
   * that share a database but must not share budgets (test files on one PostgreSQL) give different ones.
   */
  namespace?: string;
}

const PURGE_INTERVAL_MS = 10 * 60_000;

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
  /**
   * A budget named `budget` (in this app's namespace) with the configured scale applied (RATE_LIMIT_SCALE): keyed
   * limits count with it. Counters of one name count together, on every instance.
   */
  counter(budget: string, limit: RouteRateLimit): RateLimitCounter;
  /** Sends the batched counters' local hits now and reads the shared totals back (tests; close does it too). */
  sync(): Promise<void>;
  /** Deletes the expired counters of this app's namespace (every PURGE_INTERVAL_MS; tests call it). */
  purge(): Promise<number>;
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
 * Registers the budgets: every route added from now on gets its per-IP hook, first of its onRequest hooks (routes
 * added before, the static files, count against nothing); starts the sync of the batched counters and the purge
 * of expired ones when the app is ready, and stops them (sending what is left) when it closes.
 */
export async function registerRateLimit(app: FastifyInstance, settings: RateLimitSettings = {}): Promise<void> {
  const scale = app.config.rateLimitScale;
  const namespace = settings.namespace ?? '';
  const context: CounterContext = { db: app.db, clock: app.clock, log: app.log };
  const sync = new CounterSync(context);
  const counterOf = (budget: string, limit: RouteRateLimit): RateLimitCounter =>
    limit.batched
      ? new BatchedCounter(namespace + budget, limit, app.clock, sync)
      : new ExactCounter(namespace + budget, limit, context);
  const globalHook = perClientHook(
    counterOf('global', {
      max: (settings.max ?? 300) * scale,
      timeWindow: settings.timeWindow ?? 60_000,
      batched: true,
    }),
  );
  const purge = () => purgeExpiredCounters(app.db, namespace, app.clock.now());
  app.decorate('rateLimits', {
    globalHook,
    counter: (budget: string, limit: RouteRateLimit) => counterOf(budget, scaledRouteLimit(limit, scale)),
    sync: () => sync.flush(),
    purge,
  } satisfies RateLimits);
  app.addHook('onRoute', (route) => {
    const limit: unknown = route.config?.rateLimit;
    if (limit === false) return;
    if (limit !== undefined && limit !== null && typeof limit !== 'object')
      throw new Error(`${route.url}: unknown rate-limit configuration`);
    const hook = limit
      ? perClientHook(counterOf(`ip:${String(route.method)} ${route.url}`, limit as RouteRateLimit))
      : globalHook;
    route.onRequest = [hook, ...(route.onRequest ? [route.onRequest].flat() : [])];
  });

  let purgeTimer: NodeJS.Timeout | undefined;
  const purgeLogged = () => {
    purge().catch((error: unknown) => app.log.error({ err: error }, 'could not purge expired rate-limit counters'));
  };
  app.addHook('onReady', async () => {
    sync.start();
    purgeLogged();
    purgeTimer = setInterval(purgeLogged, PURGE_INTERVAL_MS);
    purgeTimer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(purgeTimer);
    await sync.stop().catch((error: unknown) => app.log.error({ err: error }, 'could not sync rate-limit counters'));
  });
}

/** A route's own limit with the configured scale applied (RATE_LIMIT_SCALE, for load tests). */
export function scaledRouteLimit(limit: RouteRateLimit, scale: number): RouteRateLimit {
  return scale === 1 ? limit : { ...limit, max: limit.max * scale };
}
