import { expect, test } from './fixtures.ts';
import { expectNoViolations, waitForServiceWorker } from './helpers.ts';

/**
 * The back office's shell (docs/backoffice.md §6) from the real server: its own build under /backoffice, where any
 * path leads to the staff login page without a session, and which the customer's service worker never answers.
 */

const LOGIN_TITLE = 'Acceso de empleados';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

test('a deep link lands on the staff login page: its own HTML, never cached or indexed, axe clean, no CSP violation', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('response', (answer) => {
    if (answer.status() >= 400) problems.push(`${answer.status()} ${answer.url()}`);
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });

  const response = await page.goto('/backoffice/clientes');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('no-store');
  expect(response?.headers()['x-robots-tag']).toBe('noindex');
  await expect(page).toHaveURL(/\/backoffice\/login\?volver=%2Fclientes$/);
  await expect(page.getByRole('heading', { level: 1, name: LOGIN_TITLE })).toBeVisible();
  await expect(page).toHaveTitle('Panel de gestión');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByRole('banner')).toContainText('Panel de gestión · ');

  // The skip link is the first stop of the keyboard and moves to the content.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Saltar al contenido' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  await expectNoViolations(page, '/backoffice/login');
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => window.__cspViolations ?? []), 'CSP violations').toEqual([]);
  expect(problems, 'console errors').toEqual([]);
});

test("the customer's service worker, in control, leaves /backoffice to the server and caches none of it", async ({
  page,
}) => {
  await page.goto('/');
  await waitForServiceWorker(page);

  const response = await page.goto('/backoffice/clientes/12/documentos');
  expect(response?.fromServiceWorker()).toBe(false);
  expect(response?.headers()['cache-control']).toBe('no-store');
  await expect(page).toHaveURL(/\/backoffice\/login\?volver=%2Fclientes%2F12%2Fdocumentos$/);
  await expect(page.getByRole('heading', { level: 1, name: LOGIN_TITLE })).toBeVisible();
  await expect(page).toHaveTitle('Panel de gestión');
  // Not the customer's shell: none of its header, and not its document.
  await expect(page.locator('.app-header')).toHaveCount(0);

  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const key of await caches.keys()) {
      for (const request of await (await caches.open(key)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached.some((path) => path === '/index.html')).toBe(true);
  expect(cached.filter((path) => path.startsWith('/backoffice'))).toEqual([]);

  // A reload under the same (still controlling) worker goes to the server again.
  const again = await page.reload();
  expect(again?.fromServiceWorker()).toBe(false);
  await expect(page.getByRole('heading', { level: 1, name: LOGIN_TITLE })).toBeVisible();
});
