import { staffLogsIn } from './backoffice-staff.ts';
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

test('an agent matches a bank transfer to the instalment due, and the customer’s dashboard shows it paid', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const created = await page.request.post('/sandbox/customers', {
    data: { loans: [{ installments: 12, firstUnpaid: 2, firstUnpaidDueInDays: 5 }] },
  });
  expect(created.status(), await created.text()).toBe(200);
  const customer = ((await created.json()) as { data: SandboxCustomer }).data;
  const loanId = customer.loanIds[0]!;

  // The customer's app before: one instalment of twelve paid; what the second one asks.
  const app = await (await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid' })).newPage();
  const session = await openAs(app, '/dashboard', customer.phone);
  const summary = app.getByRole('region', { name: new RegExp(`TU DEUDA ACTUAL.*${loanId}`) });
  await expect(summary).toContainText('1 de 12 pagadas');
  const headers = { authorization: `Bearer ${session.token}`, 'x-member-id': String(session.memberId) };
  const loans = (await (await app.request.get('/api/loan/customerAllLoans', { headers })).json()) as {
    data: Array<{ id: number; installments: Array<{ status: string; totalPayment: number }> }>;
  };
  const due = loans.data.find((loan) => loan.id === loanId)!.installments[1]!.totalPayment;
  const profile = (await (await app.request.get('/api/customer/customer', { headers })).json()) as {
    data: { firstName: string; lastName: string };
  };
  const payer = `${profile.data.firstName} ${profile.data.lastName}`.toUpperCase();

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
