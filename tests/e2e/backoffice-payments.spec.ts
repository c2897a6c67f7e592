import { approveProposal, logIn, staffLogsIn } from './backoffice-staff.ts';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoViolations } from './helpers.ts';
import { openAs } from './session.ts';

/**
 * Issue 27's first browser journey, in Chromium against the real server (docs/backoffice.md §8 P1,
 * docs/rules/payments.md "Manual matching"): a customer's transfer arrives on the bank statement without the
 * reference the app gave them; an agent finds it in 'Conciliación', assigns it from the customer's file to the
 * instalment due, and the customer's dashboard shows that instalment paid. The customer is made by the test.
 */

interface SandboxCustomer {
  phone: string;
  customerId: number;
  loanIds: number[];
}

/**
 * A customer made by the sandbox with one loan of 12 instalments, the first paid and the second due in 5 days; their
 * app open on the dashboard ('1 de 12 pagadas'), what the second instalment asks, and their profile.
 */
async function customerWithSecondDue(page: Page, browser: Browser, baseURL: string | undefined) {
  const created = await page.request.post('/sandbox/customers', {
    data: { loans: [{ installments: 12, firstUnpaid: 2, firstUnpaidDueInDays: 5 }] },
  });
  expect(created.status(), await created.text()).toBe(200);
  const customer = ((await created.json()) as { data: SandboxCustomer }).data;
  const loanId = customer.loanIds[0]!;
  const app = await (await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid' })).newPage();
  const session = await openAs(app, '/dashboard', customer.phone);
  const summary = app.getByRole('region', { name: new RegExp(`TU DEUDA ACTUAL.*${loanId}`) });
  await expect(summary).toContainText('1 de 12 pagadas');
  const headers = { authorization: `Bearer ${session.token}`, 'x-member-id': String(session.memberId) };
  const loans = (await (await app.request.get('/api/loan/customerAllLoans', { headers })).json()) as {
    data: Array<{ id: number; installments: Array<{ totalPayment: number }> }>;
  };
  const due = loans.data.find((loan) => loan.id === loanId)!.installments[1]!.totalPayment;
  const profile = (await (await app.request.get('/api/customer/customer', { headers })).json()) as {
    data: { firstName: string; lastName: string; additionalField: string };
  };
  return { customer, loanId, app, summary, due, profile: profile.data };
}

test('an agent matches a bank transfer to the instalment due, and the customer’s dashboard shows it paid', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { customer, loanId, app, summary, due, profile } = await customerWithSecondDue(page, browser, baseURL);
  const payer = `${profile.firstName} ${profile.lastName}`.toUpperCase();

  // The transfer arrives with a concept the reconciliation cannot read.
  const concept = `cuota prestamo ${customer.phone}`;
  const arrived = await page.request.post('/sandbox/bank-statement/lines', {
    data: { amount: due, description: concept, payerName: payer },
  });
  expect(arrived.status(), await arrived.text()).toBe(200);

  await staffLogsIn(page, page.request, 'agente@demo.prestamo.local');
  await page.getByRole('navigation').getByRole('link', { name: 'Conciliación' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Conciliación' })).toBeVisible();
  const waiting = page
    .getByRole('grid', { name: 'Movimientos del banco' })
    .getByRole('row')
    .filter({ hasText: concept });
  await expect(waiting).toContainText(payer);
  await expectNoViolations(page, '/backoffice/conciliacion');
  await waiting.getByRole('link', { name: `Buscar a ${payer}` }).click();
  await expect(page).toHaveURL(/\/backoffice\/clientes\?q=/);
  await expect(page.getByRole('searchbox', { name: 'Buscar cliente' })).toHaveValue(payer);

  // The customer's file: the loan, its instalment due, the transfer assigned with the reason.
  await page.goto(`/backoffice/clientes/${customer.customerId}/prestamos`);
  const section = page.getByRole('region', { name: `Cuotas del préstamo nº ${loanId}` });
  await expect(section.getByRole('grid').getByRole('row').nth(2)).toContainText('Pendiente');
  await section.getByRole('button', { name: 'Asignar una transferencia' }).click();
  const dialog = page.getByRole('dialog', { name: `Asignar una transferencia al préstamo nº ${loanId}` });
  await expect(dialog).toContainText('Se aplica desde la cuota nº 2');
  const line = dialog.getByLabel('Transferencia recibida');
  const option = line.locator('option').filter({ hasText: concept });
  await line.selectOption({ label: (await option.textContent()) ?? '' });
  await dialog.getByLabel('Motivo (queda en la auditoría)').fill('Transferencia sin la referencia del préstamo');
  await expectNoViolations(page, 'the assign dialog');
  await dialog.getByRole('button', { name: 'Asignar la transferencia' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `asignada al préstamo nº ${loanId}` })).toBeVisible();
  // The loans are read again: the second instalment (row 2 after the header) is paid.
  await expect(section.getByRole('grid').getByRole('row').nth(2)).toContainText('Pagada');

  // 'Asignados' in the reconciliation says to which loan and by whom.
  await page.goto('/backoffice/conciliacion?estado=matched');
  const assigned = page
    .getByRole('grid', { name: 'Movimientos del banco' })
    .getByRole('row')
    .filter({ hasText: concept });
  await expect(assigned).toContainText(`Préstamo nº ${loanId}`);
  await expect(assigned).toContainText('Lucía Agente Demo');

  // The customer's app after: two of twelve paid.
  await app.reload();
  await expect(summary).toContainText('2 de 12 pagadas');
  await app.context().close();
});

test('admin@ proposes to annul a transfer, admin2@ approves it, and the customer’s instalment is unpaid again', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { customer, loanId, app, summary, due, profile } = await customerWithSecondDue(page, browser, baseURL);

  // The customer pays the second instalment by transfer with the reference the app gives; the lender reconciles it.
  const concept = `${profile.additionalField}-CN${loanId}`;
  const reconciled = await page.request.post('/sandbox/bank-transfer/reconcile', {
    data: { reference: concept, amount: due },
  });
  expect(reconciled.status(), await reconciled.text()).toBe(200);
  const paymentId = ((await reconciled.json()) as { data: { paymentId: number } }).data.paymentId;
  await app.reload();
  await expect(summary).toContainText('2 de 12 pagadas');

  // admin@ finds the payment in the file's loans and proposes to annul it: nothing changes yet.
  await staffLogsIn(page, page.request, 'admin@demo.prestamo.local');
  await page.goto(`/backoffice/clientes/${customer.customerId}/prestamos`);
  const section = page.getByRole('region', { name: `Cuotas del préstamo nº ${loanId}` });
  await section.getByRole('button', { name: `Pagos del préstamo nº ${loanId}` }).click();
  const payments = section.getByRole('table', { name: `Pagos del préstamo nº ${loanId}` });
  const paymentRow = payments
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: String(paymentId), exact: true }) });
  await expect(paymentRow).toContainText('Transferencia');
  await expect(paymentRow).toContainText('Cobrado');
  await expect(paymentRow).toContainText('cuota nº 2');
  await paymentRow.getByRole('button', { name: 'Proponer anulación' }).click();
  const propose = page.getByRole('dialog', { name: `Proponer la anulación del pago nº ${paymentId}` });
  await expect(propose).toContainText('vuelve a la conciliación');
  await propose.getByLabel('Motivo (queda en la auditoría)').fill('El cliente la hizo para el préstamo de su hermano.');
  await expectNoViolations(page, 'the annulment proposal dialog');
  await propose.getByRole('button', { name: 'Proponer anulación' }).click();
  await expect(propose).toHaveCount(0);
  const notice = page.getByRole('status').filter({ hasText: `sobre el pago nº ${paymentId} creada` });
  await expect(notice).toBeVisible();
  const proposalId = /Propuesta nº (\d+)/.exec((await notice.textContent()) ?? '')?.[1];
  expect(proposalId).toMatch(/^\d+$/);
  await app.reload();
  await expect(summary).toContainText('2 de 12 pagadas');
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/backoffice\/login$/);

  // admin2@ approves it in the inbox.
  await logIn(page, page.request, 'admin2@demo.prestamo.local');
  await expect(page).toHaveURL(/\/backoffice\/clientes$/);
  await page.goto('/backoffice/propuestas');
  const row = page
    .getByRole('table', { name: 'Propuestas' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: proposalId!, exact: true }) });
  await expect(row).toContainText(`Anular el pago nº ${paymentId}`);
  await expect(row).toContainText(`préstamo nº ${loanId}`);
  await expectNoViolations(page, '/backoffice/propuestas with a payment proposal');
  await approveProposal(page, row, proposalId!, 'Comprobado con el extracto.');

  // The transfer waits in the reconciliation again, to be assigned where it belongs.
  await page.goto('/backoffice/conciliacion');
  await expect(
    page.getByRole('grid', { name: 'Movimientos del banco' }).getByRole('row').filter({ hasText: concept }),
  ).toBeVisible();

  // The customer's app: the second instalment unpaid again.
  await app.reload();
  await expect(summary).toContainText('1 de 12 pagadas');
  await app.context().close();
});
