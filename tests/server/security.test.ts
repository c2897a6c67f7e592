import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '../../src/shared/api/define.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/connect.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createDistFixture } from './helpers/dist-fixture.ts';
import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { helmetOptions, isApiPath, inlineScriptHashes } from '../../src/server/plugins/security.ts';
import { INLINE_SCRIPT_HASHES_FILE } from '../../src/shared/prerendered-pages.ts';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { probeRoutes } from './helpers/probe.ts';

let t: TestApp;
let proxied: TestApp;
const dist = createDistFixture();

beforeAll(async () => {
  t = await createTestApp({ env: { DIST_DIR: dist.dir }, rateLimit: { max: 1000 }, extraRoutes: [probeRoutes] });
  proxied = await createTestApp({ database: t.handle, env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await proxied.close();
  await t.close();
  dist.remove();
});

const cspOf = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    String(headers['content-security-policy'])
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values.join(' ')]),
  );

describe('security headers', () => {
  const documentCsp = {
    'default-src': "'self'",
    'script-src': "'self'",
    'style-src': "'self' 'unsafe-inline'",
    'img-src': "'self' data: blob:",
    'font-src': "'self' data:",
    'connect-src': "'self'",
    'worker-src': "'self'",
    'manifest-src': "'self'",
    'frame-src': "'self'",
    'frame-ancestors': "'self'",
    'form-action': "'self'",
    'object-src': "'none'",
    'base-uri': "'self'",
  };

  it.each([
    ['the SPA', 'GET', '/'],
    ['a static asset', 'GET', '/assets/index-abc123.js'],
    ['the health check', 'GET', '/health'],
    ['a path that is not the API', 'GET', '/apiary'],
    ['a sandbox page', 'GET', '/sandbox/sms?phone=600000001'],
  ])('are the document list on %s (%s %s)', async (_label, method, url) => {
    const response = await t.app.inject({
      method: method as 'GET',
      url,
      headers: { accept: 'text/html' },
    });
    expect(cspOf(response.headers)).toEqual(documentCsp);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  // JSON is never rendered, framed or run: nothing may load from it, nothing may frame it, no sniffing, no
  // cross-origin read; the document-only headers (opener policy, referrer, legacy ones) are left off.
  it.each([
    ['a call answer', 'GET', '/api/common/time', 200],
    ['a bad request', 'POST', '/api/loan/paymentPlans', 400],
    ['an unauthorised call', 'GET', '/api/customer/customer', 401],
    ['an unknown API path', 'GET', '/api/unknown', 404],
    ['a refused client log', 'PUT', '/logs/write', 400],
  ])('are the API list on %s (%s %s → %i)', async (_label, method, url, status) => {
    const response = await t.app.inject({
      method: method as 'GET' | 'POST' | 'PUT',
      url,
      payload: method === 'POST' ? { not: 'a list' } : method === 'PUT' ? {} : undefined,
    });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const { date: _date, 'x-correlation-id': _id, connection: _c, 'keep-alive': _k, ...headers } = response.headers;
    const own = Object.fromEntries(
      Object.entries(headers).filter(([name]) => !/^(content-(type|length)|cache-control|x-ratelimit-\w+)$/.test(name)),
    );
    expect(own).toEqual({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
  });

  it('are the API list on every contract path, with HSTS over https', async () => {
    expect(t.app.registeredCalls.filter(({ call }) => !isApiPath(call.path))).toEqual([]);
    const https = await proxied.app.inject({
      method: 'GET',
      url: '/api/common/time',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(https.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('allows the inline scripts the build lists by their hash, and refuses a list that is not hash sources', async () => {
    const hash = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";
    const built = createDistFixture();
    writeFileSync(join(built.dir, INLINE_SCRIPT_HASHES_FILE), JSON.stringify({ 'script-src': [hash] }));
    const withHashes = await createTestApp({ database: t.handle, env: { DIST_DIR: built.dir } });
    try {
      const page = await withHashes.app.inject({ method: 'GET', url: '/' });
      expect(cspOf(page.headers)['script-src']).toBe(`'self' ${hash}`);
      const api = await withHashes.app.inject({ method: 'GET', url: '/api/unknown' });
      expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    } finally {
      await withHashes.close();
    }
    expect(inlineScriptHashes(built.dir)).toEqual([hash]);
    for (const widening of ["'unsafe-inline'", 'https://cdn.example', "'sha256-x' 'unsafe-eval'", 42]) {
      writeFileSync(join(built.dir, INLINE_SCRIPT_HASHES_FILE), JSON.stringify({ 'script-src': [widening] }));
      expect(() => inlineScriptHashes(built.dir)).toThrow(/sha256/);
    }
    built.remove();
    expect(inlineScriptHashes(built.dir)).toEqual([]); // no build: nothing inline is allowed
  });

  it('are exactly the headers @fastify/helmet sets with the same options, in its order', async () => {
    const reference = Fastify({ logger: false });
    await reference.register(fastifyHelmet, helmetOptions([]));
    reference.get('/', async () => ({ ok: true }));
    const expected = (await reference.inject({ method: 'GET', url: '/' })).headers;
    await reference.close();
    const fastifyOwn = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
    const helmetNames = Object.keys(expected).filter((name) => !fastifyOwn.has(name));
    expect(helmetNames).toContain('content-security-policy');
    const answer = await t.app.inject({ method: 'GET', url: '/health' });
    const ours = Object.keys(answer.headers).filter((name) => helmetNames.includes(name));
    expect(ours).toEqual(helmetNames);
    for (const name of helmetNames) expect(answer.headers[name], name).toEqual(expected[name]);
  });

  it('leave out the list on a page that sets its own (sandbox widget), HSTS still over https', async () => {
    const page = await proxied.app.inject({
      method: 'GET',
      url: '/sandbox/direct-transfer/widget?order=nope',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-security-policy']).toBeUndefined();
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('adds HSTS only over https (X-Forwarded-Proto counts only with TRUST_PROXY)', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const behindProxy = await proxied.app.inject({ method: 'GET', url: '/health', headers: https });
    expect(behindProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const spoofed = await t.app.inject({ method: 'GET', url: '/health', headers: https });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('rate limits', () => {
  it('answer 429 in the spec shape with Retry-After once a route budget is spent', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 9; i += 1) {
      last = await t.app.inject({ method: 'GET', url: '/api/test/fail/business' });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 422, 422, 422, 429]);
    expect(last!.headers['retry-after']).toBeDefined();
    expect(last!.headers['x-ratelimit-limit']).toBe('8');
    expect(last!.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(last!.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    expect(errorResponseSchema.parse(last!.json()).errors[0]).toEqual({
      code: { name: 'TooManyRequests', value: 429 },
      title: 'Se han realizado demasiados intentos',
      message: 'Por favor, inténtelo de nuevo más tarde.',
    });
  });

  it('apply a global budget per IP to every route without its own', async () => {
    const small = await createTestApp({ database: t.handle, rateLimit: { max: 3 } });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i += 1)
        statuses.push((await small.app.inject({ method: 'PUT', url: '/logs/write', payload: {} })).statusCode);
      // The logs routes have their own budget (60 per minute): the small global one does not apply to them.
      expect(statuses).toEqual([400, 400, 400, 400]);
      const unknown = [];
      for (let i = 0; i < 4; i += 1)
        unknown.push((await small.app.inject({ method: 'GET', url: '/api/nothing' })).statusCode);
      expect(unknown).toEqual([404, 404, 404, 429]);
      // A counted answer says what is left of the budget; /health counts against nothing.
      const counted = await small.app.inject({ method: 'GET', url: '/api/nothing', remoteAddress: '10.1.2.9' });
      expect([counted.headers['x-ratelimit-limit'], counted.headers['x-ratelimit-remaining']]).toEqual(['3', '2']);
      const health = await small.app.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(200);
      expect(health.headers['x-ratelimit-limit']).toBeUndefined();
      // Another client (IP) has its own budget.
      expect(
        (await small.app.inject({ method: 'GET', url: '/api/nothing', remoteAddress: '10.1.2.3' })).statusCode,
      ).toBe(404);
    } finally {
      await small.close();
    }
  });
});

describe('health', () => {
  it('answers 503 with db: error when the database does not answer', async () => {
    const brokenDb = { execute: () => Promise.reject(new Error('connection refused')) } as unknown as Database;
    const app = await buildApp({
      config: loadConfig({ DIST_DIR: '/nonexistent', LOG_LEVEL: 'silent' }),
      db: brokenDb,
      secrets: t.secrets,
      logger: false,
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'error', db: 'error' });
    } finally {
      await app.close();
    }
  });
});
