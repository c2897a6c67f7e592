import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { withCookieConsent } from './cookie-consent.ts';
import { expect, test } from './fixtures.ts';
import { openAs } from './session.ts';

/**
 * Issue 14's "call me" and review link in a real browser against the real server: a customer books a welcome call
 * on /account and the slot is gone for the next customer; after a loan is repaid the dashboard and the payment
 * success page invite the customer to leave a review, and the link opens the sandbox review page. Every test makes
 * its own customers with `POST /sandbox/customers`.
 */

interface SandboxLoan {
  installments?: number;
  firstUnpaid?: number | null;
  firstUnpaidDueInDays: number;
  status?: 'issued' | 'repaid';
}

async function sandboxCustomer(request: APIRequestContext, loans: SandboxLoan[] = []) {
  const response = await request.post('/sandbox/customers', { data: { loans } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { phone: string; customerId: number; loanIds: number[] } }).data;
}

/** The option labels of a design-system select, closing it again. */
async function optionsOf(page: Page, label: string): Promise<string[]> {
  await page.getByRole('button', { name: label }).click();
  const names = await page.getByRole('listbox').getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  return names.map((name) => name.trim());
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('button', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

async function newCustomerPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  await withCookieConsent(context);
  return context.newPage();
}

test('a call is booked on the account page, and the taken slot is gone for the next customer', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two customers in two browsers: ~18 s alone, over 30 s with other workers on the 2 shared cores.
  test.setTimeout(90_000);
  const first = await sandboxCustomer(page.request);
  await openAs(page, '/account', first.phone);
  await expect(page.getByRole('heading', { name: 'Te llamamos' })).toBeVisible();
  const days = await optionsOf(page, 'Selecciona la fecha');
  expect(days.length).toBeGreaterThan(0);
  for (const day of days) expect(day).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  const day = days[0]!;
  await choose(page, 'Selecciona la fecha', day);
  const hours = await optionsOf(page, 'Selecciona la hora');
  expect(hours.length).toBeGreaterThan(0);
  const hour = hours[0]!;
  await choose(page, 'Selecciona la hora', hour);
  await page.getByRole('button', { name: 'Programar llamada' }).click();
  await expect(
    page.getByText('Hemos aceptado tu solicitud. Te llamaremos a la hora que has especificado.'),
  ).toBeVisible();

  // The next customer: the slot is no longer offered (nor the day, if it was its last free slot).
  const second = await sandboxCustomer(page.request);
  const other = await newCustomerPage(browser, baseURL);
  await openAs(other, '/account', second.phone);
  const daysNow = await optionsOf(other, 'Selecciona la fecha');
  if (daysNow.includes(day)) {
    await choose(other, 'Selecciona la fecha', day);
    const hoursNow = await optionsOf(other, 'Selecciona la hora');
    expect(hoursNow).not.toContain(hour);
    expect(hoursNow).toEqual(hours.slice(1));
  } else {
    expect(hours).toEqual([hour]);
  }
  await other.context().close();
});

test('the side menu links to the call scheduling form of the account page', async ({ page }) => {
  const customer = await sandboxCustomer(page.request);
  await page.setViewportSize({ width: 390, height: 800 });
  await openAs(page, '/dashboard', customer.phone);
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const menu = page.getByRole('dialog');
  await expect(menu.getByText('TU LÍMITE')).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await menu.getByRole('link', { name: 'Elige el día y la hora' }).click();
  await expect(page).toHaveURL(/\/account#te-llamamos$/);
  await expect(page.getByRole('button', { name: 'Selecciona la fecha' })).toBeInViewport();
});

test('after the last loan is repaid, the dashboard invites a review and the link opens the review page', async ({
  page,
}) => {
  const customer = await sandboxCustomer(page.request, [
    { installments: 3, firstUnpaid: null, firstUnpaidDueInDays: -20, status: 'repaid' },
  ]);
  await openAs(page, '/dashboard', customer.phone);
  await expect(page.getByRole('heading', { name: 'No tienes ningún préstamo activo' })).toBeVisible();
  const invitation = page.getByRole('complementary', { name: '¿Qué tal tu experiencia?' });
  const link = invitation.getByRole('link', { name: /Dejar mi opinión/ });
  await expect(link).toHaveAttribute('href', /\/sandbox\/review\/[\w-]{24}$/);
  const href = await link.getAttribute('href');
  const [review] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect(review).toHaveURL(href!);
  await expect(review.getByRole('heading', { name: '¿Qué tal tu experiencia?' })).toBeVisible();
  await review.getByRole('link', { name: '5 de 5 estrellas' }).click();
  await expect(review.getByRole('heading', { name: '¡Gracias por tu opinión!' })).toBeVisible();
  // The same loan answers the same link.
  await page.reload();
  await expect(page.getByRole('complementary', { name: '¿Qué tal tu experiencia?' }).getByRole('link')).toHaveAttribute(
    'href',
    href!,
  );
});

test('a payment that repays the loan ends on the success page with the review invitation', async ({ page }) => {
  const customer = await sandboxCustomer(page.request, [{ installments: 3, firstUnpaid: 2, firstUnpaidDueInDays: 12 }]);
  const loanId = customer.loanIds[0]!;
  await openAs(page, `/payment/pay/debit-card/${loanId}?paymentOption=closeLoan`, customer.phone);
  await page.getByRole('button', { name: /^Pagar/ }).click();
  await expect(page).toHaveURL(/\/payment\/success\/closeLoan\?/, { timeout: 20_000 });
  await expect(page.getByText('Préstamo pagado')).toBeVisible();
  const invitation = page.getByRole('complementary', { name: '¿Qué tal tu experiencia?' });
  await expect(invitation.getByRole('link', { name: /Dejar mi opinión/ })).toHaveAttribute(
    'href',
    /\/sandbox\/review\/[\w-]{24}$/,
  );
});
