import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { issueSession } from '../../src/server/auth/sessions.ts';
import { directTransferOrders, loans, sandboxProviderOperations } from '../../src/server/db/schema/index.ts';
import { signCallback } from '../../src/server/modules/transfer/index.ts';
import { TRANSFER_WIDGET_SCRIPT } from '../../src/server/providers/sandbox-direct-transfer-page.ts';
import { todayInMadrid } from '../../src/shared/dates.ts';
import { initDirectTransfer, payableLoanView, type TransferDeps } from '../../src/server/modules/transfer/service.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login } from './helpers/customers.ts';
import {
  callback,
  closureCents,
  errorOf,
  initBody,
  initTransfer,
  INSTALLMENT_CENTS,
  loanPayments,
  NOW,
  orderRow,
  startOrder,
  transferBorrower,
  widgetEnd,
  widgetPay,
} from './helpers/direct-transfer.ts';

/**
 * The direct bank transfer (agreement 5): DirectTransferInitPost's refusals, DirectTransferOrdersGet, the sandbox
 * widget page and the provider callback's authentication. The settle itself: direct-transfer-settle.test.ts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW });
});
afterAll(async () => {
  await t?.close();
});

describe('DirectTransferInitPost', () => {
  it('answers an absolute widget url on this server and keeps a pending order, without a payment', async () => {
    const who = await transferBorrower(t);
    const response = await initTransfer(t, who.headers, initBody(who.loan.loanId, 299.99));
    expect(response.statusCode).toBe(200);
    const { widgetUrl } = (response.json() as { data: { widgetUrl: string } }).data;
    const url = new URL(widgetUrl);
    expect(url.origin).toBe('http://localhost');
    expect(url.pathname).toBe('/sandbox/direct-transfer/widget');
    const orderId = url.searchParams.get('order')!;
    expect(orderId).toMatch(/^sbx_dt_[A-Za-z0-9_-]{32}$/);
    const row = await orderRow(t, orderId);
    expect(row).toMatchObject({
      customerId: who.customer.id,
      loanId: who.loan.loanId,
      amountCents: INSTALLMENT_CENTS,
      status: 'pending',
      paymentId: null,
      doneMessage: 'Pago recibido',
    });
    expect(JSON.parse(row.providerState!)).toEqual({ appOrigin: 'http://localhost', ended: null });
    expect(await loanPayments(t, who.loan.loanId)).toEqual([]);
  });

  it('one order per Idempotency-Key: two runs of one key at once (a key taken over) end on one order and one provider operation', async () => {
    const who = await transferBorrower(t);
    const key = `press-${who.customer.id}`;
    const replayed = await initTransfer(t, who.headers, initBody(who.loan.loanId, 299.99), { 'idempotency-key': key });
    const again = await initTransfer(t, who.headers, initBody(who.loan.loanId, 299.99), { 'idempotency-key': key });
    expect(again.body).toBe(replayed.body);
    // Below the key's claim: the handler itself, twice at once with a new key, as after a takeover.
    const deps: TransferDeps = {
      db: t.db,
      clock: t.clock,
      provider: t.app.providers.directTransfer,
      log: t.app.log,
      callbackKey: t.secrets.directTransferCallbackKey,
      loanView: (db, customerId, loanId) => payableLoanView(db, customerId, loanId, todayInMadrid(t.clock.now())),
      payments: { createPendingPayment: vi.fn(), settlePayment: vi.fn() },
    };
    const origins = { appOrigin: 'http://localhost', serverOrigin: 'http://localhost' };
    const body = initBody(who.loan.loanId, INSTALLMENT_CENTS) as Parameters<typeof initDirectTransfer>[2];
    const both = await Promise.all([
      initDirectTransfer(deps, who.customer.id, body, origins, 'twice'),
      initDirectTransfer(deps, who.customer.id, body, origins, 'twice'),
    ]);
    expect(both[1]).toEqual(both[0]);
    // A third run finds the order by its key and answers it without the provider.
    const spy = vi.spyOn(deps.provider, 'initTransfer');
    expect(await initDirectTransfer(deps, who.customer.id, body, origins, 'twice')).toEqual(both[0]);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    const orders = await t.db
      .select()
      .from(directTransferOrders)
      .where(eq(directTransferOrders.customerId, who.customer.id));
    const twice = orders.filter((row) => row.idempotencyKey === 'twice');
    expect(twice.map((row) => row.providerOrderId)).toEqual([new URL(both[0].widgetUrl).searchParams.get('order')]);
    expect(orders.map((row) => row.idempotencyKey).sort()).toEqual([key, 'twice']);
    const operations = await t.db
      .select()
      .from(sandboxProviderOperations)
      .where(eq(sandboxProviderOperations.idempotencyKey, `transfer:${who.customer.id}:twice`));
    expect(operations).toHaveLength(1);
  });

  it('accepts every amount of paymentQuote: the first instalment, the pending ones, closing the loan', async () => {
    // Two instalments overdue: pendingInstallments pays both; closeLoan the Loan view's earlyClosureAmount.
    const who = await transferBorrower(t, { nextDue: '2026-10-20', paid: 1 });
    for (const cents of [INSTALLMENT_CENTS, 2 * INSTALLMENT_CENTS, await closureCents(t, who)]) {
      const amount = cents / 100;
      const response = await initTransfer(t, who.headers, initBody(who.loan.loanId, amount));
      expect(response.statusCode, `amount ${amount}`).toBe(200);
    }
  });

  it.each([299.98, 300, 0.01, 600.98])('refuses %s € (InvalidPaymentAmount), creating no order', async (amount) => {
    const who = await transferBorrower(t);
    const response = await initTransfer(t, who.headers, initBody(who.loan.loanId, amount));
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toMatchObject({
      code: { name: 'InvalidPaymentAmount' },
      message: 'El importe a pagar no es válido.',
    });
    const rows = await t.db
      .select()
      .from(directTransferOrders)
      .where(eq(directTransferOrders.customerId, who.customer.id));
    expect(rows).toEqual([]);
  });

  it("answers 404 LoanNotFound for another customer's loan and for a missing one, never data", async () => {
    const owner = await transferBorrower(t);
    const other = await login(t, { status: 'securityChecked' });
    for (const loanId of [owner.loan.loanId, 2_000_000_000]) {
      const response = await initTransfer(t, other.headers, initBody(loanId, 299.99));
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toMatchObject({ code: { name: 'LoanNotFound' }, message: 'Préstamo no encontrado.' });
      expect(response.body).not.toContain('299.99');
    }
  });

  it('refuses a repaid loan (LoanAlreadyRepaid) and a loan not running (LoanNotFound 422)', async () => {
    const repaid = await transferBorrower(t, { nextDue: '2026-11-27', paid: 1, status: 'repaid' });
    const response = await initTransfer(t, repaid.headers, initBody(repaid.loan.loanId, 299.99));
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toMatchObject({
      code: { name: 'LoanAlreadyRepaid' },
      message: 'Este préstamo ya está pagado.',
    });
    const waiting = await transferBorrower(t, { nextDue: '2026-11-27', status: 'requested' });
    const refused = await initTransfer(t, waiting.headers, initBody(waiting.loan.loanId, 299.99));
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).code.name).toBe('LoanNotFound');
  });

  it('answers WidgetUnavailable when the provider cannot be reached', async () => {
    const who = await transferBorrower(t);
    const spy = vi
      .spyOn(t.app.providers.directTransfer, 'initTransfer')
      .mockRejectedValueOnce(new Error('connect ECONNREFUSED'));
    try {
      const response = await initTransfer(t, who.headers, initBody(who.loan.loanId, 299.99));
      expect(response.statusCode).toBe(422);
      expect(errorOf(response)).toMatchObject({
        code: { name: 'WidgetUnavailable' },
        message: 'Ha ocurrido un error. Por favor, inténtalo de nuevo.',
      });
      expect(response.body).not.toContain('ECONNREFUSED');
    } finally {
      spy.mockRestore();
    }
  });

  it('blocks the customer for 24 hours after the widget ended with user_blocked (WidgetAccountBlocked)', async () => {
    const who = await transferBorrower(t);
    const { orderId } = await startOrder(t, who);
    expect((await widgetEnd(t, orderId, 'user_blocked')).statusCode).toBe(200);
    expect((await orderRow(t, orderId)).status).toBe('cancelled');
    const blocked = await initTransfer(t, who.headers, initBody(who.loan.loanId, 299.99));
    expect(blocked.statusCode).toBe(422);
    expect(errorOf(blocked)).toMatchObject({
      code: { name: 'WidgetAccountBlocked' },
      message: 'Su cuenta ha sido bloqueada. Puede intentar nuevamente en 24 horas.',
    });
    // Another customer is not blocked; a denial of consents does not block.
    const other = await transferBorrower(t);
    const denied = await startOrder(t, other);
    await widgetEnd(t, denied.orderId, 'consents_denied');
    expect((await initTransfer(t, other.headers, initBody(other.loan.loanId, 299.99))).statusCode).toBe(200);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    try {
      const session = await issueSession(
        { db: t.db, clock: t.clock, jwtKey: t.secrets.jwtKey },
        { id: who.customer.id, role: 'user' },
      );
      const headers = { authorization: `Bearer ${session.token}`, 'x-member-id': String(who.customer.id) };
      expect((await initTransfer(t, headers, initBody(who.loan.loanId, 299.99))).statusCode).toBe(200);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('refuses bad input with 400 and an anonymous caller with 401', async () => {
    const who = await transferBorrower(t);
    for (const body of [
      {},
      initBody(who.loan.loanId, -1),
      initBody(who.loan.loanId, 1.001),
      initBody(who.loan.loanId, 299.99, { successPage: 'javascript:alert(1)' }),
      initBody(who.loan.loanId, 299.99, { errorPage: 'https://evil.example/phish' }),
      initBody(who.loan.loanId, 299.99, { successPage: '//evil.example/phish' }),
      initBody(who.loan.loanId, 299.99, { extra: true }),
      initBody(who.loan.loanId, 299.99, { doneMessage: 'x'.repeat(501) }),
    ]) {
      const response = await initTransfer(t, who.headers, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    // A path of the app is fine too.
    const relative = initBody(who.loan.loanId, 299.99, { successPage: '/payment/success', errorPage: '/dashboard' });
    expect((await initTransfer(t, who.headers, relative)).statusCode).toBe(200);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/inboundpayment/init/unnax',
      payload: initBody(who.loan.loanId, 299.99),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('DirectTransferOrdersGet', () => {
  it("lists the caller's orders only, newest first, with their status", async () => {
    const who = await transferBorrower(t);
    const other = await transferBorrower(t);
    const first = await startOrder(t, who);
    t.clock.advance(1000);
    const second = await startOrder(t, who);
    await startOrder(t, other);
    await widgetEnd(t, first.orderId, 'paymentFailed');
    t.clock.set(NOW);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/inboundpayment/orders/unnax',
      headers: who.headers,
    });
    expect(response.statusCode).toBe(200);
    const orders = (response.json() as { data: Array<Record<string, unknown>> }).data;
    const firstRow = await orderRow(t, first.orderId);
    const secondRow = await orderRow(t, second.orderId);
    expect(orders).toEqual([
      { id: secondRow.id, loanId: who.loan.loanId, amount: 299.99, status: 'pending', createdDate: expect.any(String) },
      { id: firstRow.id, loanId: who.loan.loanId, amount: 299.99, status: 'failed', createdDate: expect.any(String) },
    ]);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/inboundpayment/orders/unnax' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the sandbox widget page', () => {
  it('shows the amount, Spanish banks, the terms, Pagar and the sandbox endings, framed only by the app', async () => {
    const who = await transferBorrower(t);
    const { path, orderId } = await startOrder(t, who);
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain('299,99');
    for (const bank of ['Banco Santander', 'BBVA', 'CaixaBank']) expect(page.body).toContain(`data-name="${bank}"`);
    expect(page.body).toContain('Acepto los términos y condiciones');
    expect(page.body).toContain('>Pagar</button>');
    expect(page.body).toContain('data-end="consents_denied"');
    expect(page.body).toContain('data-end="user_blocked"');
    expect(page.body).toContain('data-end="paymentFailed"');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain('frame-ancestors http://localhost');
    expect(csp).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.body).not.toMatch(/<script>(?!<)/);
    const config = JSON.parse(
      page.body.match(/<script type="application\/json" id="transfer-config">(.*?)<\/script>/)![1]!,
    );
    expect(config).toMatchObject({ source: 'unnax', orderId, appOrigin: 'http://localhost' });
  });

  it('frames for the app on another origin (PUBLIC_URL), not for a foreign Origin header', async () => {
    const split = await createTestApp({
      database: t.handle,
      now: NOW,
      rateLimit: false,
      env: { PUBLIC_URL: 'https://app.prestamo.example' },
    });
    try {
      const who = await transferBorrower(split);
      for (const [origin, expected] of [
        ['https://app.prestamo.example', 'https://app.prestamo.example'],
        ['https://evil.example', 'http://localhost'],
      ] as const) {
        const response = await initTransfer(split, who.headers, initBody(who.loan.loanId, 299.99), { origin });
        const { widgetUrl } = (response.json() as { data: { widgetUrl: string } }).data;
        const page = await split.app.inject({ method: 'GET', url: widgetUrl.replace(/^https?:\/\/[^/]+/, '') });
        expect(String(page.headers['content-security-policy'])).toContain(`frame-ancestors ${expected}`);
        expect(page.body).toContain(`"appOrigin":"${expected}"`);
        expect(page.body).not.toContain('evil.example');
      }
    } finally {
      await split.close();
    }
  });

  it('escapes what it shows: an order id with markup stays inside its JSON block', async () => {
    const who = await transferBorrower(t);
    // Unique per run: the PostgreSQL test database is shared between runs.
    const hostile = `x"></script><script>alert(1)</script><img src=x onerror=alert(2)>&${randomUUID()}`;
    await t.db.insert(directTransferOrders).values({
      customerId: who.customer.id,
      loanId: who.loan.loanId,
      providerOrderId: hostile,
      amountCents: INSTALLMENT_CENTS,
      status: 'pending',
      successPage: 'http://localhost/a',
      errorPage: 'http://localhost/b',
      doneMessage: '<b>hola</b>',
      providerState: JSON.stringify({ appOrigin: 'http://localhost', ended: null }),
    });
    const page = await t.app.inject({
      method: 'GET',
      url: `/sandbox/direct-transfer/widget?order=${encodeURIComponent(hostile)}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).not.toContain('<b>hola</b>');
    const config = JSON.parse(
      page.body.match(/<script type="application\/json" id="transfer-config">(.*?)<\/script>/)![1]!,
    );
    expect(config.orderId).toBe(hostile);
  });

  it('404 for an unknown order; an ended order says so and carries no script', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/sandbox/direct-transfer/widget?order=nope' });
    expect(unknown.statusCode).toBe(404);
    const who = await transferBorrower(t);
    const { orderId, path } = await startOrder(t, who);
    await widgetEnd(t, orderId, 'consents_denied');
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Esta orden de pago ya no está disponible.');
    expect(page.body).not.toContain('<script');
    // An ended order cannot be paid or ended again.
    expect((await widgetPay(t, orderId)).statusCode).toBe(404);
    expect((await widgetEnd(t, orderId, 'user_blocked')).statusCode).toBe(404);
  });

  it("'Pagar' without the terms accepted is refused with TermsNotAccepted and changes nothing", async () => {
    const who = await transferBorrower(t);
    const { orderId } = await startOrder(t, who);
    const response = await widgetPay(t, orderId, false);
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toMatchObject({
      code: { name: 'TermsNotAccepted' },
      message: 'Debe aceptar los términos y condiciones.',
    });
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'pending', paymentId: null });
  });

  it('serves its script, which posts the JSON string of agreement 5 to the app origin and never to *', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/sandbox/direct-transfer/widget.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toBe(TRANSFER_WIDGET_SCRIPT);
    expect(script.body).toContain('postMessage(JSON.stringify(message), config.appOrigin)');
    expect(script.body).not.toMatch(/postMessage\([^)]*'\*'/);
  });

  it('a failed payment ends the order failed; a denial cancelled; no payment either way', async () => {
    const who = await transferBorrower(t);
    const failed = await startOrder(t, who);
    expect((await widgetEnd(t, failed.orderId, 'paymentFailed')).statusCode).toBe(200);
    expect((await orderRow(t, failed.orderId)).status).toBe('failed');
    const denied = await startOrder(t, who);
    expect((await widgetEnd(t, denied.orderId, 'consents_denied')).statusCode).toBe(200);
    expect((await orderRow(t, denied.orderId)).status).toBe('cancelled');
    expect(await loanPayments(t, who.loan.loanId)).toEqual([]);
    const [loan] = await t.db.select().from(loans).where(eq(loans.id, who.loan.loanId));
    expect(loan!.status).toBe('issued');
  });
});

describe('the provider callback', () => {
  it('refuses a missing, wrong, stale or tampered signature with 401 and changes nothing', async () => {
    const who = await transferBorrower(t);
    const { orderId } = await startOrder(t, who);
    const body = { orderId, amountCents: INSTALLMENT_CENTS };
    const key = t.secrets.directTransferCallbackKey;
    const now = t.clock.now();
    const cases: Array<string | null> = [
      null,
      '',
      'garbage',
      `t=${now.getTime()},v1=${'0'.repeat(64)}`,
      // Signed with another key.
      signCallback(
        new TextEncoder().encode('another-key-another-key-another-key'),
        { callbackEvent: 'failed', ...body },
        now,
      ),
      // Signed for another event, amount or order.
      signCallback(key, { callbackEvent: 'authorized', ...body }, now),
      signCallback(key, { callbackEvent: 'failed', orderId, amountCents: 1 }, now),
      signCallback(key, { callbackEvent: 'failed', orderId: 'other', amountCents: INSTALLMENT_CENTS }, now),
      // Made 6 minutes ago.
      signCallback(key, { callbackEvent: 'failed', ...body }, new Date(now.getTime() - 6 * 60_000)),
    ];
    for (const signature of cases) {
      const response = await callback(t, 'failed', body, signature);
      expect(response.statusCode, String(signature)).toBe(401);
      expect(errorOf(response).code.name).toBe('Unauthorized');
    }
    expect((await orderRow(t, orderId)).status).toBe('pending');
  });

  it('a valid signature for an unknown order is 404; an unknown event or bad body 400', async () => {
    expect((await callback(t, 'failed', { orderId: 'sbx_dt_unknown', amountCents: 100 })).statusCode).toBe(404);
    expect((await callback(t, 'refunded', { orderId: 'sbx_dt_unknown', amountCents: 100 })).statusCode).toBe(400);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/inboundpayment/callback/unnax/failed',
      payload: { orderId: 'x', amountCents: 'lots', extra: 1 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('answers hostile input with a 4xx in the error shape, never a 500', async () => {
    const url = '/api/inboundpayment/callback/unnax/authorized';
    const cases: Array<{ payload?: string; headers?: Record<string, string> }> = [
      { payload: '' },
      { payload: 'null' },
      { payload: '[]' },
      { payload: '{"orderId":' },
      { payload: JSON.stringify({ orderId: 'a\u0000b', amountCents: 1 }) },
      { payload: JSON.stringify({ orderId: 'x'.repeat(10_000), amountCents: 1 }) },
      { payload: JSON.stringify({ orderId: { $ne: null }, amountCents: 1 }) },
      { payload: JSON.stringify({ orderId: 'x', amountCents: 1e300 }) },
      { payload: JSON.stringify({ orderId: 'x', amountCents: 1, __proto__: { admin: true } }) },
      { payload: 'orderId=x&amountCents=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      {
        payload: JSON.stringify({ orderId: 'x', amountCents: 1 }),
        headers: { 'content-type': 'application/json', 'x-unnax-signature': 'x'.repeat(5_000) },
      },
    ];
    for (const { payload, headers = { 'content-type': 'application/json' } } of cases) {
      const response = await t.app.inject({ method: 'POST', url, headers, payload });
      expect(response.statusCode, String(payload).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, String(payload).slice(0, 60)).toBeLessThan(500);
      expect(errorOf(response).code.name).toEqual(expect.any(String));
    }
  });

  it('refuses an amount that is not the order’s', async () => {
    const who = await transferBorrower(t);
    const { orderId } = await startOrder(t, who);
    const response = await callback(t, 'authorized', { orderId, amountCents: INSTALLMENT_CENTS - 1 });
    expect(response.statusCode).toBe(400);
    expect((await orderRow(t, orderId)).status).toBe('pending');
    expect(await loanPayments(t, who.loan.loanId)).toEqual([]);
  });

  it('failed is idempotent: a repeat answers the same status; a later authorized changes nothing', async () => {
    const who = await transferBorrower(t);
    const { orderId } = await startOrder(t, who);
    const body = { orderId, amountCents: INSTALLMENT_CENTS };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await callback(t, 'failed', body);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { orderId, status: 'failed' } });
    }
    const late = await callback(t, 'authorized', body);
    expect(late.json()).toEqual({ data: { orderId, status: 'failed' } });
    expect(await loanPayments(t, who.loan.loanId)).toEqual([]);
  });
});
