import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openAs } from './session.ts';

/**
 * Rollover ('Prórroga', issue 14) in a real browser against the real server: from the dashboard's 'Prórroga' link,
 * the customer picks a new date, reads the fee and the new amount, pays the fee by card (frictionless, then with a
 * 3-D Secure challenge) and is back on the dashboard with the new date and a success toast. Each test makes its own
 * customer with `POST /sandbox/customers` (one instalment, a few days late).
 */

interface SandboxCustomer {
  phone: string;
  customerId: number;
  loanIds: number[];
}

async function customerWithSingleInstalment(request: APIRequestContext, card: 'frictionless' | 'challenge') {
  const response = await request.post('/sandbox/customers', {
    data: {
      loans: [{ amountEuros: 300, installments: 1, firstUnpaid: 1, firstUnpaidDueInDays: -2 }],
      card,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: SandboxCustomer }).data;
}

const summaryOf = (page: Page, loanId: number) =>
  page.getByRole('region', { name: new RegExp(`TU DEUDA ACTUAL.*${loanId}`) });

/** Opens the rollover from the dashboard, picks the second available date; returns its dd/MM/yyyy label. */
async function chooseNewDate(page: Page, loanId: number): Promise<string> {
  await summaryOf(page, loanId).getByRole('link', { name: 'Prórroga' }).click();
  await expect(page).toHaveURL(new RegExp(`/rollover/${loanId}$`));
  await expect(page.getByRole('heading', { name: 'Prórroga', level: 1 })).toBeVisible();
  const select = page.getByLabel('Nueva fecha de pago');
  await expect(select.locator('option').nth(1)).toBeAttached();
  const label = (await select.locator('option').nth(1).textContent())!.trim();
  expect(label).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  await select.selectOption({ label });
  await expect(page.getByText('Pagas hoy (intereses de prórroga)')).toBeVisible();
  await expect(page.locator('.rollover-summary')).toContainText(label);
  return label;
}

test('a rollover end to end: the fee paid by card, the new date on the dashboard', async ({ page }) => {
  const customer = await customerWithSingleInstalment(page.request, 'frictionless');
  const loanId = customer.loanIds[0]!;
  await openAs(page, '/dashboard', customer.phone);
  await expect(summaryOf(page, loanId)).toBeVisible();
  const newDate = await chooseNewDate(page, loanId);
  const pay = page.getByRole('button', { name: /^Pagar .* y prorrogar$/ });
  await expect(pay).toBeEnabled();
  await pay.click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByText(`¡Prórroga realizada! Tu nueva fecha de pago es el ${newDate}.`)).toBeVisible();
  const summary = summaryOf(page, loanId);
  await expect(summary).toContainText(newDate);
  // The new instalment's period has not started: closing costs what was lent, so no second rollover today.
  await expect(summary.getByRole('link', { name: 'Prórroga' })).toHaveCount(0);
});

test('a rollover with a 3-D Secure challenge card', async ({ page }) => {
  const customer = await customerWithSingleInstalment(page.request, 'challenge');
  const loanId = customer.loanIds[0]!;
  await openAs(page, '/dashboard', customer.phone);
  await expect(summaryOf(page, loanId)).toBeVisible();
  const newDate = await chooseNewDate(page, loanId);
  await expect(page.getByRole('radio', { name: /3220/ })).toBeChecked();
  await page.getByRole('button', { name: /^Pagar .* y prorrogar$/ }).click();
  await expect(page.getByRole('dialog', { name: 'Verificación 3-D Secure' })).toBeVisible({ timeout: 20_000 });
  await page.frameLocator('iframe[title="Verificación 3-D Secure"]').getByRole('button', { name: 'Autorizar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByText(`¡Prórroga realizada! Tu nueva fecha de pago es el ${newDate}.`)).toBeVisible();
  await expect(summaryOf(page, loanId)).toContainText(newDate);
});
