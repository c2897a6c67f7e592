import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';
import { hasMultipartBody } from './multipart.ts';

/**
 * What Fastify cannot route: a known path asked with the wrong method answers 405 with `Allow`; a browser
 * navigation outside the server's own prefixes gets the SPA (`spaFallback`); everything else 404 in the shape. A
 * multipart body answers 415 first, as on a route that takes no upload (./multipart.ts).
 */

interface KnownRoute {
  method: string;
  pattern: RegExp;
}

const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** `/api/loan/:loanId` → a regular expression matching concrete paths (wildcard routes are left out). */
function patternFor(url: string): RegExp | null {
  if (url.includes('*')) return null;
  const source = url
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? '?[^/]*' : '[^/]+';
      return escapeRegExp(segment);
    })
    .join('/');
  return new RegExp(`^${source}$`);
}

/** Collects every route as it is added (install before any route is registered). */
export function trackRoutes(app: FastifyInstance): (path: string) => string[] {
  const routes: KnownRoute[] = [];
  app.addHook('onRoute', (route) => {
    const pattern = patternFor(route.url ?? '');
    if (!pattern) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method: method.toUpperCase(), pattern });
  });
  return (path) => {
    const allowed = new Set<string>();
    for (const route of routes) if (route.pattern.test(path)) allowed.add(route.method);
    if (allowed.has('GET')) allowed.add('HEAD');
    return [...allowed].sort();
  };
}

/** Paths the SPA never handles: their unknown URLs are JSON 404s, never index.html. */
export const serverPrefixes = ['/api', '/sandbox', '/logs', '/version.json', '/health'];

export type SpaFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | null;

export function isServerPath(path: string): boolean {
  return serverPrefixes.some(
    (prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`),
  );
}

export function registerNotFound(
  app: FastifyInstance,
  methodsFor: (path: string) => string[],
  spaFallback: SpaFallback | null,
): void {
  const rateLimited = app.hasDecorator('rateLimits') ? { preHandler: app.rateLimits.globalHook } : {};
  const refuseMultipart = (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    if (hasMultipartBody(request)) done(new HttpError('UnsupportedMediaType'));
    else done();
  };
  app.setNotFoundHandler({ ...rateLimited, preValidation: refuseMultipart }, async (request, reply) => {
    let path = request.url.split('?', 1)[0] ?? '/';
    try {
      path = decodeURI(path);
    } catch {
      // keep the raw path
    }
    const allowed = methodsFor(path).filter((method) => method !== request.method);
    if (allowed.length > 0) throw new HttpError('MethodNotAllowed', undefined, { allow: allowed.join(', ') });
    if (spaFallback && !isServerPath(path)) {
      const sent = spaFallback(request, reply);
      if (sent) return sent;
    }
    throw new HttpError('NotFound');
  });
}
