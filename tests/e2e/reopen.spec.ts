import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { waitForServiceWorker } from './helpers.ts';
import { openAs } from './session.ts';

/**
 * Issue 24 item 3: the installed app opens on the customer's data at once. A returning customer (persistent profile,
 * logged in, the service worker in control) opens /dashboard again: the loans kept from the last visit show before
 * the fresh answer, with their age and paying disabled, while start-up checks the session; then the fresh answer
 * replaces them.
 */

interface SandboxCustomer {
  phone: string;
  customerId: number;
  loanIds: number[];
}

const summaryOf = (page: Page, loanId: number) =>
  page.getByRole('region', { name: new RegExp(`TU DEUDA ACTUAL.*${loanId}`) });

const CHECKING = 'Estamos actualizando tus datos: podrás pagar en un momento.';

test('reopened, the dashboard shows the kept loans with their age at once, then the fresh answer', async ({
  persistentContext,
  persistentPage: page,
}) => {
  // A persistent profile, a first visit with the service worker's install, then the reopening.
  test.setTimeout(120_000);
  const created = await page.request.post('/sandbox/customers', {
    data: { loans: [{ installments: 12, firstUnpaid: 2, firstUnpaidDueInDays: 3 }] },
  });
  expect(created.status(), await created.text()).toBe(200);
  const customer = ((await created.json()) as { data: SandboxCustomer }).data;
  const loanId = customer.loanIds[0]!;

  // The first visit: logged in, the loans shown (and kept for the session), the service worker in control.
  await openAs(page, '/dashboard', customer.phone);
  await expect(summaryOf(page, loanId).getByRole('link', { name: 'Pagar' })).toBeVisible();
  await waitForServiceWorker(page);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return registration?.active?.state ?? null;
      }),
    )
    .toBe('activated');

  // Reopened: the session check (member details) and the fresh loans are held until the kept loans have been seen.
  const hold = () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    return { held, release };
  };
  const check = hold();
  const fresh = hold();
  let asked = 0;
  await persistentContext.route('**/api/membership/memberDetails*', async (route) => {
    await check.held;
    await route.continue();
  });
  await persistentContext.route('**/api/loan/customerAllLoans*', async (route) => {
    asked += 1;
    await fresh.held;
    await route.continue();
  });
  // What the app shell paints before the app's code runs (the reopen snapshot), as it first appears.
  await persistentContext.addInitScript(() => {
    const seen = window as unknown as { __reopenSnapshot?: { text: string; controls: number } };
    const observer = new MutationObserver(() => {
      const copy = document.getElementById('reopen-snapshot');
      if (copy === null) return;
      seen.__reopenSnapshot = {
        text: copy.textContent ?? '',
        controls: copy.querySelectorAll('button, a, input, select, textarea, [tabindex]').length,
      };
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.close();
  const reopened = await persistentContext.newPage();
  await reopened.goto('/dashboard');
  const summary = summaryOf(reopened, loanId);
  await expect(summary).toContainText('1 de 12 pagadas', { timeout: 20_000 });
  await expect(reopened.getByText('Datos de hace menos de 1 min')).toBeVisible();
  await expect(reopened.getByRole('status').filter({ hasText: CHECKING })).toBeVisible();
  const pay = summary.getByRole('button', { name: 'Pagar' });
  await expect(pay).toBeDisabled();
  await expect(pay).toHaveAccessibleDescription(CHECKING);
  // Nothing of the customer's is asked before the session is checked.
  expect(asked).toBe(0);
  // Before the app ran, the shell painted the debt kept after the last visit with its age, nothing to press; the
  // app's own kept copy has replaced it.
  const debt = (await summary.locator('.dashboard-summary-debt').textContent()) ?? '';
  const painted = await reopened.evaluate(
    () => (window as unknown as { __reopenSnapshot?: { text: string; controls: number } }).__reopenSnapshot ?? null,
  );
  expect(painted?.text).toContain('TU DEUDA ACTUAL');
  // Amounts and dates only: nothing kept outside the session's storage names the customer or the loan.
  expect(painted?.text).not.toContain(`Préstamo ${loanId}`);
  expect(painted?.text).toContain(debt);
  expect(painted?.text).toContain('Datos de hace menos de 1 min');
  expect(painted?.text).toContain(CHECKING);
  expect(painted?.controls).toBe(0);
  await expect(reopened.locator('#reopen-snapshot')).toHaveCount(0);

  // The session checked, the fresh answer asked (still held): the kept loans stay until it arrives.
  check.release();
  await expect.poll(() => asked, { timeout: 20_000 }).toBe(1);
  await expect(summary.getByRole('button', { name: 'Pagar' })).toBeDisabled();
  fresh.release();
  await expect(summary.getByRole('link', { name: 'Pagar' })).toBeVisible({ timeout: 20_000 });
  await expect(summary).toContainText('1 de 12 pagadas');
  await expect(reopened.getByText(/^Datos de hace/)).toHaveCount(0);
});

test('the reopen snapshot is bound to the session: logging out removes it', async ({ page }) => {
  test.setTimeout(60_000);
  const created = await page.request.post('/sandbox/customers', {
    data: { loans: [{ installments: 3, firstUnpaid: 1, firstUnpaidDueInDays: 10 }] },
  });
  expect(created.status(), await created.text()).toBe(200);
  const customer = ((await created.json()) as { data: SandboxCustomer }).data;
  await openAs(page, '/dashboard', customer.phone);
  await expect(summaryOf(page, customer.loanIds[0]!).getByRole('link', { name: 'Pagar' })).toBeVisible();
  const kept = () => page.evaluate(() => localStorage.getItem('prestamo-rapido.reopen-snapshot'));
  await expect.poll(kept).not.toBeNull();
  await page.goto('/account');
  await page.locator('.page-account').getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(kept).toBeNull();
});
