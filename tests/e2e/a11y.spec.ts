import { withCookieConsent } from './cookie-consent.ts';
import { expect, test } from './fixtures.ts';
import { expectNoViolations } from './helpers.ts';
import { DEMO, openAs } from './session.ts';

test.describe('accessibility of the shell pages (axe)', () => {
  for (const [label, path, heading] of [
    ['home', '/', 'Solicita tu préstamo rápido en menos de 10 minutos'],
    ['a public page', '/como-funciona', 'Cómo funciona'],
    ['the 404 page', '/esto-no-existe', '404'],
    ['the login-required page', '/dashboard', 'Para acceder a esta página debes iniciar sesión.'],
    ['the design guide', '/design-guide', 'Guía de diseño'],
  ] as const) {
    test(`${label} (${path}) has no violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoViolations(page, path);
    });
  }

  test('the account page of a logged-in customer has no violations', async ({ page }) => {
    await openAs(page, '/account', DEMO.securityCheckedDueIn3Days);
    await expect(page.getByRole('heading', { level: 1, name: 'Gestión de la cuenta' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Recordatorios de pago' })).toBeVisible();
    await expectNoViolations(page, '/account');
  });

  test('the open mobile menu has no violations', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoViolations(page, 'the mobile menu');
  });

  test('the offline banner has no violations', async ({ page, context }) => {
    await page.goto('/');
    // The h1 is the pre-rendered page's: going offline before the app's scripts arrive would leave the page without
    // the app (and so without the banner). Offline once the app has taken over.
    await expect(page.locator('#root')).toHaveAttribute('data-taken-over', '');
    await context.setOffline(true);
    await expect(page.getByText(/Sin conexión a Internet/)).toBeVisible();
    await expectNoViolations(page, 'the offline banner');
    await context.setOffline(false);
  });
  test('an open calendar (the design guide birth date) has no violations and moves by arrow key', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await withCookieConsent(context);
    await page.goto('/design-guide');
    await expect(page.getByRole('heading', { level: 1, name: 'Guía de diseño' })).toBeVisible({ timeout: 30_000 });
    const field = page.getByRole('group', { name: 'Fecha de nacimiento' });
    await field.getByRole('button', { name: 'Elegir fecha' }).click();
    const calendar = page.getByRole('dialog', { name: 'Fecha de nacimiento' });
    await expect(calendar.getByRole('combobox', { name: 'Mes' })).toBeVisible();
    const focused = page.locator(':focus');
    const before = await focused.getAttribute('aria-label');
    await page.keyboard.press('ArrowLeft');
    await expect(focused).not.toHaveAttribute('aria-label', before ?? '');
    await expectNoViolations(page, 'the open calendar', { include: '.ui-date-popover' });
    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();
  });
});
