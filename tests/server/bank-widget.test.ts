import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_BANKING_MESSAGE_SOURCE } from '../../src/shared/api/bank.ts';
import { isValidSpanishIban } from '../../src/shared/validators/iban.ts';
import {
  bankAccounts,
  bankTransactions,
  creditDecisions,
  customers,
  customerStatusHistory,
  scrapeSessions,
} from '../../src/server/db/schema/index.ts';
import { scrapeSessionStatus } from '../../src/server/modules/bank/service.ts';
import { WIDGET_SCRIPT } from '../../src/server/providers/sandbox-open-banking-page.ts';
import { SANDBOX_LOGIN_ATTEMPTS } from '../../src/server/providers/sandbox-open-banking.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { errorCodeOf, polled, pollSession, startWidget, startedWidget, widgetLogin } from './helpers/bank.ts';
import { login } from './helpers/customers.ts';

/** The open-banking widget (sandbox tink and unnax), its scrape sessions and the decision a first link runs. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: '2026-11-24T10:00:00.000Z' });
});
afterAll(async () => {
  await t?.close();
});

const customerRow = async (id: number) => (await t.db.select().from(customers).where(eq(customers.id, id)))[0]!;
const accountsOf = (id: number) => t.db.select().from(bankAccounts).where(eq(bankAccounts.customerId, id));

describe('WidgetInitPost', () => {
  it('refuses without the terms accepted (TermsNotAccepted)', async () => {
    const { headers } = await login(t);
    const response = await startWidget(t, headers, { acceptTerms: false });
    expect(response.statusCode).toBe(422);
    expect(errorCodeOf(response.body)).toMatchObject({
      code: { name: 'TermsNotAccepted' },
      message: 'Debe aceptar los términos y condiciones.',
    });
  });

  it.each([
    ['new', false],
    ['preRegistered', false],
    ['systemApproved', false],
    ['declined', false],
    ['securityChecked', true],
    ['externalCollection', false],
  ] as const)('a %s customer may start it: %s', async (status, allowed) => {
    const { headers } = await login(t, { status });
    const response = await startWidget(t, headers);
    if (allowed) expect(response.statusCode).toBe(200);
    else {
      expect(response.statusCode).toBe(422);
      expect(errorCodeOf(response.body)!.code.name).toBe('NotAllowedCustomerStatus');
    }
  });

  it('refuses a blacklisted returning borrower', async () => {
    const { headers } = await login(t, { status: 'securityChecked', isBlacklist: true });
    expect(errorCodeOf((await startWidget(t, headers)).body)!.code.name).toBe('NotAllowedCustomerStatus');
  });

  it('blocks the widget for 24 hours after 5 sessions failed on wrong credentials (WidgetAccountBlocked)', async () => {
    const { headers, customer } = await login(t);
    for (let i = 0; i < 5; i += 1) {
      const { sessionId } = await startedWidget(t, headers);
      for (let attempt = 0; attempt < SANDBOX_LOGIN_ATTEMPTS; attempt += 1) {
        await widgetLogin(t, sessionId, 'demo', 'wrong');
      }
      expect((await polled(t, headers, sessionId)).status).toBe('sessionFailed');
    }
    const blocked = await startWidget(t, headers);
    expect(blocked.statusCode).toBe(422);
    expect(errorCodeOf(blocked.body)).toMatchObject({
      code: { name: 'WidgetAccountBlocked' },
      message: 'Su cuenta ha sido bloqueada. Puede intentar nuevamente en 24 horas.',
    });
    // A day later (the failed sessions 24 h old) the widget opens again.
    await t.db
      .update(scrapeSessions)
      .set({ createdAt: new Date(t.clock.now().getTime() - 24 * 60 * 60_000 - 1000) })
      .where(and(eq(scrapeSessions.customerId, customer.id), eq(scrapeSessions.status, 'sessionFailed')));
    expect((await startWidget(t, headers)).statusCode).toBe(200);
  });

  it('creates an inProgress session and answers the widget page of the chosen provider', async () => {
    const { headers, customer } = await login(t);
    for (const provider of ['tink', 'unnax'] as const) {
      const { widgetUrl, sessionId } = await startedWidget(t, headers, provider);
      const url = new URL(widgetUrl);
      expect(url.pathname).toBe(`/sandbox/open-banking/${provider}`);
      expect(url.searchParams.get('session')).toBe(sessionId);
      const [row] = await t.db.select().from(scrapeSessions).where(eq(scrapeSessions.id, sessionId));
      expect(row).toMatchObject({ customerId: customer.id, status: 'inProgress', provider: `sandbox:${provider}` });
    }
  });
});

describe('the sandbox widget page', () => {
  it('lists Spanish banks and the login form, framed only by the app origin, posting only to it', async () => {
    const { headers } = await login(t);
    const appOrigin = new URL(t.config.publicUrl).origin;
    const response = await startWidget(t, headers, { acceptTerms: true, provider: 'unnax' }, { origin: appOrigin });
    const { widgetUrl } = (response.json() as { data: { widgetUrl: string } }).data;
    const page = await t.app.inject({ method: 'GET', url: widgetUrl.replace(/^https?:\/\/[^/]+/, '') });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    for (const bank of ['Banco Santander', 'BBVA', 'CaixaBank', 'Banco Sabadell', 'Bankinter', 'ING', 'Unicaja']) {
      expect(page.body).toContain(`data-name="${bank}"`);
    }
    expect(page.body).toContain('data-code="2100"');
    expect(page.body).toContain('>Usuario</label>');
    expect(page.body).toContain('>Contraseña</label>');
    expect(page.body).toContain('>Conectar</button>');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`frame-ancestors ${appOrigin}`);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline'; script");
    expect(page.headers['x-frame-options']).toBeUndefined();
    // No inline script: the settings are a JSON data block, the behaviour the served script.
    expect(page.body).not.toMatch(/<script>(?!<)/);
    const config = JSON.parse(
      page.body.match(/<script type="application\/json" id="widget-config">(.*?)<\/script>/)![1]!,
    );
    expect(config).toMatchObject({ appOrigin, source: OPEN_BANKING_MESSAGE_SOURCE, flavour: 'unnax' });
  });

  it('opens at the login of the bank chosen in the app (bankCode), the other banks one tap away', async () => {
    const { headers } = await login(t);
    const response = await startWidget(t, headers, { acceptTerms: true, provider: 'unnax', bankCode: '0081' });
    expect(response.statusCode, response.body).toBe(200);
    const { widgetUrl } = (response.json() as { data: { widgetUrl: string } }).data;
    const page = await t.app.inject({ method: 'GET', url: widgetUrl.replace(/^https?:\/\/[^/]+/, '') });
    expect(page.body).toContain('<section id="step-banks" hidden>');
    expect(page.body).toContain('<section id="step-login">');
    expect(page.body).toContain('<h1 id="login-title">Banco Sabadell</h1>');
    expect(page.body).toContain('data-name="Bankinter"'); // 'Cambiar de banco' still lists them
    const config = JSON.parse(
      page.body.match(/<script type="application\/json" id="widget-config">(.*?)<\/script>/)![1]!,
    );
    expect(config.bank).toEqual({ code: '0081', name: 'Banco Sabadell' });
    // Without a bank the widget asks for it.
    const asks = await startedWidget(t, headers, 'unnax');
    const plain = await t.app.inject({ method: 'GET', url: asks.widgetUrl.replace(/^https?:\/\/[^/]+/, '') });
    expect(plain.body).toContain('<section id="step-banks">');
    expect(plain.body).toContain('<section id="step-login" hidden>');
  });

  it.each(['0019', '12345', 'abcd', ''])(
    'refuses a bankCode the widgets cannot link (%j) with 400',
    async (bankCode) => {
      const { headers } = await login(t);
      const response = await startWidget(t, headers, { acceptTerms: true, bankCode });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errors: [expect.objectContaining({ message: expect.any(String) })] });
    },
  );

  it('takes the app origin from the server, not from a foreign Origin header', async () => {
    const { headers } = await login(t);
    const response = await startWidget(t, headers, { acceptTerms: true }, { origin: 'https://evil.example' });
    const { widgetUrl } = (response.json() as { data: { widgetUrl: string } }).data;
    const page = await t.app.inject({ method: 'GET', url: widgetUrl.replace(/^https?:\/\/[^/]+/, '') });
    expect(String(page.headers['content-security-policy'])).not.toContain('evil.example');
    expect(page.body).not.toContain('evil.example');
    expect(page.body).toContain(`"appOrigin":"${new URL(widgetUrl).origin}"`);
  });

  it('an app on another origin (PUBLIC_URL) frames the widget served by this server', async () => {
    const split = await createTestApp({ database: t.handle, env: { PUBLIC_URL: 'https://app.prestamo.example' } });
    try {
      const { headers } = await login(split);
      const response = await startWidget(
        split,
        headers,
        { acceptTerms: true },
        { origin: 'https://app.prestamo.example' },
      );
      const { widgetUrl } = (response.json() as { data: { widgetUrl: string } }).data;
      expect(new URL(widgetUrl).origin).toBe('http://localhost'); // this server, as the request reached it
      const page = await split.app.inject({ method: 'GET', url: widgetUrl.replace(/^https?:\/\/[^/]+/, '') });
      expect(String(page.headers['content-security-policy'])).toContain('frame-ancestors https://app.prestamo.example');
      expect(page.body).toContain('"appOrigin":"https://app.prestamo.example"');
    } finally {
      await split.close();
    }
  });

  it('serves its script, which posts to the configured origin and never to *', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/sandbox/open-banking/widget.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toBe(WIDGET_SCRIPT);
    expect(script.body).toContain('window.parent.postMessage(');
    expect(script.body).toContain('config.appOrigin);');
    expect(script.body).not.toMatch(/postMessage\([^)]*'\*'/);
  });

  it('is 404 for an unknown session or the other provider, and says a used session has ended', async () => {
    const { headers } = await login(t);
    const { sessionId } = await startedWidget(t, headers, 'tink');
    expect((await t.app.inject({ url: '/sandbox/open-banking/tink?session=nope' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/sandbox/open-banking/unnax?session=${sessionId}` })).statusCode).toBe(404);
    expect((await widgetLogin(t, sessionId, 'demo', '1234', { flavour: 'unnax' })).statusCode).toBe(404);
    expect((await widgetLogin(t, sessionId, 'demo', '1234')).json()).toEqual({
      data: { result: 'connected', bankName: 'CaixaBank' },
    });
    expect((await widgetLogin(t, sessionId, 'demo', '1234')).statusCode).toBe(404);
    const page = await t.app.inject({ url: `/sandbox/open-banking/tink?session=${sessionId}` });
    expect(page.body).toContain('Esta sesión ha terminado');
  });
});

describe('scrape session statuses', () => {
  it('succeeded: Spanish accounts with valid IBANs, 90 days of transactions with salary; the decision approves', async () => {
    const { headers, customer } = await login(t, { monthlyIncomeCents: 250_000 });
    const { sessionId } = await startedWidget(t, headers);
    expect(await polled(t, headers, sessionId)).toEqual({ status: 'inProgress', accounts: { accountDtos: [] } });
    await widgetLogin(t, sessionId, 'demo', '1234', { bankCode: '0049' });
    const result = await polled(t, headers, sessionId);
    expect(result.status).toBe('succeeded');
    const accounts = result.accounts.accountDtos;
    expect(accounts).toHaveLength(2);
    for (const account of accounts) {
      expect(isValidSpanishIban(account.accountNumber)).toBe(true);
      expect(account.accountNumber.slice(4, 8)).toBe('0049');
      expect(account.bankValue).toBe('Banco Santander');
      expect(account.status).toBe('active');
      expect(account.transactionCount).toBe(account.transactions.length);
    }
    const payroll = accounts[0]!;
    expect(payroll.salaryCount).toBeGreaterThanOrEqual(2);
    expect(
      payroll.transactions.filter((tr) => tr.description.startsWith('NOMINA ')).every((tr) => tr.amount === 2100),
    ).toBe(true);
    const dates = payroll.transactions.map((tr) => tr.date);
    expect(dates.every((d) => d >= '2026-08-27' && d <= '2026-11-24')).toBe(true);
    expect(dates[0]! >= '2026-11-17').toBe(true);
    expect(dates.at(-1)! <= '2026-09-03').toBe(true);

    // Declared 2.500 €, salary 2.100 € → basis 2.100 € × 3/2 = 3.150 € → 3.000 €.
    const row = await customerRow(customer.id);
    expect(row).toMatchObject({ status: 'systemApproved', creditLimitCents: 300_000 });
    const history = await t.db
      .select()
      .from(customerStatusHistory)
      .where(eq(customerStatusHistory.customerId, customer.id));
    expect(history).toEqual([
      expect.objectContaining({ fromStatus: 'registered', toStatus: 'systemApproved', changedBy: 'system' }),
    ]);
    const [decision] = await t.db.select().from(creditDecisions).where(eq(creditDecisions.customerId, customer.id));
    expect(decision).toMatchObject({ outcome: 'systemApproved', limitCents: 300_000, trigger: 'firstAccountLinked' });
    expect(decision!.inputs).toMatchObject({ evidence: 'transactions', salaryAverageCents: 210_000 });
    expect(history[0]!.reason).toBe(`creditDecision:${decision!.id}`);
  });

  it('wrong credentials are said in the widget and asked again; the third ends the session (sessionFailed)', async () => {
    const { headers, customer } = await login(t);
    const { sessionId } = await startedWidget(t, headers, 'unnax');
    const wrong = 'El usuario o la contraseña no son correctos. Revisa tus claves de acceso.';
    for (const attemptsLeft of [2, 1]) {
      const response = await widgetLogin(t, sessionId, 'demo', 'wrong', { flavour: 'unnax' });
      expect(response.json()).toEqual({ data: { result: 'failed', message: wrong, attemptsLeft } });
      // Still open: the customer types the password again in the same widget.
      expect((await polled(t, headers, sessionId)).status).toBe('inProgress');
    }
    const last = await widgetLogin(t, sessionId, 'nadie', '1234', { flavour: 'unnax' });
    expect(last.json()).toEqual({
      data: {
        result: 'failed',
        message: 'Has superado el número de intentos permitidos. Vuelve a la aplicación para empezar de nuevo.',
        attemptsLeft: 0,
      },
    });
    expect(await polled(t, headers, sessionId)).toEqual({ status: 'sessionFailed', accounts: { accountDtos: [] } });
    expect((await widgetLogin(t, sessionId, 'demo', '1234', { flavour: 'unnax' })).statusCode).toBe(404);
    expect((await customerRow(customer.id)).status).toBe('registered');
  });

  it('a wrong login then the right one links the account in the same session', async () => {
    const { headers } = await login(t);
    const { sessionId } = await startedWidget(t, headers);
    expect((await widgetLogin(t, sessionId, 'demo', '4321')).json()).toMatchObject({ data: { attemptsLeft: 2 } });
    expect((await widgetLogin(t, sessionId, 'demo', '1234')).json()).toEqual({
      data: { result: 'connected', bankName: 'CaixaBank' },
    });
    const result = await polled(t, headers, sessionId);
    expect(result.status).toBe('succeeded');
    expect(result.accounts.accountDtos.length).toBeGreaterThan(0);
  });

  it('inProgress for 2 polls after the login, then succeeded (slow)', async () => {
    const { headers } = await login(t);
    const { sessionId } = await startedWidget(t, headers);
    await polled(t, headers, sessionId); // before the login
    await widgetLogin(t, sessionId, 'slow', '1234');
    expect((await polled(t, headers, sessionId)).status).toBe('inProgress');
    expect((await polled(t, headers, sessionId)).status).toBe('inProgress');
    const third = await polled(t, headers, sessionId);
    expect(third.status).toBe('succeeded');
    expect(third.accounts.accountDtos).toHaveLength(2);
  });

  it('unnaxResponseTimeout: the timeout user, and a session nobody logs in to within 30 minutes', async () => {
    const { headers } = await login(t);
    const first = await startedWidget(t, headers);
    await widgetLogin(t, first.sessionId, 'timeout', '1234');
    expect((await polled(t, headers, first.sessionId)).status).toBe('unnaxResponseTimeout');

    const second = await startedWidget(t, headers);
    t.clock.advance(29 * 60_000);
    expect((await polled(t, headers, second.sessionId)).status).toBe('inProgress');
    t.clock.advance(2 * 60_000);
    expect((await polled(t, headers, second.sessionId)).status).toBe('unnaxResponseTimeout');
  });

  it('decisionRejected: accounts found, no salary, the decision declines', async () => {
    const { headers, customer } = await login(t, { monthlyIncomeCents: 300_000 });
    const { sessionId } = await startedWidget(t, headers);
    await widgetLogin(t, sessionId, 'rejected', '1234');
    const result = await polled(t, headers, sessionId);
    expect(result.status).toBe('decisionRejected');
    expect(result.accounts.accountDtos).toHaveLength(1);
    expect(result.accounts.accountDtos[0]!.salaryCount).toBe(0);
    expect(await customerRow(customer.id)).toMatchObject({ status: 'declined', creditLimitCents: 0 });
    const [decision] = await t.db.select().from(creditDecisions).where(eq(creditDecisions.customerId, customer.id));
    expect(decision!.outcome).toBe('declined');
    expect(decision!.reasons).toEqual(
      expect.arrayContaining([expect.objectContaining({ rule: 'salaryPayments', passed: false })]),
    );
  });

  it('decisionFailed: the decision throws; the accounts stay and the customer stays registered', async () => {
    const { headers, customer } = await login(t);
    const { sessionId } = await startedWidget(t, headers);
    await widgetLogin(t, sessionId, 'demo', '1234');
    const deps = {
      db: t.db,
      clock: t.clock,
      openBanking: t.app.providers.openBanking,
      log: t.app.log,
      decide: async () => {
        throw new Error('rule engine down');
      },
    };
    const result = await scrapeSessionStatus(deps, customer.id, sessionId);
    expect(result.status).toBe('decisionFailed');
    expect(result.accounts.accountDtos).toHaveLength(2);
    expect(await customerRow(customer.id)).toMatchObject({ status: 'registered', creditLimitCents: 0 });
    expect(await t.db.select().from(creditDecisions).where(eq(creditDecisions.customerId, customer.id))).toEqual([]);
    expect((await polled(t, headers, sessionId)).status).toBe('decisionFailed');
  });

  it('a returning borrower adds accounts without a new decision', async () => {
    const { headers, customer } = await login(t, { status: 'securityChecked', creditLimitCents: 350_000 });
    const { sessionId } = await startedWidget(t, headers);
    await widgetLogin(t, sessionId, 'demo', '1234');
    expect((await polled(t, headers, sessionId)).status).toBe('succeeded');
    expect(await customerRow(customer.id)).toMatchObject({ status: 'securityChecked', creditLimitCents: 350_000 });
    expect(await t.db.select().from(creditDecisions).where(eq(creditDecisions.customerId, customer.id))).toEqual([]);
  });
});

describe("sessions are the customer's own and stored once", () => {
  it("another customer's session, or an unknown one, is 404", async () => {
    const owner = await login(t);
    const other = await login(t);
    const { sessionId } = await startedWidget(t, owner.headers);
    await widgetLogin(t, sessionId, 'demo', '1234');
    const response = await pollSession(t, other.headers, sessionId);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('NOMINA');
    expect((await pollSession(t, other.headers, 'sbx_unknown')).statusCode).toBe(404);
    expect((await accountsOf(other.customer.id)).length).toBe(0);
    expect((await accountsOf(owner.customer.id)).length).toBe(0);
  });

  it('two concurrent polls store the accounts and transactions once, and later polls answer the same', async () => {
    const { headers, customer } = await login(t);
    const { sessionId } = await startedWidget(t, headers);
    await widgetLogin(t, sessionId, 'demo', '1234');
    const [a, b] = await Promise.all([polled(t, headers, sessionId), polled(t, headers, sessionId)]);
    expect(a.status).toBe('succeeded');
    expect(b).toEqual(a);
    expect(await polled(t, headers, sessionId)).toEqual(a);
    const accounts = await accountsOf(customer.id);
    expect(accounts).toHaveLength(2);
    const transactions = await t.db
      .select()
      .from(bankTransactions)
      .where(eq(bankTransactions.accountId, accounts[0]!.id))
      .orderBy(asc(bankTransactions.id));
    expect(transactions.length).toBe(
      a.accounts.accountDtos.find((x) => x.accountId === accounts[0]!.id)!.transactionCount,
    );
    expect(await t.db.select().from(creditDecisions).where(eq(creditDecisions.customerId, customer.id))).toHaveLength(
      1,
    );
    const history = await t.db
      .select()
      .from(customerStatusHistory)
      .where(
        and(eq(customerStatusHistory.customerId, customer.id), eq(customerStatusHistory.toStatus, 'systemApproved')),
      );
    expect(history).toHaveLength(1);
  });
});
