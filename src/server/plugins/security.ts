import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
// The CommonJS declarations: the copy loaded below is helmet's CommonJS build, as @fastify/helmet loads it.
import type { HelmetOptions } from 'helmet' with { 'resolution-mode': 'require' };
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { INLINE_SCRIPT_HASHES_FILE } from '../../shared/prerendered-pages.ts';

/**
 * Security headers on every answer (SPA, static files, sandbox pages, errors): a strict Content-Security-Policy
 * that the built SPA passes, Referrer-Policy, X-Content-Type-Options, frame and opener policies; the JSON API's
 * answers get the short list for JSON (`API_SECURITY_HEADERS`); HSTS only on https (behind a TLS-terminating
 * proxy, with TRUST_PROXY set so X-Forwarded-Proto counts).
 *
 * Sandbox pages (3-D Secure, bank and transfer widgets) are same-origin pages: they load their scripts from files
 * (`script-src 'self'`, no inline script) or set their own headers (route `config: { securityHeaders: false }`). The two inline scripts of
 * the built app (the pre-rendered pages' loader, the app shell's reopen snapshot and start) are allowed by the hash of their exact text, which the build lists in
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

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route sets its own CSP and framing headers (sandbox widget pages); HSTS still applies. */
    securityHeaders?: false;
  }
}

type HeaderList = Readonly<Record<string, string | number | string[]>>;

/**
 * helmet (the library @fastify/helmet wraps, a direct dependency) makes the headers; @fastify/helmet itself is not
 * registered: it would add two hooks to every request (an async one that makes a `reply.helmet` closure, one that
 * reads the route's options) for headers that never change. They are computed once here instead. Loaded as
 * CommonJS, the build @fastify/helmet uses (the test compares the two), whose types the options are written in.
 */
const helmet = createRequire(import.meta.url)('helmet') as (
  options: Readonly<HelmetOptions>,
) => (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

/** The app's helmet options. */
export function helmetOptions(scriptHashes: readonly string[]): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(
        Object.entries(contentSecurityPolicyDirectives).map(([name, values]) => [
          name,
          name === 'scriptSrc' ? [...values, ...scriptHashes] : [...values],
        ]),
      ),
    },
    // HSTS over plain http is meaningless and would pin localhost; it is added per request only for https ones.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'sameorigin' },
  };
}

/**
 * The headers helmet sets with `options`, in its order, names in lower case. They do not depend on the request
 * (no CSP nonces), so they are taken once, from a response that only records them.
 */
export function securityHeadersOf(options: HelmetOptions): HeaderList {
  const headers: Record<string, string | number | string[]> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = typeof value === 'object' ? [...value] : value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  return Object.freeze(headers);
}

/**
 * The headers of an answer of the JSON API (`isApiPath`): JSON only, never a page, never framed, never run (the
 * agreement HTML and PDF travel inside the JSON). For JSON the OWASP REST Security Cheat Sheet's headers are the ones
 * that count: nothing may load from it or frame it, no MIME sniffing, no cross-origin read; HSTS over https as
 * everywhere. Four headers and a 42-byte CSP instead of eleven and ~400 bytes: Node checks and writes every header of
 * every answer, and the calculator's call (every marketing visit) is answered thousands of times a second.
 */
export const API_SECURITY_HEADERS: HeaderList = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/** True for a path of the JSON API: every contract path is under `/api/` or `/logs/` (the security test checks it). */
export const isApiPath = (url: string): boolean => url.startsWith('/api/') || url.startsWith('/logs/');

export async function registerSecurity(app: FastifyInstance, options: { distDir: string }): Promise<void> {
  const securityHeaders = securityHeadersOf(helmetOptions(inlineScriptHashes(options.distDir)));
  const securityHeaderNames = [...new Set([...Object.keys(securityHeaders), ...Object.keys(API_SECURITY_HEADERS)])];
  // One callback hook sets the list, into the reply's own headers (reply.headers), not onto the raw response: with no
  // raw header set before it, Node's writeHead takes Fastify's headers as they are and checks each once.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? API_SECURITY_HEADERS : securityHeaders);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
  // A route with `config: { securityHeaders: false }` (the sandbox widget pages, which set their own CSP and framing
  // headers) answers without the list (HSTS still applies): its route's first onRequest hook takes the list off
  // again, so the hook above reads no route options per request.
  const withoutSecurityHeaders = (_request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    for (const name of securityHeaderNames) reply.removeHeader(name);
    done();
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.securityHeaders !== false) return;
    route.onRequest = [withoutSecurityHeaders, ...(route.onRequest ? [route.onRequest].flat() : [])];
  });
}
