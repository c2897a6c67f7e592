import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';

/**
 * Rate limits: a global budget per client IP for every route, and stricter budgets per route through
 * `registerCall(app, call, handler, { rateLimit: { max, timeWindow, keyGenerator } })`. Exceeding answers 429 in
 * the spec's shape ('Se han realizado demasiados intentos' / 'Por favor, inténtelo de nuevo más tarde.') with
 * Retry-After. The store is in memory per instance (several instances each count their share; a shared store
 * such as Redis plugs in through the plugin's `redis` option).
 */
export interface RateLimitSettings {
  /** Requests per window per IP for routes without their own limit (default 300 per minute). */
  max?: number;
  timeWindow?: number;
}

/**
 * The client's key: its address. `request.ip` is undefined when the client has already gone (its socket closed
 * before the limiter ran); the plugin's default key generator then throws and the request ends in a 500. Those
 * requests share one key instead (nobody reads their answer).
 */
export const clientKey = (request: Pick<FastifyRequest, 'ip'>): string => request.ip ?? 'client-gone';

export async function registerRateLimit(app: FastifyInstance, settings: RateLimitSettings = {}): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    keyGenerator: clientKey,
    max: (settings.max ?? 300) * app.config.rateLimitScale,
    timeWindow: settings.timeWindow ?? 60_000,
    errorResponseBuilder: () => new HttpError('TooManyRequests'),
  });
}

export type RouteRateLimit = RateLimitOptions;

/** A route's own limit with the configured scale applied (RATE_LIMIT_SCALE, for load tests). */
export function scaledRouteLimit(limit: RouteRateLimit, scale: number): RouteRateLimit {
  return scale === 1 || typeof limit.max !== 'number' ? limit : { ...limit, max: limit.max * scale };
}
