import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { staffLogsIn } from './backoffice-staff.ts';
import { expect, test } from './fixtures.ts';
import { expectNoViolations } from './helpers.ts';

/**
 * The staff users' page in Chromium against the real server (docs/backoffice.md §1, §6): an administrator creates an
 * agent's account and reads its temporary password once; the new agent logs in with it, sets up the authenticator
 * app from the secret the login page shows (the code computed as an app would, RFC 6238), must change the password
 * before anything else, and lands on the search. The account is made by the test.
 */

const NEW_PASSWORD = 'Agente-nueva-2026';

/** The code an authenticator app shows now for the secret typed by hand (groups of 4, spaces ignored). */
const codeOf = (groupedSecret: string) =>
  new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(groupedSecret.replace(/\s/g, '')),
  }).generate();

test('an administrator creates an agent; the agent enrols the app with the temporary password and changes it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 8);
  const email = `agente.${tag}@demo.prestamo.local`;
  const fullName = `Marta Nueva ${tag}`;

  // admin2@: admin@ logs in at the start of two other specs, and a code is used once (backoffice-staff.ts).
  await staffLogsIn(page, request, 'admin2@demo.prestamo.local');
  await page.getByRole('navigation').getByRole('link', { name: 'Usuarios' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Usuarios' })).toBeVisible();
  await page.getByRole('button', { name: 'Nueva cuenta' }).click();
  const create = page.getByRole('dialog', { name: 'Crear una cuenta del panel' });
  await create.getByLabel('Correo electrónico').fill(email);
  await create.getByLabel('Nombre y apellidos').fill(fullName);
  await expect(create.getByLabel('Rol')).toHaveValue('cam');
  // An administrator gives agents' and collection companies' roles only.
  await expect(create.getByLabel('Rol').locator('option')).toHaveText(['Agente', 'Empresa de recobro']);
  await create.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(create).toBeHidden();

  const shown = page
    .getByRole('status')
    .filter({ has: page.getByRole('heading', { name: `Contraseña temporal de ${fullName}` }) });
  await expect(shown).toContainText(`Cuenta de ${fullName} creada.`);
  const temporary = (await shown.locator('code').textContent()) ?? '';
  expect(temporary).toMatch(/^[\w-]{16}$/);
  await expectNoViolations(page, '/backoffice/usuarios, the temporary password shown');
  await shown.getByRole('button', { name: 'Ya la he entregado' }).click();
  await expect(page.getByText(temporary)).toHaveCount(0);

  await page.getByLabel('Correo o nombre').fill(tag);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(new RegExp(`buscar=${tag}`));
  const row = page.getByRole('table', { name: 'Usuarios del panel' }).getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Agente');
  await expect(row).toContainText('Debe cambiar la contraseña');
  await expect(row).toContainText('Sin app de autenticación configurada');
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/backoffice\/login$/);

  // The new agent: the temporary password, then the app's set-up on this first login.
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(temporary);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Configura tu app de autenticación' })).toBeFocused();
  await expect(
    page.getByRole('img', { name: 'Código QR para añadir tu cuenta a la app de autenticación' }),
  ).toBeVisible();
  const secret = (await page.locator('.bo-enrolment-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  await expectNoViolations(page, 'login, enrolment step');
  await page.getByLabel('Código de verificación').fill(codeOf(secret));
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();

  // Nothing else before the password is changed.
  await expect(page).toHaveURL(/\/backoffice\/cambiar-contrasena$/);
  await expect(page.getByText('Antes de continuar tienes que cambiar tu contraseña.')).toBeVisible();
  await page.goto('/backoffice/clientes');
  await expect(page).toHaveURL(/\/backoffice\/cambiar-contrasena$/);
  await page.getByLabel('Contraseña actual').fill(temporary);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repite la nueva contraseña').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page).toHaveURL(/\/backoffice\/clientes$/);
  await expect(page.getByRole('banner')).toContainText(`${fullName} · Agente`);

  // The temporary password no longer opens the account; the new one asks for the app's code (enrolled).
  const old = await request.post('/api/membership/staff/login', { data: { email, password: temporary } });
  expect(old.status()).toBe(422);
  expect(((await old.json()) as { errors: { code: { name: string } }[] }).errors[0]!.code.name).toBe(
    'WrongCredentials',
  );
  const fresh = await request.post('/api/membership/staff/login', { data: { email, password: NEW_PASSWORD } });
  expect(fresh.status(), await fresh.text()).toBe(200);
  expect(((await fresh.json()) as { data: { step: string } }).data.step).toBe('totp');
});
