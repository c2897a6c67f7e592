import { staffErrorCodes } from '../../src/shared/api/staff-error-codes.ts';
import { expect, test } from './fixtures.ts';
import { currentCode, sendCredentials } from './backoffice-staff.ts';
import { expectNoViolations } from './helpers.ts';

/**
 * The staff login against the real server (docs/backoffice.md §1, §6): a demo staff member's e-mail and password,
 * then the code of the moment from the sandbox's `/sandbox/staff` (backoffice-staff.ts); each test uses its own demo
 * account.
 */

test('an agent logs in with password and code, lands on the customer search with their name, and logs out', async ({
  page,
  request,
}) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });

  await page.goto('/backoffice/clientes');
  await expect(page).toHaveURL(/\/backoffice\/login\?volver=%2Fclientes$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Correo y contraseña' })).toBeVisible();
  await expectNoViolations(page, 'login, step 1');

  await sendCredentials(page, 'agente@demo.prestamo.local');
  await expectNoViolations(page, 'login, code step');
  await page.getByLabel('Código de verificación').fill(await currentCode(request, 'agente@demo.prestamo.local'));
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();

  await expect(page).toHaveURL(/\/backoffice\/clientes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Buscar cliente' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Lucía Agente Demo · Agente');
  await expect(page.getByRole('banner')).toContainText('Panel de gestión · ');
  expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
  await expectNoViolations(page, '/backoffice/clientes');

  // A reload keeps the tab's session (sessionStorage), confirmed again with the server.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Buscar cliente' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Lucía Agente Demo · Agente');

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/backoffice\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Acceso de empleados' })).toBeVisible();
  expect(await page.evaluate(() => window.sessionStorage.getItem('backoffice-session'))).toBeNull();
  // The session is revoked on the server: the page asked for again leads to the login.
  await page.goto('/backoffice/clientes');
  await expect(page).toHaveURL(/\/backoffice\/login\?volver=%2Fclientes$/);
  expect(problems, 'console errors').toEqual([]);
});

test('a wrong code shows the Spanish error and keeps the code step', async ({ page, request }) => {
  await page.goto('/backoffice/login');
  await sendCredentials(page, 'admin2@demo.prestamo.local');
  const right = await currentCode(request, 'admin2@demo.prestamo.local');
  const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
  await page.getByLabel('Código de verificación').fill(wrong);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();

  await expect(page.getByRole('alert')).toHaveText(staffErrorCodes.WrongTotpCode.message);
  await expect(page.getByLabel('Código de verificación')).toHaveValue('');
  await expect(page).toHaveURL(/\/backoffice\/login$/);
  await expectNoViolations(page, 'login, wrong code');
});
