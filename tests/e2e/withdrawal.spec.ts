import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openAs } from './session.ts';

/**
 * The 14-day withdrawal ('Desistir del contrato', issue 14) in a real browser against the real server: a loan paid
 * out 14 days ago (the last day) is withdrawn and the notice shows on the dashboard with the amount; one paid out 15
 * days ago has no option; paying the notice's amount by card (closeLoan) repays the loan. Each test makes its own
 * customer with `POST /sandbox/customers` (`issuedDaysAgo`).
 */

interface SandboxCustomer {
  phone: string;
  customerId: number;
  loanIds: number[];
}

async function customerIssuedDaysAgo(request: APIRequestContext, issuedDaysAgo: number): Promise<SandboxCustomer> {
  const response = await request.post('/sandbox/customers', {
    data: { loans: [{ amountEuros: 300, installments: 1, issuedDaysAgo }] },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: SandboxCustomer }).data;
}

const summaryOf = (page: Page, loanId: number) =>
  page.getByRole('region', { name: new RegExp(`TU DEUDA ACTUAL.*${loanId}`) });

async function withdraw(page: Page, loanId: number): Promise<string> {
  const summary = summaryOf(page, loanId);
  await summary.getByRole('button', { name: 'Desistir del contrato' }).click();
  const dialog = page.getByRole('dialog', { name: 'Desistir del contrato' });
  await expect(dialog).toContainText('Tu último día para desistir es el');
  await expect(dialog.getByText('Capital recibido').locator('xpath=following-sibling::dd')).toHaveText('300,00 €');
  await expect(dialog.getByRole('link', { name: 'Pagar con tarjeta' })).toHaveAttribute(
    'href',
    `/payment/pay/debit-card/${loanId}?paymentOption=closeLoan`,
  );
  await expect(dialog.getByRole('link', { name: 'Pagar por transferencia' })).toBeVisible();
  const amount = (await dialog.getByTestId('withdrawal-amount').textContent()) ?? '';
  expect(amount).toMatch(/^\d{3},\d{2}\s€$/);
  await dialog.getByRole('button', { name: 'Confirmar desistimiento' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Hemos registrado tu desistimiento del contrato.')).toBeVisible();
  return amount;
}

test('inside the 14 days (day 14): the withdrawal is recorded and the dashboard shows the notice and the amount', async ({
  page,
}) => {
  const customer = await customerIssuedDaysAgo(page.request, 14);
  const loanId = customer.loanIds[0]!;
  await openAs(page, '/dashboard', customer.phone);
  const amount = await withdraw(page, loanId);
  const summary = summaryOf(page, loanId);
  const notice = summary.getByRole('note', { name: 'Has desistido del contrato' });
  await expect(notice).toContainText(`Devuelve ${amount} antes del`);
  await expect(summary.getByRole('button', { name: 'Desistir del contrato' })).toHaveCount(0);
  // After a reload the server's notice is what the dashboard shows.
  await page.reload();
  await expect(summaryOf(page, loanId).getByRole('note', { name: 'Has desistido del contrato' })).toContainText(
    `Devuelve ${amount} antes del`,
  );
});

test('outside the 14 days (day 15): the option is gone', async ({ page }) => {
  const customer = await customerIssuedDaysAgo(page.request, 15);
  const loanId = customer.loanIds[0]!;
  const quoted = page.waitForResponse((response) => response.url().includes('/api/loan/desistContract'));
  await openAs(page, '/dashboard', customer.phone);
  const summary = summaryOf(page, loanId);
  await expect(summary).toBeVisible();
  expect(((await (await quoted).json()) as { data: { eligible: boolean } }).data.eligible).toBe(false);
  await expect(summary.getByRole('button', { name: 'Ver contrato' })).toBeVisible();
  await expect(summary.getByRole('button', { name: 'Desistir del contrato' })).toHaveCount(0);
});

test('paying the withdrawal by card (closeLoan) repays the loan', async ({ page }) => {
  const customer = await customerIssuedDaysAgo(page.request, 3);
  const loanId = customer.loanIds[0]!;
  await openAs(page, '/dashboard', customer.phone);
  const amount = await withdraw(page, loanId);
  const notice = summaryOf(page, loanId).getByRole('note', { name: 'Has desistido del contrato' });
  await notice.getByRole('link', { name: 'Pagar con tarjeta' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment/pay/debit-card/${loanId}\\?paymentOption=closeLoan`));
  await expect(page.getByText(amount).first()).toBeVisible();
  await page.getByRole('button', { name: /^Pagar/ }).click();
  await expect(page).toHaveURL(/\/payment\/success\/closeLoan\?/, { timeout: 20_000 });
  await expect(page.getByText('Préstamo pagado')).toBeVisible();
  // Repaid: no open loan left on the dashboard, so neither the notice nor the option.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'No tienes ningún préstamo activo' })).toBeVisible();
  await expect(summaryOf(page, loanId)).toHaveCount(0);
});
