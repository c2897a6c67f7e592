import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoViolations } from './helpers.ts';
import { DEMO, openAs } from './session.ts';
import { staffLogin } from './backoffice-staff.ts';

/**
 * A staff member's read-only view of a customer's area (MorphToPost, docs/backoffice.md §1 «morphTo»), against the
 * real server: an agent logs in (password and the code of the moment from `/sandbox/staff`) and opens the view of a
 * fresh sandbox customer; the URL it answers, opened in a browser that holds another customer's session, shows the
 * viewed customer's dashboard under the banner, keeps nothing in IndexedDB (the browser's own session is neither read
 * nor overwritten), sends no analytics, client log or push subscription, answers a change with the Spanish
 * ReadOnlySession message, and ends with the customer's 'Cerrar sesión'.
 */

const AGENT = 'agente@demo.prestamo.local';
const BANNER = 'Vista de empleado: solo lectura';
const READ_ONLY_MESSAGE = 'Estás en la vista de empleado, que es solo de lectura: esta acción no está disponible.';

async function morphUrl(request: APIRequestContext, staff: Record<string, string>, customerId: number) {
  const response = await request.post(`/api/membership/morphTo/${customerId}`, {
    headers: staff,
    data: { reason: 'El cliente llama: no ve su próximo pago' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { url: string } }).data.url;
}

/** The entries of the app's IndexedDB store (`prestamo-rapido` / `state`) as the page's origin holds them. */
function storedEntry(page: Page, key: string): Promise<unknown> {
  return page.evaluate(
    (entryKey) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('prestamo-rapido');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('state')) return resolve(undefined);
          const read = db.transaction('state').objectStore('state').get(entryKey);
          read.onsuccess = () => resolve(read.result as unknown);
          read.onerror = () => reject(new Error(String(read.error)));
        };
      }),
    key,
  );
}

const storedToken = async (page: Page) =>
  ((await storedEntry(page, 'session')) as { value?: { token?: string } } | undefined)?.value?.token;

test("an agent's read-only view: the customer's dashboard under the banner, nothing stored, changes refused", async ({
  persistentContext,
  persistentPage,
  request,
}) => {
  test.setTimeout(120_000);
  // The browser already holds a customer session of its own (another customer).
  const own = await openAs(persistentPage, '/dashboard', DEMO.systemApproved);
  expect(await storedToken(persistentPage)).toBe(own.token);

  const created = await request.post('/sandbox/customers', { data: { loans: [{ firstUnpaidDueInDays: 5 }] } });
  expect(created.status(), await created.text()).toBe(200);
  const customer = ((await created.json()) as { data: { customerId: number; phone: string } }).data;
  const url = await morphUrl(request, await staffLogin(request, AGENT), customer.customerId);
  expect(url).toMatch(/^\/morph#t=/);

  const view = await persistentContext.newPage();
  const problems: string[] = [];
  const sent: string[] = [];
  view.on('pageerror', (error) => problems.push(error.message));
  view.on('request', (sentRequest) => {
    const path = new URL(sentRequest.url()).pathname;
    if (/^\/(api\/analytics|logs\/write|api\/communication\/push)/.test(path)) sent.push(path);
  });
  await view.goto(url);

  // The viewed customer's dashboard, under the banner; the token left the address at once.
  await expect(view).toHaveURL(/\/dashboard$/);
  const banner = view.getByRole('status').filter({ hasText: BANNER });
  await expect(banner).toBeVisible();
  await expect(view.locator('.header-client-area')).toBeVisible();
  expect(await view.evaluate(() => location.href)).not.toContain('#');
  await expect(view.getByRole('dialog', { name: 'Tu privacidad' })).toHaveCount(0);
  await expectNoViolations(view, 'read-only view, dashboard');

  // Nothing of the view is kept: the browser's own session is still the one stored, and its tab still shows it.
  expect(await storedToken(view)).toBe(own.token);
  expect(await view.evaluate(() => localStorage.getItem('prestamo-rapido.reopen-snapshot'))).toBeNull();

  // A change (the account page's communication switches) is refused with the Spanish message; the view goes on.
  await view.evaluate(() => {
    history.pushState(null, '', '/account');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(view.getByRole('heading', { name: 'Comunicaciones' })).toBeVisible();
  await expect(banner).toBeVisible();
  await view.getByText('Comunicaciones por SMS', { exact: true }).click();
  const refusal = view.getByRole('alertdialog').filter({ hasText: READ_ONLY_MESSAGE });
  await expect(refusal).toBeVisible();
  await expectNoViolations(view, 'read-only view, refused change');
  await refusal.getByRole('button').first().click();
  await expect(view).toHaveURL(/\/account$/);
  await expect(view.locator('.header-client-area')).toBeVisible();

  // 'Cerrar sesión' ends the view (LogoutPost is allowed): the tab is logged out; the browser's session stays.
  await view.locator('.page-account').getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(view).toHaveURL(/\/$/);
  await expect(view.locator('.header-client-area')).toHaveCount(0);
  await expect(banner).toContainText('Ábrela de nuevo desde el panel de gestión.');
  expect(await storedToken(view)).toBe(own.token);
  await persistentPage.reload();
  await expect(persistentPage.locator('.header-client-area')).toBeVisible();

  expect(sent).toEqual([]);
  expect(problems).toEqual([]);
});

test('a reload of the view loses its session: the login page says why, never the browser’s own session', async ({
  persistentContext,
  persistentPage,
  request,
}) => {
  test.setTimeout(120_000);
  const own = await openAs(persistentPage, '/dashboard', DEMO.systemApproved);
  const created = await request.post('/sandbox/customers', { data: {} });
  expect(created.status(), await created.text()).toBe(200);
  const customer = ((await created.json()) as { data: { customerId: number } }).data;
  const url = await morphUrl(request, await staffLogin(request, 'admin@demo.prestamo.local'), customer.customerId);

  const view = await persistentContext.newPage();
  await view.goto(url);
  await expect(view).toHaveURL(/\/dashboard$/);
  await view.reload();
  await expect(view.getByRole('status').filter({ hasText: BANNER })).toBeVisible();
  await expect(view.locator('.header-client-area')).toHaveCount(0);
  await expect(view.getByRole('heading', { name: 'Para acceder a esta página debes iniciar sesión.' })).toBeVisible();
  expect(await storedToken(view)).toBe(own.token);

  // An expired or used link: the login page with the reason.
  await view.goto('/morph#t=not.a.token');
  await expect(view).toHaveURL(/\/login$/);
  await expect(
    view.getByText('La vista de empleado ha caducado. Ábrela de nuevo desde el panel de gestión.'),
  ).toBeVisible();
  await expectNoViolations(view, 'read-only view, expired');
});
