import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/vite-precompress.ts';
import { errorResponseSchema } from '../../src/shared/api/define.ts';
import { projectRoot } from '../../src/server/paths.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createDistFixture } from './helpers/dist-fixture.ts';

let t: TestApp;
let bare: TestApp;
const dist = createDistFixture('1.2.3+abc');

// A hashed chunk and stylesheet big enough to compress, a chunk too small to gain from it, and a sourcemap; then the
// build's own precompress step writes the .br/.gz variants, as `vite build` does.
const appJs = Array.from(
  { length: 150 },
  (_, i) =>
    `export function instalment${i}(amount, months) { return Math.round((amount * ${1 + i / 1000}) / months * 100) / 100; }`,
).join('\n');
const appCss = Array.from({ length: 80 }, (_, i) => `.step-${i} { margin: ${i}px 0; color: #0099ff; }`).join('\n');
writeFileSync(join(dist.dir, 'assets', 'app-def456.js'), appJs);
writeFileSync(join(dist.dir, 'assets', 'app-def456.css'), appCss);
writeFileSync(
  join(dist.dir, 'assets', 'app-def456.js.map'),
  JSON.stringify({ version: 3, mappings: 'AAAA;'.repeat(500) }),
);
writeFileSync(join(dist.dir, 'assets', 'tiny-789.js'), 'export{};');
const distFile = (path: string): Buffer => readFileSync(join(dist.dir, path));

beforeAll(async () => {
  await precompressDirectory(dist.dir);
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

describe('precompressed delivery (build writes .br and .gz, the server negotiates)', () => {
  const chromium = { 'accept-encoding': 'gzip, deflate, br, zstd' };

  it('the build writes brotli and gzip variants of compressible files, only where they are smaller, never of sourcemaps', () => {
    for (const path of ['assets/app-def456.js', 'assets/app-def456.css', 'index.html']) {
      expect(brotliDecompressSync(distFile(`${path}.br`)).equals(distFile(path)), path).toBe(true);
      expect(gunzipSync(distFile(`${path}.gz`)).equals(distFile(path)), path).toBe(true);
      expect(distFile(`${path}.br`).length, path).toBeLessThan(distFile(path).length);
    }
    // gzip level 9 (header byte XFL = 2: "maximum compression")
    expect(distFile('assets/app-def456.js.gz')[8]).toBe(2);
    for (const path of ['assets/tiny-789.js', 'version.json', 'assets/app-def456.js.map']) {
      expect(existsSync(join(dist.dir, `${path}.br`)), path).toBe(false);
      expect(existsSync(join(dist.dir, `${path}.gz`)), path).toBe(false);
    }
  });

  it('a script asked with accept-encoding br gets the brotli bytes, its JavaScript type, vary and the immutable cache', async () => {
    for (const headers of [{ 'accept-encoding': 'br' }, chromium]) {
      const response = await t.app.inject({ method: 'GET', url: '/assets/app-def456.js', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.rawPayload.equals(distFile('assets/app-def456.js.br'))).toBe(true);
      expect(Number(response.headers['content-length'])).toBe(distFile('assets/app-def456.js.br').length);
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(appJs);
    }
  });

  it('a client that accepts only gzip gets the gzip bytes (scripts and stylesheets)', async () => {
    const script = await t.app.inject({
      method: 'GET',
      url: '/assets/app-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(script.headers['content-type']).toMatch(/javascript; charset=utf-8$/);
    expect(script.headers.vary).toMatch(/accept-encoding/i);
    expect(script.rawPayload.equals(distFile('assets/app-def456.js.gz'))).toBe(true);
    expect(gunzipSync(script.rawPayload).toString()).toBe(appJs);

    const style = await t.app.inject({
      method: 'GET',
      url: '/assets/app-def456.css',
      headers: { 'accept-encoding': 'gzip;q=1, br;q=0' },
    });
    expect(style.headers['content-encoding']).toBe('gzip');
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(gunzipSync(style.rawPayload).toString()).toBe(appCss);
  });

  it('without accept-encoding (or with identity only) the plain file is sent, still saying vary', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/assets/app-def456.js', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body).toBe(appJs);
    }
  });

  it('a file without a compressed variant is sent plain to a client that accepts br', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/tiny-789.js', headers: chromium });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('export{};');
  });

  it('the SPA fallback and / send the compressed index.html as HTML, no-cache', async () => {
    const cases = [
      { url: '/dashboard', encoding: 'br', decode: brotliDecompressSync },
      { url: '/payment/pay/installment/12/34?paymentOption=closeLoan', encoding: 'gzip', decode: gunzipSync },
      { url: '/', encoding: 'br', decode: brotliDecompressSync },
    ];
    for (const { url, encoding, decode } of cases) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...html, 'accept-encoding': encoding === 'br' ? chromium['accept-encoding'] : 'gzip' },
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe(encoding);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(decode(response.rawPayload).equals(distFile('index.html')), url).toBe(true);
    }
  });

  it('a missing asset stays a 404 whatever the client accepts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js', headers: chromium });
    expect(response.statusCode).toBe(404);
    expect(errorResponseSchema.parse(response.json()).errors[0]?.code.name).toBe('NotFound');
  });
});
