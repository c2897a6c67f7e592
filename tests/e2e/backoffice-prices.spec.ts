import type { Page } from '@playwright/test';
import { staffLogsIn } from './backoffice-staff.ts';
import { withCookieConsent } from './cookie-consent.ts';
import { expect, test } from './fixtures.ts';
import { expectNoViolations } from './helpers.ts';
import { startOwnServer } from './own-server.ts';
import { DEMO, openAs } from './session.ts';

/**
 * Issue 27's price journey (docs/rules/pricing-and-quotes.md "Changing a price in the back office"), in Chromium
 * against a server of its own (the price it changes is every other spec's): admin@ makes a new version of the
 * instalment loan's price in '/productos'; a visitor's home calculator prices with it at once, its representative
 * example too; a customer's signed loan shows the same figures as before.
 */

const PAYBACK = /^Pagarás (\d{1,3}(?:\.\d{3})*,\d{2})€ el \d{2}\/\d{2}\/\d{4}$/;

/** The home calculator's instalment loan of 2.500 € in 12: the monthly instalment and the example's sentence. */
async function instalmentQuote(home: Page): Promise<{ amount: string; example: string }> {
  await home.goto('/');
  // The minipréstamo's first quote shown: the page is hydrated, a press is not lost.
  await expect(home.getByRole('status').filter({ hasText: /^Pagarás/ })).toBeVisible();
  await expect(home.locator('.calc-result')).toHaveAttribute('aria-busy', 'false');
  await home.getByRole('radio', { name: 'Préstamo a plazos' }).check();
  await expect(home.getByRole('slider', { name: '¿Cuánto dinero necesitas?' })).toHaveValue('2500');
  await expect(home.locator('.calc-result')).toHaveAttribute('aria-busy', 'false');
  const text =
    (await home
      .getByRole('status')
      .filter({ hasText: /^Pagarás/ })
      .textContent()) ?? '';
  const match = PAYBACK.exec(text);
  expect(match, text).not.toBeNull();
  const example = home.getByText(/^Ejemplo representativo: para un préstamo de 2\.500,00\s€/);
  await expect(example).toBeVisible();
  return { amount: match![1]!, example: (await example.textContent()) ?? '' };
}

test('a new price from the back office changes the home calculator at once; a signed loan keeps its figures', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(180_000);
  const own = await startOwnServer();
  try {
    const options = { baseURL: own.baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid' };
    const request = await playwright.request.newContext({ baseURL: own.baseURL });

    // A customer with a signed loan of the built-in price: what their app shows.
    const app = await (await browser.newContext(options)).newPage();
    await withCookieConsent(app.context());
    const session = await openAs(app, '/dashboard', DEMO.securityCheckedDueIn3Days);
    const summary = app.getByRole('region', { name: /TU DEUDA ACTUAL/ }).first();
    await expect(summary).toContainText('de 12 pagadas');
    const summaryBefore = await summary.innerText();
    const headers = { authorization: `Bearer ${session.token}`, 'x-member-id': String(session.memberId) };
    const loansBefore = await (await app.request.get('/api/loan/customerAllLoans', { headers })).json();

    // A visitor's calculator at 6,11 % a month (the amount depends on today's first instalment date).
    const visitor = await browser.newContext(options);
    await withCookieConsent(visitor);
    const home = await visitor.newPage();
    const before = await instalmentQuote(home);

    // admin@ makes version 2 at 5 % a month, from now.
    const page = await (await browser.newContext(options)).newPage();
    await staffLogsIn(page, request, 'admin@demo.prestamo.local');
    await page.getByRole('navigation').getByRole('link', { name: 'Productos' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Productos y precios' })).toBeVisible();
    const section = page.getByRole('region', { name: 'Préstamo a plazos' });
    const versions = section.getByRole('table', { name: 'Versiones de Préstamo a plazos' });
    await expect(versions.getByRole('row').nth(1)).toContainText('6,11 % al mes');
    await expectNoViolations(page, '/backoffice/productos');
    await section.getByRole('button', { name: 'Nuevo precio' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo precio de Préstamo a plazos' });
    await dialog.getByLabel('Tipo mensual (%)').fill('5');
    await dialog.getByLabel('Motivo (queda en la auditoría)').fill('Campaña de invierno aprobada por dirección.');
    await expectNoViolations(page, 'the new price dialog');
    await dialog.getByRole('button', { name: 'Crear la versión' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Versión 2 de Préstamo a plazos creada.' })).toBeVisible();
    const v2 = versions.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '2', exact: true }) });
    await expect(v2).toContainText('5 % al mes');
    await expect(v2).toContainText('En vigor');
    await expect(
      versions.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '1', exact: true }) }),
    ).toContainText('Sustituida');

    // The visitor's calculator and example, read again: a lower instalment, the example's new TAE.
    const after = await instalmentQuote(home);
    const euros = (text: string) => Number(text.replace(/\./g, '').replace(',', '.'));
    expect(euros(after.amount)).toBeLessThan(euros(before.amount));
    expect(after.example).not.toBe(before.example);
    expect(after.example).toMatch(/TAE/);

    // The signed loan: the same figures on screen and from the API.
    await app.reload();
    await expect(summary).toContainText('de 12 pagadas');
    expect(await summary.innerText()).toBe(summaryBefore);
    expect(await (await app.request.get('/api/loan/customerAllLoans', { headers })).json()).toEqual(loansBefore);
    await request.dispose();
  } finally {
    await own.close();
  }
});
