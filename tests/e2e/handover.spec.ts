import { staffLogin } from './backoffice-staff.ts';
import { approvedCustomer } from './customers.ts';
import { expect, test } from './fixtures.ts';
import { codeFromOutbox, expectNoViolations } from './helpers.ts';

/**
 * Handover (docs/backoffice.md §5) in Chromium against the real server: an agent prepares a customer's access
 * (HandoverCreatePost, as the customer file's button sends it), the customer opens the link of the SMS from the
 * sandbox outbox, asks for the code, types it and lands on the page of their status, logged in; the link then no
 * longer opens.
 */

const AGENT = 'agente@demo.prestamo.local';

test('a customer opens the link an agent prepared, confirms the SMS code and lands logged in', async ({
  page,
  request,
}) => {
  const customer = await approvedCustomer(request);
  const headers = await staffLogin(request, AGENT);
  const created = await request.post('/api/customer/handover', {
    headers,
    data: { customerId: customer.memberId },
  });
  expect(created.status(), await created.text()).toBe(200);
  expect(await created.text()).not.toContain('/handover/v1/');

  const outbox = await request.get(`/sandbox/sms?phone=${customer.phone}`, { headers: { accept: 'application/json' } });
  const { data } = (await outbox.json()) as { data: { text: string; purpose: string }[] };
  const link = /\/handover\/v1\/[A-Za-z0-9_-]{22}/.exec(
    data.find((sms) => sms.purpose === 'handover')?.text ?? '',
  )?.[0];
  expect(link).toBeDefined();

  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Bienvenido' })).toBeVisible();
  await expect(
    page.getByText('Hola, Carmen. Tu gestor te ha preparado el acceso a tu área de clientes.'),
  ).toBeVisible();
  await expectNoViolations(page, 'the handover page');
  await page.getByRole('button', { name: 'Enviarme el código' }).click();
  const code = await codeFromOutbox(request, customer.phone, 'handover');
  await page.getByRole('textbox', { name: /Código del SMS/ }).fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('.header-client-area')).toBeVisible();

  // Single use: the link no longer opens, even for the same device once logged out.
  const again = await request.get(`/api/customer${link!.replace('/handover/v1', '/handover')}`);
  expect(again.status()).toBe(422);
});
