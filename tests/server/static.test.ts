import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '../../src/shared/api/define.ts';
import { projectRoot } from '../../src/server/paths.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createDistFixture } from './helpers/dist-fixture.ts';

let t: TestApp;
let bare: TestApp;
const dist = createDistFixture('1.2.3+abc');

beforeAll(async () => {
  t = await createTestApp({ env: { DIST_DIR: dist.dir } });
  bare = await createTestApp({ database: t.handle });
});
afterAll(async () => {
  await bare.close();
  await t.close();
  dist.remove();
});

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('static client build and SPA fallback', () => {
  it('serves index.html at / with no-cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it('caches hashed assets for a year (immutable), entry files no-cache', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/service-worker.js', '/manifest.webmanifest', '/index.html']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers any other navigation with index.html (200), keeping the SPA route to the client', async () => {
    for (const url of [
      '/dashboard',
      '/payment/pay/installment/12/34?paymentOption=closeLoan',
      '/login/forgot-pin',
      '/r/abc',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    // A path without an extension is a navigation even without an Accept header.
    expect((await t.app.inject({ method: 'GET', url: '/cookie' })).statusCode).toBe(200);
  });

  it('never answers server paths or missing files with index.html', async () => {
    for (const url of [
      '/api/unknown',
      '/sandbox/unknown',
      '/logs/unknown',
      '/health/x',
      '/assets/missing-123.js',
      '/favicon-missing.png',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(404);
      expect(errorResponseSchema.parse(response.json()).errors[0]?.code.name).toBe('NotFound');
    }
  });

  it('GET /version.json → { version, data: { version } } from dist/version.json, no-cache, cache-busting query allowed', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/version.json?v=1712345678' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({ version: '1.2.3+abc', data: { version: '1.2.3+abc' } });
  });

  it('without a client build the API still runs; /version.json falls back to package.json', async () => {
    const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string };
    expect((await bare.app.inject({ method: 'GET', url: '/version.json' })).json()).toEqual({
      version: pkg.version,
      data: { version: pkg.version },
    });
    expect((await bare.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    const page = await bare.app.inject({ method: 'GET', url: '/dashboard', headers: html });
    expect(page.statusCode).toBe(404);
    expect(errorResponseSchema.parse(page.json()).errors[0]?.code.name).toBe('NotFound');
  });

  it('GET /health → { status: ok, db: ok }', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: 'ok' });
  });
});
