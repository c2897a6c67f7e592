import AxeBuilder from '@axe-core/playwright';
// Playwright's own test (not ./fixtures.ts): every test starts in a fresh context where nothing was decided.
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, storedCookieConsent } from './cookie-consent.ts';

/**
 * The cookie consent modal in a real browser (second document §3 "Cookie permissions", §4): it shows on a first
 * visit, cannot be dismissed, its short and detailed views, the policy text, and the choice surviving a reload.
 */

async function expectNoViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

const modal = (page: Page) => page.getByRole('dialog', { name: 'Tu privacidad' });

test.describe('cookie consent modal', () => {
  test('shows on a first visit and cannot be dismissed: not by Escape, a click outside or on the page', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(modal(page)).toBeVisible();
    // The focus moves into the modal, on its title: the explanation is read first, then 'ACEPTAR' is the next stop.
    await expect(modal(page).getByRole('heading', { name: 'Tu privacidad' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(modal(page).getByRole('button', { name: 'ACEPTAR', exact: true })).toBeFocused();

    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(modal(page)).toBeVisible();

    await page.mouse.click(5, 5); // the backdrop, outside the dialog
    await page.mouse.click(5, 700);
    await expect(modal(page)).toBeVisible();

    // The page behind is inert while the modal is open: a click on one of its links does nothing.
    const box = await page.locator('header a[href="/como-funciona"]').first().boundingBox();
    expect(box).not.toBeNull();
    await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
    await page.waitForTimeout(300);
    await expect(page).toHaveURL('/');
    await expect(modal(page)).toBeVisible();
  });

  test("'ACEPTAR' approves everything and the choice survives a reload", async ({ page }) => {
    await page.goto('/');
    await acceptCookies(page);
    expect(await storedCookieConsent(page)).toEqual({
      strictlyNecessary: true,
      analyticsPerformance: true,
      functional: true,
      fullStoryVideo: true,
      advertisingPurposing: true,
    });
    await page.reload();
    // The page is running (the calculator has priced) and no modal came back.
    await expect(page.getByRole('status').filter({ hasText: /^Pagarás/ })).toBeVisible();
    await expect(modal(page)).toHaveCount(0);
  });

  test('the detailed view: switches, one section open at a time, SELECCIONAR TODO and ACTUALIZAR CONSENTIMIENTO', async ({
    page,
  }) => {
    await page.goto('/');
    const dialog = modal(page);
    await dialog.getByRole('button', { name: 'Mostrar detalles' }).click();
    await expect(dialog.getByRole('switch', { name: 'Estrictamente necesarias' })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Estrictamente necesarias' })).toBeDisabled();
    await expect(dialog.getByRole('switch', { name: 'Publicidad' })).not.toBeChecked();

    await dialog.getByRole('button', { name: 'Funcionales' }).click();
    await expect(dialog.getByRole('table', { name: 'basicDetails' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Estrictamente necesarias' }).click();
    await expect(dialog.getByRole('table', { name: 'session' })).toBeVisible();
    await expect(dialog.getByRole('table', { name: 'basicDetails' })).toBeHidden();
    await expectNoViolations(page, 'the detailed cookie view');

    await dialog.getByRole('button', { name: 'SELECCIONAR TODO' }).click();
    for (const title of [
      'Funcionales',
      'Analíticas y de rendimiento',
      'Publicidad',
      'Grabación de sesiones (FullStory)',
    ]) {
      await expect(dialog.getByRole('switch', { name: title })).toBeChecked();
    }
    await dialog.getByRole('switch', { name: 'Publicidad' }).click();
    await dialog.getByRole('switch', { name: 'Grabación de sesiones (FullStory)' }).click();
    await dialog.getByRole('button', { name: 'ACTUALIZAR CONSENTIMIENTO' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await storedCookieConsent(page)).toEqual({
      strictlyNecessary: true,
      analyticsPerformance: true,
      functional: true,
      fullStoryVideo: false,
      advertisingPurposing: false,
    });

    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: /^Pagarás/ })).toBeVisible();
    await expect(modal(page)).toHaveCount(0);
  });

  test("the about-cookies link opens the policy text, and 'Controles de Privacidad' returns", async ({ page }) => {
    await page.goto('/');
    await modal(page).getByRole('button', { name: 'Acerca de las cookies' }).click();
    const policy = page.getByRole('dialog', { name: 'Acerca de las cookies' });
    await expect(policy.getByText(/Guardamos tu elección durante un año/)).toBeVisible();
    await expectNoViolations(page, 'the cookie policy text');
    await policy.getByRole('button', { name: 'Controles de Privacidad' }).click();
    await expect(modal(page).getByRole('button', { name: 'ACEPTAR', exact: true })).toBeVisible();
    await modal(page).getByRole('button', { name: 'Mostrar detalles' }).click();
    await expect(modal(page).getByRole('button', { name: 'Ocultar detalles' })).toBeFocused();
    await modal(page).getByRole('button', { name: 'Ocultar detalles' }).click();
    await expect(modal(page).getByRole('switch')).toHaveCount(0);
  });
});
