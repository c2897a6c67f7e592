import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transportErrorCodes } from '../../src/shared/api/error-codes.ts';
import { BRAND } from '../../src/shared/constants.ts';
import { expect, test } from './fixtures.ts';

const builtVersion = (): string => {
  const dist = process.env.E2E_DIST_DIR ?? fileURLToPath(new URL('../../dist', import.meta.url));
  const file = join(dist, 'version.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
};

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

test('the home page renders the Spanish app from the real server without CSP violations or console errors', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });

  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(new RegExp(BRAND));
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('#root > *').first()).toBeVisible();
  await expect(page.getByText(/préstamo/i).first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  const violations = await page.evaluate(() => window.__cspViolations ?? []);
  expect(violations, 'CSP violations').toEqual([]);
  expect(problems, 'console errors').toEqual([]);
});

test('/version.json answers the version baked into the build', async ({ request }) => {
  const response = await request.get('/version.json');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/json');
  const body = (await response.json()) as { version?: unknown };
  expect(body.version).toBe(builtVersion());
});

test('a deep link to an app route is answered with the app shell HTML (SPA fallback, no page content)', async ({
  request,
}) => {
  const shell = await request.get('/app.html', { headers: { accept: 'text/html' } });
  const deep = await request.get('/dashboard', { headers: { accept: 'text/html' } });
  expect(deep.status()).toBe(200);
  expect(deep.headers()['content-type']).toContain('text/html');
  const html = await deep.text();
  expect(html).toContain('<div id="root"');
  expect(html).toBe(await shell.text());
  expect(html).not.toContain('Solicita tu préstamo rápido en menos de 10 minutos</h1>');
});

test('the service worker registers, activates and controls the page after a reload', async ({
  persistentPage: page,
}) => {
  // Registered by hand here to watch every state; the app registers the same script after its load event.
  await page.goto('/');
  const state = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.register('/service-worker.js');
    const worker = registration.installing ?? registration.waiting ?? registration.active;
    if (!worker) return 'none';
    if (worker.state !== 'activated') {
      await new Promise<void>((resolve) => {
        worker.addEventListener('statechange', () => {
          if (worker.state === 'activated' || worker.state === 'redundant') resolve();
        });
      });
    }
    return worker.state;
  });
  expect(state).toBe('activated');

  await page.reload();
  const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
  expect(controller).toMatch(/\/service-worker\.js$/);

  // Under the service worker, a deep link still opens the app.
  const response = await page.goto('/como-funciona');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(new RegExp(BRAND));
  await expect(page.locator('#root > *').first()).toBeVisible();
});

test('an unknown API path answers 404 in the error shape', async ({ request }) => {
  const response = await request.get('/api/does-not-exist');
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toContain('application/json');
  const body = (await response.json()) as unknown;
  expect(body).toEqual({
    errors: [
      {
        code: { name: 'NotFound', value: transportErrorCodes.NotFound.value },
        message: expect.any(String),
        title: expect.any(String),
      },
    ],
  });
});
