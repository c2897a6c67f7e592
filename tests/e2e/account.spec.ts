import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { fillCard } from './cards.ts';
import { openAs } from './session.ts';

/**
 * Issue 14, the account page in real Chromium against the real server: the communication permissions switched and
 * their history, the e-mail update modal's errors, the principal card changed, and logout. Every test makes its own
 * customer with `POST /sandbox/customers`, so the seeded demo customers keep their states.
 */

interface SandboxCustomer {
  phone: string;
  customerId: number;
}

async function sandboxCustomer(request: APIRequestContext, extra: Record<string, unknown> = {}) {
  const response = await request.post('/sandbox/customers', { data: { loans: [], ...extra } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: SandboxCustomer }).data;
}

/** Taps a switch's visible label, as a customer does. */
const tap = (page: Page, label: string) => page.getByText(label, { exact: true }).click();

const history = (page: Page) => page.getByRole('list', { name: 'Historial de cambios' }).getByRole('listitem');

test('the communication permissions are switched, saved and listed in their history with their dates', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const customer = await sandboxCustomer(page.request);
  await openAs(page, '/account', customer.phone);
  await expect(page.getByRole('heading', { name: 'Comunicaciones' })).toBeVisible();
  // The details of CustomerGet, with the home address saved at registration.
  await expect(page.getByText('Calle de Alcalá, 50, 3º A')).toBeVisible();
  await expect(page.getByText(`+34 ${customer.phone}`)).toBeVisible();
  const sms = page.getByRole('switch', { name: 'Comunicaciones por SMS' });
  const calls = page.getByRole('switch', { name: 'Llamadas telefónicas' });
  await expect(sms).toBeVisible();
  const before = await history(page).count();
  const smsWas = await sms.isChecked();

  await tap(page, 'Comunicaciones por SMS');
  await expect(page.getByText('Los cambios se han guardado.').first()).toBeVisible();
  await expect(sms).toBeChecked({ checked: !smsWas });
  await expect(history(page)).toHaveCount(before + 1);
  const today = new Intl.DateTimeFormat('es-ES', {
    timeZone: 'Europe/Madrid',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());
  await expect(history(page).first()).toContainText(today);
  await expect(history(page).first()).toContainText(`SMS ${smsWas ? 'no' : 'sí'}`);
  await expect(history(page).first()).toContainText('(por ti)');

  const callsWas = await calls.isChecked();
  await tap(page, 'Llamadas telefónicas');
  await expect(history(page)).toHaveCount(before + 2);
  await expect(history(page).first()).toContainText(`llamadas ${callsWas ? 'no' : 'sí'}`);

  // Saved on the server: a new visit shows the switches as they were left.
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Comunicaciones por SMS' })).toBeChecked({ checked: !smsWas });
  await expect(page.getByRole('switch', { name: 'Llamadas telefónicas' })).toBeChecked({ checked: !callsWas });
  await expect(history(page)).toHaveCount(before + 2);
});

test("the e-mail update modal: 'Email no válido', an address another customer holds, then a new one saved", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const other = await sandboxCustomer(page.request);
  const customer = await sandboxCustomer(page.request);
  await openAs(page, '/account', customer.phone);
  await expect(page.getByText(`lucia.${customer.phone}@example.com`)).toBeVisible();
  await page.getByRole('button', { name: 'Actualizar mi email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Actualiza tu email' });
  const field = dialog.getByRole('textbox', { name: /Email/ });
  await expect(field).toHaveValue(`lucia.${customer.phone}@example.com`);

  await field.fill('lucia@');
  await dialog.getByRole('button', { name: 'ENVIAR' }).click();
  await expect(dialog.getByText('Email no válido')).toBeVisible();

  // EmailNotAvailable: the server's message as a warning, the modal stays with the typed address.
  await field.fill(`lucia.${other.phone}@example.com`);
  await dialog.getByRole('button', { name: 'ENVIAR' }).click();
  await expect(
    page.getByText('Este email ya está registrado. Por favor, utiliza otra dirección de email.').first(),
  ).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(field).toHaveValue(`lucia.${other.phone}@example.com`);

  const fresh = `nueva.${customer.phone}@example.com`;
  await field.fill(fresh);
  await dialog.getByRole('button', { name: 'ENVIAR' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Los cambios se han guardado.').first()).toBeVisible();
  await expect(page.getByText(fresh)).toBeVisible();
  await page.reload();
  await expect(page.getByText(fresh)).toBeVisible();
});

test("the principal card is changed from the account ('Has establecido tu tarjeta como principal.')", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const customer = await sandboxCustomer(page.request, { isRtb: true });
  await openAs(page, '/financial-info/add-card', customer.phone);
  await fillCard(page, '5555555555554444');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByText('Hemos añadido tu tarjeta.').first()).toBeVisible({ timeout: 20_000 });

  await page.goto('/account');
  const cards = page.getByRole('list', { name: 'Tarjetas' }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: '1111' }).getByText('Principal', { exact: true })).toBeVisible();
  await expect(cards.filter({ hasText: '4444' }).getByText('Principal', { exact: true })).toHaveCount(0);
  // An RTB securityChecked customer who is not blacklisted may add another bank account.
  await expect(page.getByRole('link', { name: 'Añadir nueva cuenta bancaria' })).toBeVisible();

  await page.getByRole('link', { name: 'Cambiar mi tarjeta principal' }).click();
  await expect(page).toHaveURL(/\/financial-info\/active-cards$/);
  await page.getByRole('button', { name: /Establecer como principal: .*4444/ }).click();
  await expect(page.getByText('Has establecido tu tarjeta como principal.').first()).toBeVisible();

  await page.goto('/account');
  await expect(cards.filter({ hasText: '4444' }).getByText('Principal', { exact: true })).toBeVisible();
  await expect(cards.filter({ hasText: '1111' }).getByText('Principal', { exact: true })).toHaveCount(0);
});

test("'Cambiar contraseña' ends the session and opens the PIN reset with the customer's phone", async ({ page }) => {
  const customer = await sandboxCustomer(page.request);
  await openAs(page, '/account', customer.phone);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page).toHaveURL(new RegExp(`/login/forgot-pin\\?phone=${customer.phone}$`));
  await expect(page.locator('.header-client-area')).toHaveCount(0);
});

test("'Cerrar sesión' on the account page ends the session", async ({ page }) => {
  const customer = await sandboxCustomer(page.request);
  await openAs(page, '/account', customer.phone);
  await expect(page.getByRole('link', { name: 'Añadir nueva cuenta bancaria' })).toHaveCount(0);
  await page.locator('.page-account').getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('.header-client-area')).toHaveCount(0);
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Para acceder a esta página debes iniciar sesión.' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Inicia sesión' })).toHaveAttribute(
    'href',
    '/login?redirectTo=%2Faccount',
  );
});
