import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '../../src/shared/api/define.ts';
import { addDaysIso } from '../../src/shared/calendar.ts';
import { todayInMadrid } from '../../src/shared/madrid-today.ts';
import { withWebOtpLine } from '../../src/server/providers/sms.ts';
import { createTestApp, productionEnv, type TestApp } from './helpers/app.ts';
import { uniquePhone } from './helpers/customers.ts';
import { createMember, postLogin, sessionOf, uniqueMobilePhone } from './helpers/membership-login.ts';

let t: TestApp;
let production: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  production = await createTestApp({ database: t.handle, env: productionEnv() });
});
afterAll(async () => {
  await production.close();
  await t.close();
});

type SmsList = { data: Array<{ id: number; phone: string; text: string; purpose: string; createdAt: string }> };

describe('sandbox SMS provider and outbox', () => {
  it('ends a code SMS with the WebOTP line for the configured host', () => {
    expect(withWebOtpLine('Tu código de Préstamo Rápido es A7K2.', 'A7K2', t.config.webOtpHost)).toBe(
      'Tu código de Préstamo Rápido es A7K2.\n\n@localhost #A7K2',
    );
  });

  it('GET /sandbox/sms lists what was sent to a phone, newest first, as JSON', async () => {
    const phone = uniquePhone();
    await t.app.providers.sms.send(phone, withWebOtpLine('Tu PIN es 1111.', '1111', 'localhost'), 'registration');
    t.clock.advance(1000);
    await t.app.providers.sms.send(phone, 'Tu préstamo ha sido ingresado.', 'marketing');
    await t.app.providers.sms.send(uniquePhone(), 'Otro teléfono', 'login');

    const response = await t.app.inject({
      method: 'GET',
      url: `/sandbox/sms?phone=${phone}`,
      headers: { accept: 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { data } = response.json() as SmsList;
    expect(data.map((sms) => sms.text)).toEqual([
      'Tu préstamo ha sido ingresado.',
      'Tu PIN es 1111.\n\n@localhost #1111',
    ]);
    expect(data[1]).toMatchObject({
      phone,
      purpose: 'registration',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('answers a small HTML page for a browser, with every value escaped', async () => {
    const phone = uniquePhone();
    await t.app.providers.sms.send(phone, '<script>alert("x")</script> & <b>PIN</b>', 'login');
    const response = await t.app.inject({
      method: 'GET',
      url: `/sandbox/sms?phone=${phone}`,
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;PIN&lt;/b&gt;');
    expect(response.body).not.toContain('<script>');
    expect(response.body).toContain(`SMS enviados a ${phone}`);
  });

  it('answers an empty list for a phone without SMS and 400 for a bad phone', async () => {
    const empty = await t.app.inject({ method: 'GET', url: `/sandbox/sms?phone=${uniquePhone()}` });
    expect(empty.json()).toEqual({ data: [] });
    const bad = await t.app.inject({ method: 'GET', url: '/sandbox/sms?phone=12ab' });
    expect(bad.statusCode).toBe(400);
    expect(errorResponseSchema.parse(bad.json()).errors[0]?.message).toBe(
      'Los datos enviados no son válidos: phone (Debe tener 9 dígitos).',
    );
    const missing = await t.app.inject({ method: 'GET', url: '/sandbox/sms' });
    expect(errorResponseSchema.parse(missing.json()).errors[0]?.message).toBe(
      'Los datos enviados no son válidos: phone (Campo obligatorio).',
    );
  });

  it('does not exist while SANDBOX is off (404), and the real SMS provider is selected', async () => {
    const response = await production.app.inject({ method: 'GET', url: `/sandbox/sms?phone=${uniquePhone()}` });
    expect(response.statusCode).toBe(404);
    expect(production.app.providers.sms.name).toBe('http');
    expect(t.app.providers.sms.name).toBe('sandbox');
  });
});

describe('POST /sandbox/password-required (the staff action, for trying the update-password modal)', () => {
  it('marks the customer: the next login answers passwordRequired; an unknown phone is 404, a bad one 400', async () => {
    const customer = await createMember(t, { phone: uniqueMobilePhone() });
    const login = () => postLogin(t.app, { phoneNumber: customer.phone, password: '1234' });
    expect(sessionOf(await login()).customerDetails.passwordRequired).toBe(false);
    const marked = await t.app.inject({ method: 'POST', url: `/sandbox/password-required?phone=${customer.phone}` });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({ data: true });
    expect(sessionOf(await login()).customerDetails.passwordRequired).toBe(true);

    const unknown = await t.app.inject({
      method: 'POST',
      url: `/sandbox/password-required?phone=${uniqueMobilePhone()}`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorResponseSchema.safeParse(unknown.json()).success).toBe(true);
    const bad = await t.app.inject({ method: 'POST', url: '/sandbox/password-required?phone=12' });
    expect(bad.statusCode).toBe(400);
  });

  it('does not exist while SANDBOX is off', async () => {
    const customer = await createMember(t, { phone: uniqueMobilePhone() });
    const response = await production.app.inject({
      method: 'POST',
      url: `/sandbox/password-required?phone=${customer.phone}`,
    });
    expect(response.statusCode).toBe(404);
    expect(
      sessionOf(await postLogin(t.app, { phoneNumber: customer.phone, password: '1234' })).customerDetails
        .passwordRequired,
    ).toBe(false);
  });
});

describe('sandbox customers with loans at chosen dates (POST /sandbox/customers)', () => {
  const create = (payload: unknown, app = t.app) =>
    app.inject({ method: 'POST', url: '/sandbox/customers', payload: payload as Record<string, unknown> });

  it('makes a customer who logs in with the PIN and whose loan is due when asked', async () => {
    const response = await create({
      loans: [{ amountEuros: 2500, installments: 12, firstUnpaid: 3, firstUnpaidDueInDays: -36 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json() as { data: { phone: string; pin: string; customerId: number; loanIds: number[] } };
    expect(data.phone).toMatch(/^69\d{7}$/);
    expect(data.loanIds).toHaveLength(1);
    const session = sessionOf(await postLogin(t.app, { phoneNumber: data.phone, password: data.pin }));
    expect(session.customerDetails.id).toBe(data.customerId);
    const loans = await t.app.inject({
      method: 'GET',
      url: '/api/loan/customerAllLoans',
      headers: { authorization: `Bearer ${session.token}`, 'x-member-id': String(data.customerId) },
    });
    expect(loans.statusCode, loans.body).toBe(200);
    const [loan] = (loans.json() as { data: Array<{ id: number; overdueDay: number; installments: unknown[] }> }).data;
    expect(loan).toMatchObject({ id: data.loanIds[0], overdueDay: -36 });
    expect(loan!.installments).toHaveLength(12);

    const again = (await create({ loans: [] })).json() as { data: { phone: string; loanIds: number[] } };
    expect(again.data.phone).not.toBe(data.phone);
    expect(again.data.loanIds).toEqual([]);
  });

  it('issuedDaysAgo: a loan paid out N days ago, instalments monthly from the payout (the withdrawal’s edges)', async () => {
    const response = await create({ loans: [{ amountEuros: 300, installments: 1, issuedDaysAgo: 14 }] });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json() as { data: { phone: string; pin: string; customerId: number; loanIds: number[] } };
    const session = sessionOf(await postLogin(t.app, { phoneNumber: data.phone, password: data.pin }));
    const headers = { authorization: `Bearer ${session.token}`, 'x-member-id': String(data.customerId) };
    const quote = await t.app.inject({ url: `/api/loan/desistContract?loanId=${data.loanIds[0]}`, headers });
    expect(quote.statusCode, quote.body).toBe(200);
    const today = todayInMadrid(t.clock.now());
    expect(quote.json().data).toMatchObject({ eligible: true, deadline: today, principal: 300 });
    expect(quote.json().data.issueDate).toBe(addDaysIso(today, -14));
    expect((await create({ loans: [{ installments: 1 }] })).statusCode).toBe(400);
    expect((await create({ loans: [{ installments: 1, issuedDaysAgo: -1 }] })).statusCode).toBe(400);
  });

  it('mini: a minipréstamo of the demo’s shape, at 0 % until its date; late, the 0 % lapsed (300 € over 20 days: 345 €)', async () => {
    const loansOf = async (daysFromToday: number) => {
      const response = await create({
        loans: [
          {
            amountEuros: 300,
            installments: 1,
            firstUnpaidDueInDays: daysFromToday,
            mini: { termDays: 20, interestFree: true },
          },
        ],
        card: 'challenge',
      });
      expect(response.statusCode, response.body).toBe(200);
      const { data } = response.json() as { data: { phone: string; pin: string; customerId: number } };
      const session = sessionOf(await postLogin(t.app, { phoneNumber: data.phone, password: data.pin }));
      const loans = await t.app.inject({
        url: '/api/loan/customerAllLoans',
        headers: { authorization: `Bearer ${session.token}`, 'x-member-id': String(data.customerId) },
      });
      expect(loans.statusCode, loans.body).toBe(200);
      return (
        loans.json() as {
          data: Array<{
            overdueDay: number;
            installments: Array<{ expectedDate: string; totalPayment: number }>;
          }>;
        }
      ).data;
    };
    const today = todayInMadrid(t.clock.now());
    const [dueSoon] = await loansOf(3);
    expect(dueSoon!.overdueDay).toBe(3);
    expect(dueSoon!.installments).toMatchObject([{ expectedDate: addDaysIso(today, 3), totalPayment: 300 }]);
    const [late] = await loansOf(-2);
    expect(late!.overdueDay).toBe(-2);
    expect(late!.installments).toMatchObject([{ expectedDate: addDaysIso(today, -2), totalPayment: 345 }]);

    const mini = { termDays: 20, interestFree: true };
    expect((await create({ loans: [{ installments: 12, firstUnpaidDueInDays: 3, mini }] })).statusCode).toBe(400);
    expect((await create({ loans: [{ installments: 1, issuedDaysAgo: 3, mini }] })).statusCode).toBe(400);
  });

  it('refuses a malformed request with a 400 and does not exist while SANDBOX is off', async () => {
    expect((await create({ loans: [{ firstUnpaidDueInDays: 'ayer' }] })).statusCode).toBe(400);
    expect((await create({ status: 'declined' })).statusCode).toBe(400);
    expect((await create({ loans: [] }, production.app)).statusCode).toBe(404);
  });
});

describe('POST /sandbox/repay-links (the link a reminder or an agent sends)', () => {
  const issue = (payload: unknown, app = t.app) =>
    app.inject({ method: 'POST', url: '/sandbox/repay-links', payload: payload as Record<string, unknown> });

  it('answers a new repay link of the customer that logs them in; unknown phone 404, bad one 400, none off sandbox', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/sandbox/customers', payload: { loans: [] } });
    const { phone, customerId } = (created.json() as { data: { phone: string; customerId: number } }).data;
    const response = await issue({ phone });
    expect(response.statusCode, response.body).toBe(200);
    const { link } = (response.json() as { data: { link: string } }).data;
    const url = new URL(link);
    expect(url.origin).toBe(new URL(t.config.publicUrl).origin);
    expect(url.pathname).toMatch(/^\/r\/[\w-]{40,}$/);
    // A real token: different each time, and it logs this customer in.
    const second = (await issue({ phone })).json() as { data: { link: string } };
    expect(second.data.link).not.toBe(link);
    const token = decodeURIComponent(url.pathname.slice('/r/'.length));
    const login = await t.app.inject({ method: 'POST', url: `/api/membership/loginWithRepayToken/${token}` });
    expect(login.statusCode, login.body).toBe(200);
    expect((login.json() as { data: { customerDetails: { id: number } } }).data.customerDetails.id).toBe(customerId);

    expect((await issue({ phone: uniquePhone() })).statusCode).toBe(404);
    expect((await issue({ phone: '12345' })).statusCode).toBe(400);
    expect((await issue({ phone }, production.app)).statusCode).toBe(404);
  });
});
