import { randomInt, randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { DEMO_PIN, withCheckLetter } from '../../src/server/db/seed/demo-customers.ts';
import { errorCodes, formatErrorMessage } from '../../src/shared/api/errors.ts';
import { NAVIGATION_TEXTS } from '../../src/shared/messages.ts';
import { LOGIN_TEXTS, PASSWORD_TEXTS } from '../../src/shared/messages-identity.ts';
import { expect, test } from './fixtures.ts';
import {
  expectNoViolations,
  failOnce,
  fillLogin,
  passwordField,
  phoneField,
  resetWithPin,
  uniqueMobile,
} from './helpers.ts';
import { DEMO } from './session.ts';

/**
 * Login, forgot PIN, reset password and the update-password modal in a real browser against the real server
 * (first document §2, §4, §8). Demo customers are only logged in correctly; every flow that fails a PIN, resets or
 * changes a password uses a customer this spec registers itself (LightRegisterPost), so other tests are unaffected.
 */

// ── helpers ──────────────────────────────────────────────────────────────────────────────────────────────────────

interface OwnCustomer {
  phone: string;
  password: string;
  firstName: string;
}

/** Registers a new customer (status new) through the API. */
async function registerCustomer(request: APIRequestContext): Promise<OwnCustomer> {
  const phone = uniqueMobile();
  const password = `Clave${randomInt(1000, 9999)}`;
  const firstName = 'Inés';
  const year = new Date().getFullYear() - 30;
  const response = await request.post('/api/customer/light/register', {
    data: {
      firstName,
      lastName: 'Castro Peña',
      emailAddress: `login.${randomUUID().slice(0, 12)}@example.com`,
      nationalID: withCheckLetter(String(randomInt(10_000_000, 100_000_000))),
      birthDate: `${year}-05-14`,
      mobilePhone: phone,
      employmentStatus: 'fullTimeEmployed',
      companyName: 'Talleres Ibéricos',
      monthlyIncome: 1500,
      password,
      password2: password,
      acceptPolicy: true,
      acceptAgreement: false,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { phone, password, firstName };
}

async function apiLoginStatus(request: APIRequestContext, phone: string, password: string): Promise<number> {
  const response = await request.post('/api/membership/login', {
    data: { phoneNumber: phone, password, rememberMe: false, countryCode: '+34' },
  });
  return response.status();
}

// ── tests ────────────────────────────────────────────────────────────────────────────────────────────────────────

test.describe('login', () => {
  test('a demo customer logs in and lands on the page of their status, in place of the login page', async ({
    page,
  }) => {
    await page.goto('/');
    await page.goto('/login');
    await fillLogin(page, DEMO.systemApproved, DEMO_PIN);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('.header-client-area')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
  });

  test('with redirectTo the customer lands on that page', async ({ page }) => {
    await page.goto(`/login?redirectTo=${encodeURIComponent('/account')}`);
    await fillLogin(page, DEMO.securityCheckedDueIn3Days, DEMO_PIN);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Gestión de la cuenta' })).toBeVisible();
  });

  test('an outside redirectTo is ignored at login', async ({ page }) => {
    await page.goto(`/login?redirectTo=${encodeURIComponent('https://evil.example/robar')}`);
    await fillLogin(page, DEMO.systemApproved, DEMO_PIN);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('after logout without «Recordarme» the login page greets nobody and the phone is empty', async ({ page }) => {
    const customer = await registerCustomer(page.request);
    // First remembered, then a login without the box: this device forgets the customer.
    for (const rememberMe of [true, false]) {
      await page.goto('/login');
      await fillLogin(page, customer.phone, customer.password, { rememberMe });
      await expect(page).toHaveURL(/\/otp/);
      await page.getByRole('button', { name: NAVIGATION_TEXTS.logout }).click();
      await expect(page).toHaveURL(/\/$/);
    }
    await page.goto('/login');
    await expect(phoneField(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: /Hola de nuevo/ })).toHaveCount(0);
    await expect(phoneField(page)).toHaveValue('');
  });

  test("after logout with «Recordarme» the login page greets the customer by name; 'Cambiar cuenta' forgets them", async ({
    page,
  }) => {
    const customer = await registerCustomer(page.request);
    await page.goto('/login');
    await fillLogin(page, customer.phone, customer.password, { rememberMe: true });
    await expect(page).toHaveURL(/\/otp/);
    await page.getByRole('button', { name: NAVIGATION_TEXTS.logout }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/login');
    await expect(page.getByRole('heading', { name: `¡Hola de nuevo, ${customer.firstName}!` })).toBeVisible();
    await expect(phoneField(page)).toHaveValue(customer.phone);
    await expectNoViolations(page, 'the login page with the welcome-back banner');

    await page.getByRole('button', { name: LOGIN_TEXTS.changeAccount }).click();
    await expect(page.getByRole('heading', { name: /Hola de nuevo/ })).toHaveCount(0);
    await expect(phoneField(page)).toHaveValue('');
    await expect(phoneField(page)).toBeFocused();
    await page.reload();
    await expect(phoneField(page)).toHaveValue('');
    await expect(page.getByRole('heading', { name: /Hola de nuevo/ })).toHaveCount(0);
  });

  test('a wrong PIN shows the attempts left on the password field', async ({ page }) => {
    const customer = await registerCustomer(page.request);
    await page.goto('/login');
    await failOnce(page, customer.phone, 4);
    const attempts = formatErrorMessage(errorCodes.PinNotValidWithRemainingAttemptCount.message, { remaining: 4 });
    await expect(passwordField(page)).toHaveAccessibleDescription(attempts);
    await expect(passwordField(page)).toBeFocused();
    await expectNoViolations(page, 'the login page with a field error');
  });

  test('an unknown phone goes to registration with the phone and customerNotFound', async ({ page }) => {
    const phone = uniqueMobile();
    await page.goto('/login');
    await fillLogin(page, phone, '1234');
    await expect(page).toHaveURL(`/registro/datos-personales?phone=${phone}&customerNotFound=1`);
  });

  test('the login page has no accessibility violations, nor after an empty submit', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('navigation', { name: 'Acceso a tu cuenta' })).toBeVisible();
    await expectNoViolations(page, '/login');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(phoneField(page)).toBeFocused();
    await expect(page.getByText('Campo obligatorio')).toHaveCount(2);
    await expectNoViolations(page, '/login with errors');
  });
});

test.describe('forgot PIN and reset', () => {
  test('forgot PIN → the PIN from the SMS → new password → logged in with it', async ({ page }) => {
    const customer = await registerCustomer(page.request);
    await page.goto(`/login?phone=${customer.phone}`);
    await page.getByRole('link', { name: LOGIN_TEXTS.forgotPassword }).click();
    await expect(page).toHaveURL(`/login/forgot-pin?phone=${customer.phone}`);
    await expect(phoneField(page)).toHaveValue(customer.phone);
    await expectNoViolations(page, '/login/forgot-pin');

    await page.getByRole('button', { name: 'Enviar PIN' }).click();
    await expect(page).toHaveURL(`/login/reset-password?phone=${customer.phone}`);
    await expect(page.getByText(/Podrás pedir un nuevo PIN en \d+ s\./)).toBeVisible();
    await expect(page.getByRole('button', { name: PASSWORD_TEXTS.pinNotReceived })).toHaveCount(0);
    await expectNoViolations(page, '/login/reset-password');

    await resetWithPin(page, customer.phone, 'Nueva-5678');
    await expect(page).toHaveURL(/\/otp/);
    await expect(page.locator('.header-client-area')).toBeVisible();
    expect(await apiLoginStatus(page.request, customer.phone, 'Nueva-5678')).toBe(200);
    expect(await apiLoginStatus(page.request, customer.phone, customer.password)).toBe(422);
  });

  test('the reset page fills the PIN from the query', async ({ page }) => {
    await page.goto('/login/reset-password?phone=612345678&pin=4821');
    await expect(page.getByRole('textbox', { name: 'PIN recibido por SMS' })).toHaveValue('4821');
    await expect(phoneField(page)).toHaveValue('612345678');
  });

  test('5 wrong PINs block the account; ¿Olvidaste tu contraseña? and a reset unblock it', async ({ page }) => {
    test.setTimeout(90_000);
    const customer = await registerCustomer(page.request);
    await page.goto('/login');
    for (const remaining of [4, 3, 2, 1]) await failOnce(page, customer.phone, remaining);
    await expect(passwordField(page)).toHaveAccessibleDescription(errorCodes.PinNotValidLastAttempt.message);

    await fillLogin(page, customer.phone, '0000');
    const blocked = page.getByRole('alertdialog', { name: errorCodes.MemberBlocked.title });
    await expect(blocked).toContainText(errorCodes.MemberBlocked.message);
    await expectNoViolations(page, 'the MemberBlocked dialog');
    // Blocked: even the right PIN is refused now.
    expect(await apiLoginStatus(page.request, customer.phone, customer.password)).toBe(422);

    await blocked.getByRole('button', { name: LOGIN_TEXTS.forgotPassword }).click();
    await expect(page).toHaveURL(`/login/forgot-pin?phone=${customer.phone}`);
    await page.getByRole('button', { name: 'Enviar PIN' }).click();
    await expect(page).toHaveURL(`/login/reset-password?phone=${customer.phone}`);
    await resetWithPin(page, customer.phone, 'Libre-2468');
    await expect(page).toHaveURL(/\/otp/);
    expect(await apiLoginStatus(page.request, customer.phone, 'Libre-2468')).toBe(200);
  });
});

test.describe("the update-password modal 'Cambiar Contraseña?'", () => {
  test('opens after a login answering passwordRequired and saves the new password', async ({ page }) => {
    const customer = await registerCustomer(page.request);
    // What staff do when a customer must choose a new password (the server refuses ChangePasswordPost otherwise).
    expect((await page.request.post(`/sandbox/password-required?phone=${customer.phone}`)).status()).toBe(200);
    await page.goto('/login');
    await fillLogin(page, customer.phone, customer.password);
    await expect(page).toHaveURL(/\/otp/);
    const modal = page.getByRole('dialog', { name: PASSWORD_TEXTS.changePasswordTitle });
    await expect(modal).toBeVisible();
    await expectNoViolations(page, 'the update-password modal');

    await modal.getByLabel('Nueva contraseña', { exact: true }).fill('Cambio-1357');
    await modal.getByLabel('Repite la nueva contraseña', { exact: true }).fill('Cambio-1357');
    await modal.getByRole('button', { name: 'Guardar contraseña' }).click();
    const success = page.getByRole('alertdialog', { name: PASSWORD_TEXTS.changePasswordSuccessTitle });
    await expect(success).toContainText(PASSWORD_TEXTS.changePasswordSuccess);
    await expect(modal).toBeHidden();
    expect(await apiLoginStatus(page.request, customer.phone, 'Cambio-1357')).toBe(200);
  });
});
