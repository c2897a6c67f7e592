import { expect, test } from './fixtures.ts';
import { openWith, registeredCustomer } from './customers.ts';
import { tick } from './helpers.ts';

/**
 * Issue 11, bank linking in real Chromium against the real server: the sandbox open-banking widget in its
 * full-screen frame, the scrape session polled, the credit decision, the limit page; and a manual IBAN whose
 * Spanish control digits (CCC) are wrong, refused before anything is sent.
 */

test('a registered customer links a bank in the sandbox widget, is approved, sees the limit and requests a loan', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openWith(page, '/bank-credentials', await registeredCustomer(page.request));
  await expect(page.getByRole('heading', { level: 1, name: 'Identifica tu banco' })).toBeVisible();
  await page.getByRole('button', { name: /Tu banco/ }).click();
  await page.getByRole('option', { name: 'CaixaBank' }).click();
  await tick(page, /Acepto los términos y condiciones/);
  await page.getByRole('button', { name: 'Siguiente' }).click();

  const dialog = page.getByRole('dialog', { name: 'Conecta tu banco' });
  await expect(dialog).toBeVisible();
  const widget = page.frameLocator('iframe[title="Conecta tu banco"]');
  await widget.getByRole('button', { name: /CaixaBank/ }).click();
  await widget.getByLabel('Usuario').fill('demo');
  await widget.getByLabel('Contraseña').fill('1234');
  await widget.getByRole('button', { name: 'Conectar' }).click();

  await expect(page.getByText('Nueva cuenta bancaria añadida con éxito.')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/loan-request\/limit-approve(\?l=[\w-]+)?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tu límite de crédito' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '¡Enhorabuena!' })).toBeVisible();
  await expect(page.getByTestId('credit-limit')).toHaveText(/^\d{1,3}(\.\d{3})*,00\s€$/);

  // On to the seven steps, the flow's `l` kept: amount, first date (pre-selected), 12 instalments, the account just
  // linked, the summary, the terms; the request creates the loan and, without a card, asks for one.
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page).toHaveURL(/\/loan-request\?l=[\w-]+$/);
  await page.getByRole('group', { name: 'Importe del préstamo' }).getByText('2.500 €', { exact: true }).click();
  await page
    .getByRole('group', { name: 'Número de cuotas' })
    .getByText(/^12 cuotas/)
    .click();
  await expect(page.getByText(/^Pagarás el \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  // The widget found two accounts (payroll and savings): the customer picks where the money goes.
  await page.getByRole('button', { name: /Cuenta bancaria/ }).click();
  await page
    .getByRole('option', { name: /^CaixaBank · ES\d{2}( \d{4}){5}$/ })
    .first()
    .click();
  await tick(page, 'ACEPTAR TODO');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page).toHaveURL(/\/financial-info\/add-card\?l=[\w-]+$/);
});

test('a manual IBAN with wrong Spanish control digits is refused with a Spanish message', async ({ page }) => {
  await openWith(page, '/bank-credentials', await registeredCustomer(page.request));
  await page.getByRole('tab', { name: 'Introduce tu IBAN' }).click();
  const iban = page.getByRole('textbox', { name: 'IBAN de tu cuenta' });
  await iban.fill('ES2921000418460200051332');
  await expect(iban).toHaveValue('ES29 2100 0418 4602 0005 1332');
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('addCustomerBankAccountManually')) sent.push(request.url());
  });
  await page.getByRole('button', { name: 'Añadir cuenta' }).click();
  await expect(page.getByText(/dígitos de control/i)).toBeVisible();
  expect(sent).toEqual([]);
});
