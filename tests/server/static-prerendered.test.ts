import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/vite-precompress.ts';
import { errorResponseSchema } from '../../src/shared/api/define.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createDistFixture } from './helpers/dist-fixture.ts';

/**
 * Pre-rendered pages (issue 4): the build writes each static page's HTML to `<path>/index.html`, the home page's to
 * `index.html`, and the app shell without page content to `app.html` (scripts/vite-prerender.ts). The server answers
 * a navigation to a pre-rendered path with that page, any other navigation with the shell.
 */

let t: TestApp;
const dist = createDistFixture('4.0.0+prerender');

// Big enough for the precompress step to write .br/.gz variants, like the real pages.
const filler = (label: string) =>
  Array.from({ length: 60 }, (_, i) => `<p>${label}: párrafo ${i} con contenido real de la página.</p>`).join('');
const documentWith = (title: string, body: string) =>
  `<!doctype html><html lang="es"><head><title>${title}</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root">${body}</div></body></html>`;

const pages = {
  'index.html': documentWith('Préstamo Rápido | Inicio', `<h1>Solicita tu préstamo rápido</h1>${filler('Inicio')}`),
  'como-funciona/index.html': documentWith(
    'Préstamo Rápido | Cómo funciona',
    `<h1>Cómo funciona</h1>${filler('Pasos')}`,
  ),
  'cookie/index.html': documentWith(
    'Préstamo Rápido | Política de cookies',
    `<h1>Política de cookies</h1>${filler('Cookies')}`,
  ),
  'app.html': documentWith('Préstamo Rápido', '').replace(
    '<div id="root"></div>',
    `<div id="root"></div>${filler('Shell')}`,
  ),
} as const;

for (const [file, html] of Object.entries(pages)) {
  mkdirSync(dirname(join(dist.dir, file)), { recursive: true });
  writeFileSync(join(dist.dir, file), html);
}
const distFile = (path: string): Buffer => readFileSync(join(dist.dir, path));

beforeAll(async () => {
  await precompressDirectory(dist.dir);
  t = await createTestApp({ env: { DIST_DIR: dist.dir } });
});
afterAll(async () => {
  await t.close();
  dist.remove();
});

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const chromium = { ...html, 'accept-encoding': 'gzip, deflate, br, zstd' };

async function navigate(url: string, headers: Record<string, string> = html) {
  return t.app.inject({ method: 'GET', url, headers });
}

describe('pre-rendered pages are served for their own paths', () => {
  it('a static page path answers its own HTML (200, HTML, no-cache), with or without a query or a trailing slash', async () => {
    for (const url of ['/como-funciona', '/como-funciona?origen=sms', '/como-funciona/']) {
      const response = await navigate(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(pages['como-funciona/index.html']);
    }
    expect((await navigate('/cookie')).body).toBe(pages['cookie/index.html']);
  });

  it('the home page answers the pre-rendered home (index.html)', async () => {
    const response = await navigate('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(pages['index.html']);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('a browser that accepts br or gzip gets the precompressed page, with its HTML type and vary', async () => {
    const brotli = await navigate('/como-funciona', chromium);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.equals(distFile('como-funciona/index.html.br'))).toBe(true);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(pages['como-funciona/index.html']);

    const gzip = await navigate('/cookie', { ...html, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(pages['cookie/index.html']);
  });

  it('HEAD of a pre-rendered path answers 200 as HTML without a body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/como-funciona', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toBe('');
  });
});

describe('every other navigation gets the app shell, never the home content', () => {
  it('deep links, repay links and unknown paths answer app.html (compressed), not the home page', async () => {
    for (const url of ['/dashboard', '/r/demo-600000004', '/unsubscribe?camp=1&key=2&userTo=a%40b.es', '/no-existe']) {
      const response = await navigate(url, chromium);
      // A path that is no route of the app: the same shell (it shows 'Página no encontrada'), with a 404.
      expect(response.statusCode, url).toBe(url === '/no-existe' ? 404 : 200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-encoding'], url).toBe('br');
      const body = brotliDecompressSync(response.rawPayload).toString();
      expect(body, url).toBe(pages['app.html']);
      expect(body, url).not.toContain('Solicita tu préstamo rápido');
    }
  });

  it('paths are matched exactly: another case, a sub-path or a static route that was not pre-rendered get the shell', async () => {
    for (const url of ['/Como-Funciona', '/como-funciona/pasos', '/preguntas-frecuentes']) {
      const response = await navigate(url);
      // '/como-funciona/pasos' is no route (404); the others are routes of the app, whatever their case.
      expect(response.statusCode, url).toBe(url === '/como-funciona/pasos' ? 404 : 200);
      expect(response.body, url).toBe(pages['app.html']);
    }
  });

  it('unknown paths answer 404 with the shell (the app shows its 404 page)', async () => {
    for (const url of ['/no-existe', '/dashboard/extra', '/pago/../../etc', '/documentos-no']) {
      const response = await navigate(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toBe(pages['app.html']);
    }
  });
});

describe('what is not a page navigation is unchanged', () => {
  it('server paths, missing assets and missing files stay 404 in the error shape', async () => {
    for (const url of ['/api/unknown', '/sandbox/unknown', '/assets/missing-123.js', '/como-funciona/logo.png']) {
      const response = await navigate(url);
      expect(response.statusCode, url).toBe(404);
      expect(errorResponseSchema.parse(response.json()).errors[0]?.code.name, url).toBe('NotFound');
    }
  });

  it('a POST to a page path is not answered with the page', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/como-funciona', headers: html, payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Cómo funciona');
  });

  it('the build files themselves are still served as files (app.html, index.html)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/app.html' })).body).toBe(pages['app.html']);
    expect((await t.app.inject({ method: 'GET', url: '/index.html' })).body).toBe(pages['index.html']);
  });
});
