import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { waitForServiceWorker } from './helpers.ts';
import { openAs } from './session.ts';

/**
 * Issue 13 in a real browser against the real server: a customer with a loan pays by card (with a 3-D Secure
 * challenge), closes a loan, reads the bank transfer details, pays through the direct-transfer widget, and sees the
 * dashboard's buttons appear and disappear at the edges of their thresholds. Every test makes its own customer with
 * `POST /sandbox/customers` (loans at chosen dates), so the seeded demo customers keep their states.
 */

interface SandboxLoan {
  amountEuros?: number;
  installments?: number;
  firstUnpaid?: number | null;
  firstUnpaidDueInDays: number;
}

interface SandboxCustomer {
  phone: string;
  customerId: number;
  loanIds: number[];
}

async function customerWithLoan(
  request: APIRequestContext,
  loan: SandboxLoan,
  extra: Record<string, unknown> = {},
): Promise<SandboxCustomer> {
  const response = await request.post('/sandbox/customers', { data: { loans: [loan], ...extra } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: SandboxCustomer }).data;
}

const summaryOf = (page: Page, loanId: number) =>
  page.getByRole('region', { name: new RegExp(`TU DEUDA ACTUAL.*${loanId}`) });

test.describe('the dashboard buttons at the edges of their thresholds (overdueDay = due date − today)', () => {
  // [days from today to the first unpaid instalment, Pago Flexible, ¿Problemas con un reembolso?]
  const multiInstalment: Array<[number, boolean, boolean]> = [
    [-61, false, true],
    [-60, false, true],
    [-59, true, true],
    [-36, true, true],
    [-35, false, true],
    [-4, false, true],
    [-3, false, false],
  ];
  for (const [days, flexible, problems] of multiInstalment) {
    test(`12 instalments, first unpaid ${days} days from today: Pago Flexible ${flexible ? 'shown' : 'hidden'}, problems link ${problems ? 'shown' : 'hidden'}`, async ({
      page,
    }) => {
      const customer = await customerWithLoan(page.request, {
        installments: 12,
        firstUnpaid: 3,
        firstUnpaidDueInDays: days,
      });
      await openAs(page, '/dashboard', customer.phone);
      const summary = summaryOf(page, customer.loanIds[0]!);
      await expect(summary).toBeVisible();
      await expect(summary.getByRole('link', { name: 'Pago Flexible' })).toHaveCount(flexible ? 1 : 0);
      await expect(summary.getByRole('link', { name: '¿Problemas con un reembolso?' })).toHaveCount(problems ? 1 : 0);
      // Prórroga needs a single instalment.
      await expect(summary.getByRole('link', { name: 'Prórroga' })).toHaveCount(0);
      await expect(summary.getByRole('link', { name: 'Pagar', exact: true })).toBeVisible();
    });
  }

  // [days, Prórroga] for a single-instalment loan: from 35 days late to 5 days before the date.
  const singleInstalment: Array<[number, boolean]> = [
    [6, false],
    [5, true],
    [-35, true],
    [-36, false],
  ];
  for (const [days, rollover] of singleInstalment) {
    test(`one instalment due ${days} days from today: Prórroga ${rollover ? 'shown' : 'hidden'}`, async ({ page }) => {
      const customer = await customerWithLoan(page.request, {
        amountEuros: 300,
        installments: 1,
        firstUnpaid: 1,
        firstUnpaidDueInDays: days,
      });
      await openAs(page, '/dashboard', customer.phone);
      const summary = summaryOf(page, customer.loanIds[0]!);
      await expect(summary).toBeVisible();
      await expect(summary.getByRole('link', { name: 'Prórroga' })).toHaveCount(rollover ? 1 : 0);
    });
  }
});

const paymentPath = (loanId: number, option = 'firstNotPaidInstallment') =>
  `/payment/pay/debit-card/${loanId}?paymentOption=${option}`;

test('bank transfer details: beneficiary, IBAN, the description {reference}-CN{loanId}, copy with its tooltip reset', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL ?? '').origin });
  const customer = await customerWithLoan(page.request, { installments: 12, firstUnpaid: 2, firstUnpaidDueInDays: 10 });
  const loanId = customer.loanIds[0]!;
  const session = await openAs(page, paymentPath(loanId), customer.phone);
  const profile = await page.request.get('/api/customer/customer', {
    headers: { authorization: `Bearer ${session.token}`, 'x-member-id': String(session.memberId) },
  });
  const reference = ((await profile.json()) as { data: { additionalField: string } }).data.additionalField;
  expect(reference).not.toBe('');

  await page.getByRole('radio', { name: 'Transferencia bancaria' }).check();
  await page.getByRole('button', { name: 'Ver los datos para la transferencia' }).click();
  const modal = page.locator('#bankTransferInfoModal');
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('ES14 2100 5800 4802 0012 3456');
  await expect(modal).toContainText(`${reference}-CN${loanId}`);
  await expect(modal.getByRole('link', { name: /pagos@prestamorapido\.example/ })).toHaveAttribute(
    'href',
    new RegExp(`^mailto:pagos@prestamorapido\\.example\\?subject=.*${reference}-CN${loanId}`),
  );
  await modal.getByRole('button', { name: 'Copiar Concepto' }).click();
  await expect(modal.getByRole('status').filter({ hasText: 'Copiado' })).toHaveCount(1);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${reference}-CN${loanId}`);
  // The tooltip goes back after 2 s.
  await expect(modal.getByRole('status').filter({ hasText: 'Copiado' })).toHaveCount(0, { timeout: 4_000 });
});

test('direct transfer widget: a blocked user is told to wait 24 h; a paid transfer settles the instalment', async ({
  page,
}) => {
  const customer = await customerWithLoan(page.request, { installments: 12, firstUnpaid: 2, firstUnpaidDueInDays: 10 });
  const loanId = customer.loanIds[0]!;
  await openAs(page, paymentPath(loanId), customer.phone);
  await page.getByRole('radio', { name: 'Transferencia inmediata desde tu banco' }).check();
  await page.getByRole('button', { name: 'Pagar desde mi banco' }).click();
  const widget = page.frameLocator('iframe[title="Pagar con transferencia inmediata"]');
  await widget.getByRole('button', { name: 'CaixaBank' }).click();
  // Pagar without the terms: the widget's own text.
  await widget.getByRole('button', { name: 'Pagar' }).click();
  await expect(widget.getByText('Debe aceptar los términos y condiciones.')).toBeVisible();
  await widget.getByRole('checkbox', { name: 'Acepto los términos y condiciones' }).check();
  await widget.getByRole('button', { name: 'Pagar' }).click();

  await expect(page).toHaveURL(/\/payment\/success\/firstNotPaidInstallment\?loanId=/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: '¡Pago realizado!' })).toBeVisible();
  await page.getByRole('link', { name: 'Volver a mi área de clientes' }).click();
  const summary = summaryOf(page, loanId);
  await expect(summary).toContainText('2 de 12 pagadas');

  // A second customer whose bank blocks them: the §8 text, and the next attempt is refused for 24 h.
  const blocked = await customerWithLoan(page.request, { installments: 12, firstUnpaid: 2, firstUnpaidDueInDays: 10 });
  await openAs(page, paymentPath(blocked.loanIds[0]!), blocked.phone);
  await page.getByRole('radio', { name: 'Transferencia inmediata desde tu banco' }).check();
  await page.getByRole('button', { name: 'Pagar desde mi banco' }).click();
  await page
    .frameLocator('iframe[title="Pagar con transferencia inmediata"]')
    .getByRole('button', { name: 'Usuario bloqueado' })
    .click();
  await expect(page.getByText('Su cuenta ha sido bloqueada. Puede intentar nuevamente en 24 horas.')).toBeVisible();
});

test("'/dashboard?accion=pagar' opens the first unpaid instalment's payment page; a paid one says 'Ya está pagada'", async ({
  page,
}) => {
  const customer = await customerWithLoan(page.request, { installments: 12, firstUnpaid: 3, firstUnpaidDueInDays: 2 });
  const loanId = customer.loanIds[0]!;
  const session = await openAs(page, '/dashboard?accion=pagar', customer.phone);
  await expect(page).toHaveURL(
    new RegExp(`/payment/pay/debit-card/${loanId}/\\d+\\?paymentOption=firstNotPaidInstallment$`),
  );
  await expect(page.getByText('Cuota 3 de 12')).toBeVisible();

  // A reminder's link for an instalment already paid (the first one) lands on the dashboard with the note.
  const loans = await page.request.get('/api/loan/customerAllLoans', {
    headers: { authorization: `Bearer ${session.token}`, 'x-member-id': String(session.memberId) },
  });
  const [loan] = ((await loans.json()) as { data: Array<{ installments: Array<{ id: number; status: string }> }> })
    .data;
  const paid = loan!.installments.find((installment) => installment.status === 'paid')!;
  await page.goto(`/payment/pay/debit-card/${loanId}/${paid.id}?paymentOption=firstNotPaidInstallment`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('status').filter({ hasText: 'Ya está pagada' })).toBeVisible();
});

test('an overdue customer pays the first unpaid instalment by card with a 3-D Secure challenge; the dashboard shows it paid', async ({
  page,
}) => {
  const customer = await customerWithLoan(
    page.request,
    { installments: 12, firstUnpaid: 2, firstUnpaidDueInDays: -1 },
    { card: 'challenge' },
  );
  const loanId = customer.loanIds[0]!;
  await openAs(page, '/dashboard', customer.phone);
  const summary = summaryOf(page, loanId);
  await expect(summary.getByText('No pagado')).toBeVisible();
  // Late is said (issue 23 §5): the notice with the days and the amount due, the missed date as 'Venció el …'.
  const late = summary.getByRole('region', { name: 'Tienes una cuota vencida' });
  await expect(late).toContainText('llevas 1 día de retraso');
  await expect(late).toContainText(/Importe vencido: [\d.]+,\d\d\s€/);
  await expect(summary.getByText(/^Venció el \d\d\/\d\d\/\d{4}$/)).toBeVisible();
  await summary.getByRole('link', { name: 'Pagar', exact: true }).click();
  await expect(page).toHaveURL(
    new RegExp(`/payment/pay/debit-card/${loanId}/\\d+\\?paymentOption=firstNotPaidInstallment`),
  );
  await expect(page.getByText(/Cuota 2 de 12, venció el \d\d\/\d\d\/\d{4} \(1 día de retraso\)/)).toBeVisible();
  // The principal card (the challenge card) is preselected and masked.
  await expect(page.getByRole('radio', { name: /3220/ })).toBeChecked();
  await page.getByRole('button', { name: /^Pagar/ }).click();

  await expect(page.getByRole('dialog', { name: 'Verificación 3-D Secure' })).toBeVisible({ timeout: 20_000 });
  await page.frameLocator('iframe[title="Verificación 3-D Secure"]').getByRole('button', { name: 'Autorizar' }).click();
  await expect(page).toHaveURL(/\/payment\/success\/firstNotPaidInstallment\?loanId=\d+&paymentId=\d+/, {
    timeout: 20_000,
  });
  await expect(page.getByRole('heading', { name: '¡Pago realizado!' })).toBeVisible();
  await expect(page.getByText('299,99 €').first()).toBeVisible();
  await page.getByRole('link', { name: 'Volver a mi área de clientes' }).click();
  await expect(summaryOf(page, loanId)).toContainText('2 de 12 pagadas');
  await expect(summaryOf(page, loanId).getByText('No pagado')).toHaveCount(0);
  await expect(summaryOf(page, loanId).getByRole('region', { name: /vencida/ })).toHaveCount(0);
});

test('a customer in external collection reads it, with whom to contact, and how late the loan is (issue 23 §5)', async ({
  page,
}) => {
  const response = await page.request.post('/sandbox/customers', {
    data: {
      status: 'externalCollection',
      loans: [{ installments: 12, firstUnpaid: 2, firstUnpaidDueInDays: -75 }],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const customer = ((await response.json()) as { data: SandboxCustomer }).data;
  await openAs(page, '/dashboard', customer.phone);
  const notice = page.getByRole('region', { name: 'Tu deuda la gestiona una empresa de recobro' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: /^\d{3} \d{3} \d{3}$/ })).toHaveAttribute('href', /^tel:\+34\d{9}$/);
  const late = summaryOf(page, customer.loanIds[0]!).getByRole('region', { name: /^Tienes \d cuotas vencidas$/ });
  await expect(late).toContainText('llevas 75 días de retraso');
});

test('closing a loan: Pago Total Préstamo pays the early closure amount and the loan is repaid', async ({ page }) => {
  const customer = await customerWithLoan(page.request, { installments: 12, firstUnpaid: 4, firstUnpaidDueInDays: 12 });
  const loanId = customer.loanIds[0]!;
  await openAs(page, '/dashboard', customer.phone);
  const summary = summaryOf(page, loanId);
  // Several instalments are payable: the whole loan is paid from the instalment details.
  await summary.getByRole('button', { name: 'Ver detalles' }).click();
  await summary.getByRole('link', { name: /Pago Total Préstamo/ }).click();
  await expect(page).toHaveURL(new RegExp(`/payment/pay/debit-card/${loanId}\\?paymentOption=closeLoan`));
  await expect(page.getByText('Todo el préstamo (9 cuotas pendientes)')).toBeVisible();
  await page.getByRole('button', { name: /^Pagar/ }).click();
  await expect(page).toHaveURL(/\/payment\/success\/closeLoan\?/, { timeout: 20_000 });
  await expect(page.getByText('Préstamo pagado')).toBeVisible();
  await page.goto('/credit-history');
  await expect(page.getByText('Pagado').first()).toBeVisible();
});

test('offline, the dashboard shows the last loans with their age and the pay button disabled with the reason', async ({
  page,
  context,
}) => {
  const customer = await customerWithLoan(page.request, { installments: 12, firstUnpaid: 2, firstUnpaidDueInDays: 3 });
  const loanId = customer.loanIds[0]!;
  await openAs(page, '/dashboard', customer.phone);
  await expect(summaryOf(page, loanId)).toBeVisible();
  await waitForServiceWorker(page);
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByText(/Datos de hace/)).toBeVisible({ timeout: 15_000 });
    await expect(summaryOf(page, loanId)).toContainText('1 de 12 pagadas');
    await expect(page.getByText('Sin conexión: no puedes pagar ahora.').first()).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});
