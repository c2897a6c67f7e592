import AxeBuilder from '@axe-core/playwright';
import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { errorCodes, formatErrorMessage } from '../../src/shared/api/errors.ts';
import { dniCheckLetter } from '../../src/shared/validators/national-id.ts';
import { isMobilePhone } from '../../src/shared/validators/phone.ts';
import { expect } from './fixtures.ts';

/** Helpers shared by the browser tests. */

/** Waits until the service worker controls the page (it claims clients on its first activation). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 20_000 });
}

/** A Spanish mobile number nobody else uses (outside the demo range 6000000xx), so runs never collide. */
export function uniqueMobile(): string {
  for (;;) {
    const phone = `6${String(randomInt(10_000_000, 100_000_000))}`;
    if (!phone.startsWith('6000000') && isMobilePhone(phone)) return phone;
  }
}

/** A DNI with a random number: the right check letter, and a wrong one. */
export function randomDni(): { valid: string; wrongLetter: string } {
  const digits = String(randomInt(10_000_000, 100_000_000));
  const letter = dniCheckLetter(digits);
  const wrong = letter === 'A' ? 'B' : 'A';
  return { valid: `${digits}${letter}`, wrongLetter: `${digits}${wrong}` };
}

/**
 * WCAG 2.2 A/AA rules plus axe's best practices on the page as it is now; every violation fails, listed with its
 * rule and nodes. `skipFrames`: leave iframes out (a document shown in one is scanned on its own).
 */
export async function expectNoViolations(
  page: Page,
  label: string,
  { skipFrames = false, include }: { skipFrames?: boolean; include?: string } = {},
): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'wcag22aa',
    'best-practice',
  ]);
  if (skipFrames) builder = builder.exclude('iframe');
  // Only part of the page (a CSS selector): an open widget on a long page.
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/**
 * The code of the newest SMS of that purpose sent to the phone, read from the sandbox outbox (its last line is the
 * WebOTP `@host #code`): 4 alphanumerics for registration and a handover, 4 digits for a PIN reset.
 */
export async function codeFromOutbox(
  request: APIRequestContext,
  phone: string,
  purpose: 'registration' | 'resetPin' | 'handover',
): Promise<string> {
  const pattern = purpose === 'resetPin' ? /#(\d{4})\s*$/ : /#([A-Z0-9]{4})\s*$/;
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/sandbox/sms?phone=${phone}`, { headers: { accept: 'application/json' } });
      const { data } = (await response.json()) as { data: { text: string; purpose: string }[] };
      code = pattern.exec(data.find((sms) => sms.purpose === purpose)?.text ?? '')?.[1];
      return code;
    })
    .toMatch(/^[A-Z0-9]{4}$/);
  return code ?? '';
}

// ── forms ──────────────────────────────────────────────────────────────────────────────────────────────────────

export const field = (page: Page, name: RegExp) => page.getByRole('textbox', { name });

/** Picks a birth date in the pick-only calendar: year and month from its lists, then the day. */
export async function pickBirthDate(page: Page, year: number, monthIndex: number, day: number): Promise<void> {
  await page.getByRole('button', { name: /Elegir fecha/ }).click();
  const calendar = page.getByRole('dialog').filter({ has: page.getByRole('grid') });
  await calendar.locator('select').nth(1).selectOption(String(year));
  await calendar
    .locator('select')
    .nth(0)
    .selectOption(String(monthIndex + 1));
  await calendar
    .getByRole('grid')
    .getByRole('button', { name: new RegExp(`\\b${day} de .* de ${year}`) })
    .click();
  await expect(page.getByRole('grid')).toBeHidden();
}

export async function chooseOption(page: Page, select: RegExp, option: string): Promise<void> {
  await page.getByRole('button', { name: select }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

/** Ticks a box the way a customer does: a press on its visible label (the native input is visually hidden). */
export async function tick(page: Page, label: string | RegExp): Promise<void> {
  await page.getByText(label, { exact: typeof label === 'string' }).click();
  await expect(page.getByRole('checkbox', { name: label })).toBeChecked();
}

export const phoneField = (page: Page) => page.getByRole('textbox', { name: 'Teléfono móvil' });

export const passwordField = (page: Page) => page.getByLabel('Contraseña', { exact: true });

export async function fillLogin(
  page: Page,
  phone: string,
  password: string,
  { rememberMe = false }: { rememberMe?: boolean } = {},
): Promise<void> {
  await phoneField(page).fill(phone);
  await passwordField(page).fill(password);
  // The box is react-aria's (a visually hidden input): the reader clicks its label.
  if (rememberMe) await page.getByText('Recordarme en este dispositivo', { exact: true }).click();
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Fails the PIN once: the wrong-password dialog with the attempts left, closed with 'Aceptar'. */
export async function failOnce(page: Page, phone: string, remaining: number): Promise<void> {
  const wrong = errorCodes.WrongPasswordException;
  await fillLogin(page, phone, '0000');
  const dialog = page.getByRole('alertdialog', { name: wrong.title });
  await expect(dialog).toContainText(formatErrorMessage(wrong.message, { remaining }));
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(dialog).toBeHidden();
}

export async function resetWithPin(page: Page, phone: string, newPassword: string): Promise<void> {
  const pin = await codeFromOutbox(page.request, phone, 'resetPin');
  await page.getByRole('textbox', { name: 'PIN recibido por SMS' }).fill(pin);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill(newPassword);
  await page.getByLabel('Repite la nueva contraseña', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
}

/** The value a persisted atom keeps in this page's IndexedDB (src/lib/storage), or null: for `expect.poll`. */
export function storedValue(page: Page, key: string): Promise<unknown> {
  return page.evaluate(
    (name) =>
      new Promise<unknown>((resolve) => {
        const open = indexedDB.open('prestamo-rapido');
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const read = open.result.transaction('state').objectStore('state').get(name);
          read.onsuccess = () => {
            open.result.close();
            resolve((read.result as { value?: unknown } | undefined)?.value ?? null);
          };
          read.onerror = () => resolve(null);
        };
      }),
    key,
  );
}
