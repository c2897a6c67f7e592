import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/vite-precompress.ts';
import { errorResponseSchema } from '../../src/shared/api/define.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createDistFixture } from './helpers/dist-fixture.ts';

/**
 * The back office's build (vite.backoffice.config.ts → dist/backoffice/) as the server serves it: its page for every
 * navigation under /backoffice, never cached or indexed; its hashed assets like the customer's; a missing asset a
 * 404; the customer's shell never answers a back-office path.
 */

let t: TestApp;
let withoutBackoffice: TestApp;
const dist = createDistFixture('5.0.0+backoffice');
const customerOnly = createDistFixture('5.0.0+customer');

// Big enough for the precompress step to write .br/.gz variants, as it does for the real page.
const backofficeHtml = `<!doctype html><html lang="es"><head><meta name="robots" content="noindex" /><title>Back office</title><script type="module" crossorigin src="/backoffice/assets/index-bo123.js"></script></head><body><div id="root"></div>${'<!-- relleno -->'.repeat(40)}</body></html>`;
mkdirSync(join(dist.dir, 'backoffice', 'assets'), { recursive: true });
writeFileSync(join(dist.dir, 'backoffice', 'index.html'), backofficeHtml);
writeFileSync(join(dist.dir, 'backoffice', 'assets', 'index-bo123.js'), 'console.log("back office");');

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

beforeAll(async () => {
  await precompressDirectory(dist.dir);
  t = await createTestApp({ env: { DIST_DIR: dist.dir } });
  withoutBackoffice = await createTestApp({ database: t.handle, env: { DIST_DIR: customerOnly.dir } });
});
afterAll(async () => {
  await withoutBackoffice.close();
  await t.close();
  dist.remove();
  customerOnly.remove();
});

describe('the back office build', () => {
  it('answers /backoffice, its index and every deep link with its page: no-store, noindex, the same CSP', async () => {
    const customerCsp = (await t.app.inject({ method: 'GET', url: '/', headers: html })).headers[
      'content-security-policy'
    ];
    expect(customerCsp).toContain("script-src 'self'");
    for (const url of [
      '/backoffice',
      '/backoffice/',
      '/backoffice/login',
      '/backoffice/clientes/12/documentos',
      '/backoffice/clientes?pagina=2',
      '/backoffice/index.html',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers['x-robots-tag'], url).toBe('noindex');
      expect(response.headers['content-security-policy'], url).toBe(customerCsp);
      expect(response.body, url).toBe(backofficeHtml);
    }
    // A path without an extension is a navigation even without an Accept header.
    expect((await t.app.inject({ method: 'GET', url: '/backoffice/clientes' })).body).toBe(backofficeHtml);
  });

  it('sends the compressed page with the same headers', async () => {
    for (const url of ['/backoffice/', '/backoffice/clientes/12']) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...html, 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers['x-robots-tag'], url).toBe('noindex');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(backofficeHtml);
    }
  });

  it('caches its hashed assets for a year (immutable), like the customer app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/backoffice/assets/index-bo123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(readFileSync(join(dist.dir, 'backoffice', 'assets', 'index-bo123.js'), 'utf8'));
  });

  it('answers a missing asset with a 404, never with the page', async () => {
    for (const url of ['/backoffice/assets/x.js', '/backoffice/assets/missing-123.css', '/backoffice/assets/x']) {
      for (const headers of [html, {}]) {
        const response = await t.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, url).toBe(404);
        expect(errorResponseSchema.parse(response.json()).errors[0]?.code.name, url).toBe('NotFound');
      }
    }
  });

  it("leaves the customer's pages as they were: its shell, no-cache, no robots header", async () => {
    for (const url of ['/', '/dashboard', '/backofficex']) {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['x-robots-tag'], url).toBeUndefined();
      expect(response.body, url).toContain('<title>Préstamo Rápido</title>');
    }
  });

  it("answers a staff member's read-only view (/morph) with the customer's shell, never indexed", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/morph', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.body).toContain('<title>Préstamo Rápido</title>');
  });

  it("without the back office's build, its paths are a 404, never the customer's shell", async () => {
    for (const url of ['/backoffice', '/backoffice/login']) {
      const response = await withoutBackoffice.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(404);
      expect(errorResponseSchema.parse(response.json()).errors[0]?.code.name, url).toBe('NotFound');
    }
    expect((await withoutBackoffice.app.inject({ method: 'GET', url: '/dashboard', headers: html })).statusCode).toBe(
      200,
    );
  });
});
