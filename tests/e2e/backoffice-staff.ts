import { mkdirSync, openSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Logging a demo staff member in from the e2e specs: their e-mail and password, then the code of the moment, read from
 * the sandbox's `/sandbox/staff` as an authenticator app would show it. A code works once per 30-second step and
 * account (replay protection), and the workers run spec files side by side: a code is claimed before it is used
 * (an exclusive file per account and code in the run's data folder, which every worker shares), and a worker that
 * finds its code claimed waits for the next step.
 */

export const STAFF_PASSWORD = 'Demo-Backoffice-1';

interface SandboxStaff {
  data: { secondsLeft: number; staff: { email: string; fullName: string; code: string }[] };
}

/** True when this process is the first to claim `code` of `email` in this run. */
function claim(email: string, code: string): boolean {
  const folder = join(process.env.E2E_DATA_DIR ?? '.', 'e2e-totp-claims');
  mkdirSync(folder, { recursive: true });
  try {
    closeSync(openSync(join(folder, `${email}-${code}`), 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * The account's code of this moment, claimed for this test; when its step is about to end, or another worker claimed
 * it, the next step's (so it is neither stale when sent nor refused as a replay).
 */
export async function currentCode(request: APIRequestContext, email: string): Promise<string> {
  for (;;) {
    const response = await request.get('/sandbox/staff', { headers: { accept: 'application/json' } });
    expect(response.status()).toBe(200);
    const { data } = (await response.json()) as SandboxStaff;
    const code = data.staff.find((member) => member.email === email)?.code ?? '';
    expect(code).toMatch(/^\d{6}$/);
    if (data.secondsLeft > 5 && claim(email, code)) return code;
    // Waiting for a code is not the test being slow: its time is added to the test's budget.
    const waitMs = (data.secondsLeft + 1) * 1000;
    test.info().setTimeout(test.info().timeout + waitMs);
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}

/** The staff headers of a member logged in through the API (as the back office sends them). */
export async function staffLogin(request: APIRequestContext, email: string): Promise<Record<string, string>> {
  const login = await request.post('/api/membership/staff/login', { data: { email, password: STAFF_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const { step, challengeId } = ((await login.json()) as { data: { step: string; challengeId: string } }).data;
  expect(step).toBe('totp');
  const totp = await request.post('/api/membership/staff/totp', {
    data: { challengeId, code: await currentCode(request, email) },
  });
  expect(totp.status(), await totp.text()).toBe(200);
  const { token, staff } = ((await totp.json()) as { data: { token: string; staff: { id: number; role: string } } })
    .data;
  return { authorization: `Bearer ${token}`, 'x-member-id': String(staff.id), 'x-member-role': staff.role };
}

/** Step 1 of the login page: e-mail and password, then the code step's heading has the focus. */
export async function sendCredentials(page: Page, email: string): Promise<void> {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Introduce el código de tu app' })).toBeFocused();
}

/** From a fresh page: the login page, both steps, and the search page reached. */
export async function staffLogsIn(page: Page, request: APIRequestContext, email: string): Promise<void> {
  await page.goto('/backoffice/login');
  await logIn(page, request, email);
  await expect(page).toHaveURL(/\/backoffice\/clientes$/);
}

/** From the search page: `query` searched (a DNI, a phone…), and the file of `fullName` opened from the results. */
export async function openCustomerFile(page: Page, query: string, fullName: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Buscar cliente' }).fill(query);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('grid', { name: 'Clientes encontrados' }).getByRole('link', { name: fullName }).click();
  await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
}

/** Both steps, from the login page shown. */
export async function logIn(page: Page, request: APIRequestContext, email: string): Promise<void> {
  await sendCredentials(page, email);
  await page.getByLabel('Código de verificación').fill(await currentCode(request, email));
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/**
 * From the inbox: 'Aprobar' on the proposal's `row`, the note typed, `beforeConfirm` (an accessibility check of the
 * dialog) and the approval sent; the dialog closes.
 */
export async function approveProposal(
  page: Page,
  row: Locator,
  proposalId: string,
  note: string,
  beforeConfirm?: () => Promise<void>,
): Promise<void> {
  await row.getByRole('button', { name: 'Aprobar' }).click();
  const dialog = page.getByRole('dialog', { name: `Aprobar la propuesta nº ${proposalId}` });
  await dialog.getByLabel('Motivo (queda en la auditoría)').fill(note);
  await beforeConfirm?.();
  await dialog.getByRole('button', { name: 'Aprobar' }).click();
  await expect(dialog).toHaveCount(0);
}
