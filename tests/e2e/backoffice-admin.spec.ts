import type { APIRequestContext, Page } from '@playwright/test';
import { approveProposal, logIn, staffLogsIn } from './backoffice-staff.ts';
import { expect, test } from './fixtures.ts';
import { expectNoViolations } from './helpers.ts';
import { loginAs, openAs } from './session.ts';

/**
 * Issue 26's administrator and collection-company journeys in Chromium against the real server (docs/backoffice.md
 * §2, §4, §6): maker-checker on a customer's limit (admin@ proposes in the file, admin2@ approves in /propuestas, the
 * customer's app shows the new limit), and the collection company's user answered 404 for a customer not assigned
 * to their company, on the screen and on the API. Every customer whose data changes is made by the test.
 */

async function sandboxCustomer(request: APIRequestContext, creditLimitEuros: number) {
  const response = await request.post('/sandbox/customers', { data: { creditLimitEuros } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { phone: string; customerId: number } }).data;
}

/** The headers of the tab's own back-office session (sessionStorage), to call the API as the screens do. */
async function tabSessionHeaders(page: Page): Promise<Record<string, string>> {
  const raw = await page.evaluate(() => window.sessionStorage.getItem('backoffice-session'));
  expect(raw).not.toBeNull();
  const session = JSON.parse(raw!) as { token: string; staff: { id: number; role: string } };
  return {
    authorization: `Bearer ${session.token}`,
    'x-member-id': String(session.staff.id),
    'x-member-role': session.staff.role,
  };
}

test('admin@ proposes a new limit, cannot approve it, admin2@ approves it and the customer sees it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const customer = await sandboxCustomer(page.request, 1500);
  const request = page.request;

  // The customer's app before: their limit as the header shows it.
  const app = await (await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid' })).newPage();
  await openAs(app, '/dashboard', customer.phone);
  await expect(app.getByTestId('offer-banner')).toContainText('TU LÍMITE 1.500,00 €');

  await staffLogsIn(page, request, 'admin@demo.prestamo.local');
  await page.goto(`/backoffice/clientes/${customer.customerId}/limite`);
  await expect(page.getByRole('tab', { name: 'Límite', selected: true })).toBeVisible();
  const panel = page.getByRole('tabpanel');
  await expect(panel).toContainText('1.500,00');
  await panel.getByRole('button', { name: 'Proponer cambio de límite' }).click();
  const propose = page.getByRole('dialog', { name: 'Proponer un cambio de límite' });
  await expect(propose).toContainText('El límite no cambia hasta que otro administrador apruebe la propuesta.');
  await propose.getByLabel('Nuevo límite (€)').fill('2750');
  await propose.getByLabel('Nuevo límite del minipréstamo (€)').fill('350');
  await propose.getByLabel('Motivo (queda en la auditoría)').fill('Nómina estable desde hace dos años.');
  await expectNoViolations(page, 'the limit proposal dialog');
  await propose.getByRole('button', { name: 'Enviar propuesta' }).click();
  await expect(propose).toHaveCount(0);
  const pending = panel.getByText(
    /^Nº \d+, de .*: límite 2\.750,00\s€ y minipréstamo 350,00\s€\. Pendiente de aprobación\.$/,
  );
  await expect(pending).toBeVisible();
  const proposalId = /^Nº (\d+),/.exec((await pending.textContent()) ?? '')?.[1];
  expect(proposalId).toMatch(/^\d+$/);
  // Nothing changes yet.
  await expect(panel).toContainText('1.500,00');

  // The proposer's own row in the inbox: no 'Aprobar', only 'Retirar'.
  await page.goto('/backoffice/propuestas');
  await expect(page.getByRole('heading', { level: 1, name: 'Propuestas' })).toBeVisible();
  const inbox = page.getByRole('table', { name: 'Propuestas' });
  const own = inbox.getByRole('row').filter({ has: page.getByRole('rowheader', { name: proposalId!, exact: true }) });
  await expect(own).toContainText('Tuya: la decide otro administrador.');
  await expect(own.getByRole('button', { name: 'Aprobar' })).toHaveCount(0);
  await expect(own.getByRole('button', { name: 'Retirar' })).toBeVisible();
  await expectNoViolations(page, '/backoffice/propuestas, the proposer');
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/backoffice\/login$/);

  // The checker.
  await logIn(page, request, 'admin2@demo.prestamo.local');
  await expect(page).toHaveURL(/\/backoffice\/clientes$/);
  await page.goto('/backoffice/propuestas');
  const row = page
    .getByRole('table', { name: 'Propuestas' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: proposalId!, exact: true }) });
  await expect(row).toContainText('Límite 1.500,00 € → 2.750,00 €');
  await expect(row).toContainText('Nómina estable desde hace dos años.');
  await expect(row).toContainText('Pendiente de aprobación');
  await approveProposal(page, row, proposalId!, 'Comprobadas las nóminas.', () =>
    expectNoViolations(page, 'the approval dialog'),
  );
  // Approved ones leave the pending list; shown with every status.
  await page.getByLabel('Mostrar').selectOption({ label: 'Todas' });
  const decided = page
    .getByRole('table', { name: 'Propuestas' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: proposalId!, exact: true }) });
  await expect(decided).toContainText('Aprobada');
  await expect(decided).toContainText('Nota: Comprobadas las nóminas.');

  await page.goto(`/backoffice/clientes/${customer.customerId}/limite`);
  await expect(page.getByRole('tabpanel')).toContainText('2.750,00');

  // The customer's app, read again: the new limits.
  await app.reload();
  await app.locator('.header-client-area').waitFor();
  await expect(app.getByTestId('offer-banner')).toHaveText('TU LÍMITE 2.750,00 € · Minipréstamo 350,00 €');
  await app.context().close();
});

test('the collection company’s user gets 404 for a customer not assigned to their company, on screen and API', async ({
  page,
  request,
}) => {
  test.slow();
  const other = await sandboxCustomer(request, 2500);
  const demo = await loginAs(request, '600000005');
  const assigned = await loginAs(request, '600000008');

  await staffLogsIn(page, request, 'cobros@demo.prestamo.local');
  const headers = await tabSessionHeaders(page);

  // Their own company's customer opens.
  await page.goto(`/backoffice/clientes/${assigned.memberId}`);
  await expect(page.getByRole('heading', { level: 1, name: assigned.fullName })).toBeVisible();

  for (const customerId of [other.customerId, demo.memberId]) {
    const answered = page.waitForResponse((response) =>
      response.url().endsWith(`/api/customer/customer/${customerId}`),
    );
    await page.goto(`/backoffice/clientes/${customerId}`);
    const response = await answered;
    expect(response.status()).toBe(404);
    expect(await response.text()).not.toContain('Prueba');
    await expect(page.getByRole('alert')).toHaveText('No hemos encontrado ese cliente.');
    await expect(page.getByRole('link', { name: 'Volver a la búsqueda' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Cliente no encontrado' })).toBeVisible();
    await expectNoViolations(page, 'the customer file, not found');

    const direct = await request.get(`/api/customer/customer/${customerId}`, { headers });
    expect(direct.status()).toBe(404);
    const body = (await direct.json()) as { data?: unknown; errors?: { code: { name: string; value: number } }[] };
    expect(body.data).toBeUndefined();
    expect(body.errors?.[0]?.code.name).toBe('StaffCustomerNotFound');
  }
  // The same session reads its own customer: the 404 is the scope, not a broken session.
  const own = await request.get(`/api/customer/customer/${assigned.memberId}`, { headers });
  expect(own.status()).toBe(200);
});
