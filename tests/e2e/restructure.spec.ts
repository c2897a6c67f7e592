import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoViolations } from './helpers.ts';
import { openAs } from './session.ts';

/**
 * 'Pago Flexible' (issue 14) in a real browser against the real server: a customer 40 days late opens Pago Flexible
 * from the dashboard, reads the new plan (its instalments, total cost and TAE) before confirming, confirms, and is
 * back on the dashboard with the success toast and the new plan: the old instalments restructured, three new ones
 * with the dates and amounts the page showed. Being a new credit agreement, its pre-contract information (the plan's
 * own figures) is shown, accepted with a box and a confirmation, and kept as PDF on the dashboard. Each test makes its own customer with `POST /sandbox/customers`.
 */

interface SandboxCustomer {
  phone: string;
  customerId: number;
  loanIds: number[];
}

async function customerWithLoan(request: APIRequestContext, firstUnpaidDueInDays: number): Promise<SandboxCustomer> {
  const response = await request.post('/sandbox/customers', {
    data: { loans: [{ amountEuros: 600, installments: 6, firstUnpaid: 2, firstUnpaidDueInDays }] },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: SandboxCustomer }).data;
}

const summaryOf = (page: Page, loanId: number) =>
  page.getByRole('region', { name: new RegExp(`TU DEUDA ACTUAL.*${loanId}`) });

/** The value of a `<dt>label</dt><dd>value</dd>` pair inside `scope`. */
const fact = (scope: ReturnType<Page['getByRole']>, label: string) =>
  scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

test('a restructure: the new plan shown before confirming, then on the dashboard with the success toast', async ({
  page,
}) => {
  const customer = await customerWithLoan(page.request, -40);
  const loanId = customer.loanIds[0]!;
  await openAs(page, '/dashboard', customer.phone);
  const summary = summaryOf(page, loanId);
  await expect(summary).toBeVisible();
  await summary.getByRole('link', { name: 'Pago Flexible' }).click();
  await expect(page).toHaveURL(new RegExp(`/restructure/${loanId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Pago Flexible' })).toBeVisible();

  // The plan before confirming: the summary (total cost, TAE) and three new instalments.
  const plan = page.getByRole('region', { name: 'Resumen' });
  await expect(plan).toBeVisible();
  await expect(fact(plan, 'Coste total')).toHaveText(/^\d{1,3}(\.\d{3})*,\d{2}\s€$/);
  await expect(fact(plan, 'TAE')).toHaveText(/^\d{1,3}(\.\d{3})*,\d %$/);
  const total = await fact(plan, 'Total a pagar').innerText();
  const newPlan = page.getByRole('region', { name: 'Tu nuevo plan de pagos' });
  const items = newPlan.getByRole('listitem');
  await expect(items).toHaveCount(3);
  const dates = await items.evaluateAll((nodes) => nodes.map((node) => node.querySelector('dd')?.textContent ?? ''));
  const amounts: string[] = [];
  for (let index = 0; index < 3; index += 1) {
    amounts.push(await fact(items.nth(index), 'Importe').innerText());
  }
  expect(dates.every((date) => /^\d{2}\/\d{2}\/\d{4}$/.test(date))).toBe(true);
  await expectNoViolations(page, 'the Pago Flexible plan');

  // A new credit agreement: its pre-contract information is the plan on the page, figure for figure.
  await page.getByRole('button', { name: 'Información precontractual del Pago Flexible' }).click();
  const document = page.getByRole('dialog', { name: 'Información precontractual del Pago Flexible' });
  const text = ((await document.frameLocator('iframe').locator('body').textContent()) ?? '').replace(/\s+/g, ' ');
  // Label and value sit in two cells: compared without the spaces between them.
  expect(text.replace(/\s/g, '')).toContain(`Importe total que deberá pagar ${total}`.replace(/\s/g, ''));
  for (const [index, date] of dates.entries()) {
    expect(text).toContain(date);
    // The page writes money with a no-break space before '€'; `text` has plain spaces.
    expect(text).toContain(amounts[index]!.replace(/\s/g, ' '));
  }
  await page.keyboard.press('Escape');
  await expect(document).toBeHidden();

  // Without the box, nothing is sent; with it, the confirmation, then the restructure.
  await page.getByRole('button', { name: 'Confirmar Pago Flexible' }).click();
  await expect(page.getByText('Marca la casilla para aceptar el nuevo plan de pagos.')).toBeVisible();
  await page
    .getByText('He leído la información precontractual del Pago Flexible y acepto el nuevo plan de pagos.')
    .click();
  await page.getByRole('button', { name: 'Confirmar Pago Flexible' }).click();
  const confirmation = page.getByRole('alertdialog', { name: '¿Confirmas el Pago Flexible?' });
  await expect(confirmation).toContainText(`Pagarás ${total} en total`);
  await confirmation.getByRole('button', { name: 'Sí, confirmar' }).click();

  // Back on the dashboard: the toast, the debt is the new plan's total, the next date the first new one.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByText('Tu Pago Flexible está activado. Ya puedes ver tu nuevo plan de pagos en tu panel.'),
  ).toBeVisible();
  const after = summaryOf(page, loanId);
  await expect(after).toContainText(total);
  await expect(fact(after, 'Próximo pago')).toHaveText(dates[0]!);
  // Not late any more: Pago Flexible for a restructured loan stays offered by §5, the problems link is gone.
  await expect(after.getByRole('link', { name: '¿Problemas con un reembolso?' })).toHaveCount(0);

  await after.getByRole('button', { name: 'Ver detalles' }).click();
  const list = after.getByRole('list', { name: 'Tus cuotas' });
  // 6 old instalments (1 paid, 5 restructured) and the 3 new ones, in date order.
  await expect(list.getByRole('listitem')).toHaveCount(9);
  await expect(list.getByText('Reestructurada', { exact: true })).toHaveCount(5);
  const pending = list.getByRole('listitem').filter({ hasText: 'Pendiente' });
  await expect(pending).toHaveCount(3);
  for (let index = 0; index < 3; index += 1) {
    const row = pending.nth(index);
    await expect(fact(row, 'Fecha')).toHaveText(dates[index]!);
    await expect(fact(row, 'Importe')).toHaveText(amounts[index]!);
  }

  // The accepted pre-contract information stays with the loan: downloadable as PDF from the dashboard.
  const download = page.waitForEvent('download');
  await after.getByRole('button', { name: 'Información del Pago Flexible (PDF)' }).click();
  expect((await download).suggestedFilename()).toBe(
    `PrestamoRapido-${loanId}-pago-flexible-informacion-precontractual.pdf`,
  );

  // A second visit the same day: refused with the server's message (one restructure per press and day).
  await page.goto(`/restructure/${loanId}`);
  await expect(page.getByText('El pago flexible no está disponible para este préstamo.')).toBeVisible();
});

test('a loan the rule does not allow (35 days late): the message and no confirmation', async ({ page }) => {
  const customer = await customerWithLoan(page.request, -35);
  await openAs(page, `/restructure/${customer.loanIds[0]!}`, customer.phone);
  await expect(page.getByText('El pago flexible no está disponible para este préstamo.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirmar Pago Flexible' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Volver a mi panel' })).toBeVisible();
});
