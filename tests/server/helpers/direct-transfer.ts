import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { directTransferOrders, payments } from '../../../src/server/db/schema/index.ts';
import { CALLBACK_SIGNATURE_HEADER, signCallback } from '../../../src/server/modules/transfer/index.ts';
import { eurosToCents } from '../../../src/shared/money.ts';
import type { TestApp } from './app.ts';
import { login, type LoggedIn } from './customers.ts';
import { loansOf } from './payments.ts';
import { createRunningLoan, INSTALLMENT_CENTS, type TestLoan } from './running-loans.ts';

/** Direct-transfer test helpers: a borrower with a running loan, the init call, the widget and the callback. */

export const NOW = '2026-11-24T10:00:00.000Z';
/** The next instalment of the test loans: three days after NOW (not due yet). */
export const NEXT_DUE = '2026-11-27';
export { INSTALLMENT_CENTS };

export interface TransferBorrower extends LoggedIn {
  loan: TestLoan;
}

/** A securityChecked customer with a running loan of 12 × 299,99 €, one paid, the next due on NEXT_DUE. */
export async function transferBorrower(
  t: TestApp,
  options: Parameters<typeof createRunningLoan>[2] = { nextDue: NEXT_DUE, paid: 1 },
): Promise<TransferBorrower> {
  const who = await login(t, { status: 'securityChecked' });
  const loan = await createRunningLoan(t, who.customer.id, options);
  return { ...who, loan };
}

/** The loan's earlyClosureAmount today in cents, as CustomerAllLoansGet (the dashboard) shows it. */
export async function closureCents(t: TestApp, who: TransferBorrower): Promise<number> {
  const loan = (await loansOf(t, who)).find((row) => row.id === who.loan.loanId);
  if (!loan) throw new Error(`loan ${who.loan.loanId} is not in customerAllLoans`);
  return eurosToCents(loan.earlyClosureAmount);
}

export function initBody(loanId: number, amountEuros: number, overrides: Record<string, unknown> = {}) {
  return {
    amount: amountEuros,
    loanId,
    successPage: 'http://localhost/payment/success/firstNotPaidInstallment',
    errorPage: 'http://localhost/dashboard',
    doneMessage: 'Pago recibido',
    ...overrides,
  };
}

/** DirectTransferInitPost with a fresh Idempotency-Key (one press), unless `extraHeaders` gives one. */
export const initTransfer = (
  t: TestApp,
  headers: Record<string, string>,
  body: Record<string, unknown>,
  extraHeaders: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/inboundpayment/init/unnax',
    headers: { 'idempotency-key': randomUUID(), ...headers, ...extraHeaders },
    payload: body,
  });

/** Starts an order for the first unpaid instalment; returns the provider's order id and the widget's url. */
export async function startOrder(t: TestApp, who: TransferBorrower, amountCents = INSTALLMENT_CENTS) {
  const response = await initTransfer(t, who.headers, initBody(who.loan.loanId, amountCents / 100));
  if (response.statusCode !== 200) throw new Error(`init failed: ${response.statusCode} ${response.body}`);
  const { widgetUrl } = (response.json() as { data: { widgetUrl: string } }).data;
  const orderId = new URL(widgetUrl).searchParams.get('order')!;
  return { widgetUrl, orderId, path: widgetUrl.replace(/^https?:\/\/[^/]+/, '') };
}

export const errorOf = (response: LightMyRequestResponse) =>
  (response.json() as { errors: Array<{ code: { name: string }; message: string }> }).errors[0]!;

/** The provider's callback, signed with the app's key (or the header given). */
export function callback(
  t: TestApp,
  event: string,
  body: { orderId: string; amountCents: number },
  signature: string | null = signCallback(
    t.secrets.directTransferCallbackKey,
    { callbackEvent: event, ...body },
    t.clock.now(),
  ),
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/inboundpayment/callback/unnax/${event}`,
    headers: signature === null ? {} : { [CALLBACK_SIGNATURE_HEADER]: signature },
    payload: body,
  });
}

export const orderRow = async (t: TestApp, providerOrderId: string) =>
  (await t.db.select().from(directTransferOrders).where(eq(directTransferOrders.providerOrderId, providerOrderId)))[0]!;

export const loanPayments = (t: TestApp, loanId: number) =>
  t.db.select().from(payments).where(eq(payments.loanId, loanId));

/** The sandbox widget's buttons. */
export const widgetPay = (t: TestApp, order: string, termsAccepted = true) =>
  t.app.inject({
    method: 'POST',
    url: '/sandbox/direct-transfer/widget/pay',
    payload: { order, bankCode: '2100', termsAccepted },
  });

export const widgetEnd = (t: TestApp, order: string, how: 'consents_denied' | 'user_blocked' | 'paymentFailed') =>
  t.app.inject({ method: 'POST', url: '/sandbox/direct-transfer/widget/end', payload: { order, how, bankCode: null } });
