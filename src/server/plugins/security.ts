import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { INLINE_SCRIPT_HASHES_FILE } from '../../shared/prerendered-pages.ts';

/**
 * Security headers on every answer (SPA, static files, API, errors): a strict Content-Security-Policy that the
 * built SPA passes, Referrer-Policy, X-Content-Type-Options, frame and opener policies; HSTS only on https
 * (behind a TLS-terminating proxy, with TRUST_PROXY set so X-Forwarded-Proto counts).
 *
 * Sandbox pages (3-D Secure, bank and transfer widgets) are same-origin pages: they load their scripts from files
 * (`script-src 'self'`, no inline script) or set a route-level `helmet` option of their own. The one inline script of
 * the built app (the pre-rendered pages' loader) is allowed by the hash of its exact text, which the build lists in
 * `dist/csp-hashes.json` (`inlineScriptHashes`).
 */
export const contentSecurityPolicyDirectives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // React sets style attributes through the CSSOM (allowed); 'unsafe-inline' is for the agreement HTML and the
  // sandbox widget pages, which carry inline style attributes. No script is ever allowed inline.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  frameSrc: ["'self'"],
  frameAncestors: ["'self'"],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
} as const;

const HSTS = 'max-age=31536000; includeSubDomains';

const HASH_SOURCE = /^'sha(256|384|512)-[A-Za-z0-9+/]+={0,2}'$/;

/**
 * The `script-src` hash sources the client build lists (none without a build). A list that is not exactly hash
 * sources stops the start: the CSP must never be widened by a file.
 */
export function inlineScriptHashes(distDir: string): string[] {
  let text: string;
  try {
    text = readFileSync(join(distDir, INLINE_SCRIPT_HASHES_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const hashes = (JSON.parse(text) as { 'script-src'?: unknown })['script-src'];
  if (!Array.isArray(hashes) || !hashes.every((hash) => typeof hash === 'string' && HASH_SOURCE.test(hash))) {
    throw new Error(`${INLINE_SCRIPT_HASHES_FILE}: 'script-src' must be a list of 'sha256-…' sources`);
  }
  return hashes as string[];
}

export async function registerSecurity(app: FastifyInstance, options: { distDir: string }): Promise<void> {
  const scriptHashes = inlineScriptHashes(options.distDir);
  // `global: false`: @fastify/helmet would build helmet's middleware again for every request (parsing the CSP
  // directives each time, about 5 % of a cached quote's CPU). Its headers do not depend on the request (no CSP
  // nonces), so they are taken once, from the first request, and set from the list on every later one. A route
  // with its own `helmet` option still gets it from @fastify/helmet, which also keeps `reply.helmet()`.
  await app.register(helmet, {
    global: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(
        Object.entries(contentSecurityPolicyDirectives).map(([name, values]) => [
          name,
          name === 'scriptSrc' ? [...values, ...scriptHashes] : [...values],
        ]),
      ),
    },
    // HSTS over plain http is meaningless and would pin localhost; it is added below only for https requests.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'sameorigin' },
  });
  // The list goes into the reply's own headers (reply.headers), not onto the raw response: with no raw header set
  // before it, Node's writeHead takes Fastify's headers as they are and checks each once, instead of every one of
  // them (these and Fastify's) going through setHeader's checks and copies first.
  let helmetHeaders: Readonly<Record<string, string | number | string[]>> | undefined;
  // A callback hook, not an async one: nothing here waits, so no promise and no extra turn per request.
  app.addHook('onRequest', (request, reply, done) => {
    if ((request.routeOptions.config as { helmet?: unknown }).helmet === undefined) {
      if (helmetHeaders) reply.headers(helmetHeaders);
      else helmetHeaders = headersSetBy(reply.raw, () => reply.helmet());
    }
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}

/** Runs `apply` and answers the headers it set on `response` (lower-case names). */
function headersSetBy(response: ServerResponse, apply: () => void) {
  const before = new Set(response.getHeaderNames());
  apply();
  return Object.freeze(
    Object.fromEntries(
      response
        .getHeaderNames()
        .filter((name) => !before.has(name))
        .map((name) => [name, response.getHeader(name) ?? ''] as const),
    ),
  );
}
