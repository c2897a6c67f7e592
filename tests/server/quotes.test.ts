import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '../../src/shared/api/define.ts';
import { addMonthsIso, addDaysIso } from '../../src/shared/dates.ts';
import { loans } from '../../src/server/db/schema/index.ts';
import { MINI_LOAN_DEFINITION } from '../../src/shared/loan/loan-definition.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createCustomer, login } from './helpers/customers.ts';

/** TimeGet, HolidaysGet, PaymentDatePost, PaymentPlansPost, AgreementPost and CheckPhoneDniPost on the real app. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-22T14:30:00Z', rateLimit: false });
});
afterAll(async () => {
  await t.close();
});

const ISSUE = '2026-11-22';
const monthly = (count: number, from = ISSUE) => Array.from({ length: count }, (_, i) => addMonthsIso(from, i + 1));

async function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers });
}

function businessError(response: { statusCode: number; json(): unknown }, name: string, message: string) {
  expect(response.statusCode).toBe(422);
  const body = errorResponseSchema.parse(response.json());
  expect(body.errors[0]?.code.name).toBe(name);
  expect(body.errors[0]?.message).toBe(message);
}

/** A Spanish mobile nobody else uses (demo customers are 60000000x, helpers' are 7xxxxxxxx). */
const freshMobile = () => `6${randomInt(10, 100)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

describe('TimeGet', () => {
  it('answers the server clock as Madrid wall-clock time with its offset, winter and summer', async () => {
    const winter = await t.app.inject({ method: 'GET', url: '/api/common/time' });
    expect(winter.statusCode).toBe(200);
    expect(winter.headers['cache-control']).toBe('no-store');
    expect(winter.json()).toEqual({ data: { time: '2026-11-22T15:30:00.000+01:00' } });

    const summer = await createTestApp({ database: t.handle, now: '2026-07-01T22:15:00Z', rateLimit: false });
    try {
      const response = await summer.app.inject({ method: 'GET', url: '/api/common/time' });
      expect(response.json()).toEqual({ data: { time: '2026-07-02T00:15:00.000+02:00' } });
    } finally {
      await summer.close();
    }
  });
});

describe('HolidaysGet', () => {
  it("lists Spain's national holidays of this year and the next, sorted, without regional days", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/loan/hollidays' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('max-age');
    const { data } = response.json() as { data: string[] };
    const y2026 = data.filter((date) => date.startsWith('2026-'));
    expect(y2026).toEqual([
      '2026-01-01',
      '2026-01-06',
      '2026-04-03',
      '2026-05-01',
      '2026-08-15',
      '2026-10-12',
      '2026-11-01',
      '2026-12-06',
      '2026-12-08',
      '2026-12-25',
    ]);
    expect(data).toContain('2027-03-26'); // Viernes Santo 2027
    expect(data).toContain('2027-12-08');
    expect(data).not.toContain('2026-03-19'); // San José: regional
    expect(data).not.toContain('2026-04-02'); // Jueves Santo: regional
    expect(data).not.toContain('2026-12-07'); // Monday after 6 December: each community's choice
    expect([...data].sort()).toEqual(data);
    expect(data.every((date) => date.startsWith('2026-') || date.startsWith('2027-'))).toBe(true);
  });
});

describe('PaymentDatePost', () => {
  it('the stored flow (specificDate, day and week empty): 24 monthly dates from the next salary date', async () => {
    const response = await post('/api/loan/paymentDates', {
      nextSalaryDate: '2026-11-30',
      calculateNextXDates: 24,
      paymentFrequencyLogical: 'specificDate',
      day: '',
      week: null,
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as { data: string[] };
    expect(data).toHaveLength(24);
    expect(data.slice(0, 5)).toEqual(['2026-11-30', '2026-12-30', '2027-01-30', '2027-02-28', '2027-03-30']);
    expect(data.at(-1)).toBe('2028-10-30');
  });

  it('a day of the month already past starts next month; weekly and biweekly go by the weekday', async () => {
    const monthlyDay = await post('/api/loan/paymentDates', {
      nextSalaryDate: '2026-11-25',
      calculateNextXDates: 3,
      paymentFrequencyLogical: 'monthly',
      day: 5,
    });
    expect(monthlyDay.json()).toEqual({ data: ['2026-12-05', '2027-01-05', '2027-02-05'] });

    const biweekly = await post('/api/loan/paymentDates', {
      nextSalaryDate: '2026-11-25', // a Wednesday
      calculateNextXDates: 3,
      paymentFrequencyLogical: 'biweekly',
      week: 5,
    });
    expect(biweekly.json()).toEqual({ data: ['2026-11-27', '2026-12-11', '2026-12-25'] });
  });

  it('refuses an impossible date, an unknown frequency and a day 32 with 400 and Spanish messages', async () => {
    for (const payload of [
      { nextSalaryDate: '2026-02-30', calculateNextXDates: 3, paymentFrequencyLogical: 'monthly' },
      { nextSalaryDate: '2026-11-25', calculateNextXDates: 3, paymentFrequencyLogical: 'daily' },
      { nextSalaryDate: '2026-11-25', calculateNextXDates: 3, paymentFrequencyLogical: 'monthly', day: 32 },
      { nextSalaryDate: '2026-11-25', calculateNextXDates: 0, paymentFrequencyLogical: 'monthly' },
    ]) {
      const response = await post('/api/loan/paymentDates', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorResponseSchema.parse(response.json()).errors[0]?.title).toMatch(/\p{L}/u);
    }
  });
});

type WirePlan = {
  installments: Array<{
    initialBase: number;
    initialCalculatedInterest: number;
    expectedDate: string;
    totalPayment: number;
  }>;
  loanDefinition: { monthlyRateBasisPoints: number; maxAmount: number };
  totalInstallmentDays: number;
  taePercent: number;
};
const cents = (euros: number) => Math.round(euros * 100);

describe('PaymentPlansPost', () => {
  it('prices the default loan: 2.500\u00a0€ in 12 monthly instalments → 12 × 299,99\u00a0€, 1.099,88\u00a0€ interest, TAE 103,7 %', async () => {
    const response = await post('/api/loan/paymentPlans', [
      { amount: 2500, issueDate: ISSUE, paymentDates: monthly(12) },
    ]);
    expect(response.statusCode).toBe(200);
    const [plan] = (response.json() as { data: WirePlan[] }).data;
    if (!plan) throw new Error('no plan');
    expect(plan.installments).toHaveLength(12);
    expect(plan.installments.every((item) => item.totalPayment === 299.99)).toBe(true);
    expect(plan.installments.map((item) => item.expectedDate)).toEqual(monthly(12));
    const interest = plan.installments.reduce((sum, item) => sum + cents(item.initialCalculatedInterest), 0);
    const base = plan.installments.reduce((sum, item) => sum + cents(item.initialBase), 0);
    expect(interest).toBe(109_988);
    expect(base).toBe(250_000);
    for (const item of plan.installments) {
      expect(cents(item.initialBase) + cents(item.initialCalculatedInterest)).toBe(cents(item.totalPayment));
    }
    expect(plan.loanDefinition.monthlyRateBasisPoints).toBe(611);
    expect(plan.totalInstallmentDays).toBe(365);
    expect(plan.taePercent).toBe(103.7);
  });

  it('answers several items in order, each priced on its own', async () => {
    const response = await post('/api/loan/paymentPlans', [
      { amount: 3000, issueDate: ISSUE, paymentDates: monthly(16) },
      { amount: 100, issueDate: ISSUE, paymentDates: [addDaysIso(ISSUE, 30)] },
    ]);
    expect(response.statusCode).toBe(200);
    const [long, short] = (response.json() as { data: WirePlan[] }).data;
    expect(long?.installments).toHaveLength(16);
    expect(long?.installments.reduce((sum, item) => sum + cents(item.initialBase), 0)).toBe(300_000);
    expect(short?.installments).toHaveLength(1);
    expect(short?.installments[0]?.initialBase).toBe(100);
    expect(short?.totalInstallmentDays).toBe(30);
  });

  it('answers a quote asked again (memoised) with the same plan, alone or among other items', async () => {
    const item = { amount: 4500, issueDate: ISSUE, paymentDates: monthly(20) };
    const first = await post('/api/loan/paymentPlans', [item]);
    const again = await post('/api/loan/paymentPlans', [item]);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    const [plan] = (first.json() as { data: WirePlan[] }).data;
    const among = await post('/api/loan/paymentPlans', [{ ...item, amount: 2000 }, item]);
    expect(among.statusCode).toBe(200);
    expect((among.json() as { data: WirePlan[] }).data[1]).toEqual(plan);
    const tooMany = await post('/api/loan/paymentPlans', [{ ...item, paymentDates: monthly(25) }]);
    businessError(tooMany, 'InvalidPaymentDates', 'Las fechas de pago no son válidas.');
  });

  it('answers a repeated quote from its kept bytes: the same body and headers; another amount or a bad body is its own answer', async () => {
    const item = { amount: 1500, issueDate: ISSUE, paymentDates: monthly(9) };
    const first = await post('/api/loan/paymentPlans', [item]);
    const again = await post('/api/loan/paymentPlans', [item]);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    // Every header the same (the security headers included), but the ones that are per request or per second.
    const steady = (headers: Record<string, unknown>) => {
      const { date: _date, 'x-correlation-id': id, ...rest } = headers;
      expect(id).toEqual(expect.any(String));
      return rest;
    };
    expect(steady(again.headers)).toEqual(steady(first.headers));
    expect(again.headers['x-correlation-id']).not.toBe(first.headers['x-correlation-id']);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['content-length']).toBe(String(first.rawPayload.length));
    expect(first.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['x-frame-options']).toBe('DENY');
    // A stale or malformed token leaves the quote anonymous (PaymentPlansPost is `optional`): the same answer.
    for (const authorization of ['Bearer not-a-token', 'Bearer a.b.c', 'Basic x']) {
      const anonymous = await post('/api/loan/paymentPlans', [item], { authorization });
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.body).toBe(first.body);
    }

    const other = await post('/api/loan/paymentPlans', [{ ...item, amount: 1600 }]);
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toBe(first.body);
    const [plan] = (other.json() as { data: WirePlan[] }).data;
    expect(plan?.installments.reduce((sum, row) => sum + cents(row.initialBase), 0)).toBe(160_000);

    const invalid = await post('/api/loan/paymentPlans', [{ ...item, paymentDates: ['2026-02-30'] }]);
    expect(invalid.statusCode).toBe(400);
    expect(errorResponseSchema.parse(invalid.json()).errors[0]).toMatchObject({
      code: { name: 'ValidationError' },
      message: 'Los datos enviados no son válidos: 0.paymentDates.0 (Fecha invalida).',
    });
    const unstorable = await post('/api/loan/paymentPlans', [{ ...item, issueDate: '2026-11-22\u0000' }]);
    expect(unstorable.statusCode).toBe(400);
    expect(errorResponseSchema.parse(unstorable.json()).errors[0]?.message).toBe(
      'Los datos enviados no son válidos: 0.issueDate (Contiene caracteres no permitidos).',
    );
    expect(invalid.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  });

  it('refuses amounts outside what is offered with InvalidLoanAmount', async () => {
    for (const amount of [99.99, 5000.5, 5500]) {
      const response = await post('/api/loan/paymentPlans', [{ amount, issueDate: ISSUE, paymentDates: monthly(12) }]);
      businessError(response, 'InvalidLoanAmount', 'El importe seleccionado no es válido.');
    }
  });

  it('refuses an amount that is not a whole number of cents at the contract (400, issue 10.2)', async () => {
    const response = await post('/api/loan/paymentPlans', [
      { amount: 2500.001, issueDate: ISSUE, paymentDates: monthly(12) },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: [
        {
          code: { name: 'ValidationError' },
          message: 'Los datos enviados no son válidos: 0.amount (El importe debe tener como máximo dos decimales).',
        },
      ],
    });
  });

  it('refuses dates not after the issue date, out of order, too many or too far with InvalidPaymentDates', async () => {
    const cases = [
      [ISSUE, ...monthly(2)],
      [addMonthsIso(ISSUE, 2), addMonthsIso(ISSUE, 1)],
      ['2026-12-22', '2026-12-22'],
      monthly(25),
      ['2032-01-01'],
    ];
    for (const paymentDates of cases) {
      const response = await post('/api/loan/paymentPlans', [{ amount: 2500, issueDate: ISSUE, paymentDates }]);
      businessError(response, 'InvalidPaymentDates', 'Las fechas de pago no son válidas.');
    }
  });

  it("quotes up to a logged-in customer's limit + 500\u00a0€, and only for their own customerId", async () => {
    const user = await login(t, { status: 'systemApproved', creditLimitCents: 600_000 });
    const item = [{ amount: 6500, issueDate: ISSUE, paymentDates: monthly(12) }];
    const mine = await post(`/api/loan/paymentPlans?customerId=${user.customer.id}`, item, user.headers);
    expect(mine.statusCode).toBe(200);
    businessError(
      await post('/api/loan/paymentPlans', [{ ...item[0], amount: 7000 }], user.headers),
      'InvalidLoanAmount',
      'El importe seleccionado no es válido.',
    );

    const other = await createCustomer(t);
    const notFound = await post(`/api/loan/paymentPlans?customerId=${other.id}`, item, user.headers);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.body).not.toContain(String(other.id));
    const anonymous = await post(`/api/loan/paymentPlans?customerId=${user.customer.id}`, item);
    expect(anonymous.statusCode).toBe(401);
    businessError(
      await post('/api/loan/paymentPlans', item),
      'InvalidLoanAmount',
      'El importe seleccionado no es válido.',
    );
  });
});

describe('PaymentPlansPost: the minipréstamo', () => {
  const mini = (amount: number, days: number, extra: Record<string, unknown> = {}) => ({
    product: 'mini',
    amount,
    issueDate: ISSUE,
    paymentDates: [addDaysIso(ISSUE, days)],
    ...extra,
  });
  type MiniPlan = {
    installments: { initialBase: number; initialCalculatedInterest: number; totalPayment: number }[];
    loanDefinition: { product: string; dailyRateBasisPoints: number; firstLoanFreeMax: number };
    totalInstallmentDays: number;
    taePercent: number;
    interestFree: boolean;
  };
  const plans = async (items: unknown[], headers: Record<string, string> = {}, query = '') => {
    const response = await post(`/api/loan/paymentPlans${query}`, items, headers);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: MiniPlan[] }).data;
  };

  it('prices one repayment at 0,75 % a day: 400 € for 20 days → 60,00 € of interest, with the mini definition', async () => {
    const [plan] = await plans([mini(400, 20)]);
    expect(plan).toMatchObject({
      installments: [{ initialBase: 400, initialCalculatedInterest: 60, totalPayment: 460 }],
      loanDefinition: { product: 'mini', dailyRateBasisPoints: 75, firstLoanFreeMax: 300 },
      totalInstallmentDays: 20,
      interestFree: false,
    });
    // (460 / 400)^(365 / 20) − 1, by Annex I with 20 days as 20/365 of a year.
    expect(plan!.taePercent).toBe(Math.round((Math.pow(460 / 400, 365 / 20) - 1) * 1000) / 10);
  });

  it('a visitor’s quote up to 300 € is the interest-free first loan; above it, the whole amount is priced', async () => {
    const [free, priced] = await plans([mini(300, 31), mini(350, 31)]);
    expect(free).toMatchObject({
      installments: [{ initialBase: 300, initialCalculatedInterest: 0, totalPayment: 300 }],
      taePercent: 0,
      interestFree: true,
    });
    expect(priced).toMatchObject({
      installments: [{ initialBase: 350, initialCalculatedInterest: 81.38, totalPayment: 431.38 }],
      interestFree: false,
    });
  });

  it('a customer who never had a loan paid out gets it interest-free; one who had a loan pays its price', async () => {
    const first = await login(t, { status: 'registered' });
    const [firstPlan] = await plans([mini(300, 20)], first.headers, `?customerId=${first.customer.id}`);
    expect(firstPlan).toMatchObject({ interestFree: true, installments: [{ initialCalculatedInterest: 0 }] });

    const returning = await login(t, { status: 'securityChecked', creditLimitCents: 300_000 });
    await t.db.insert(loans).values({
      customerId: returning.customer.id,
      status: 'repaid',
      loanDefinitionId: MINI_LOAN_DEFINITION.id,
      amountCents: 30_000,
      installmentCount: 1,
      issueDate: '2026-09-01',
      firstRepaymentDate: '2026-09-21',
    });
    const [returningPlan] = await plans([mini(300, 20)], returning.headers);
    expect(returningPlan).toMatchObject({ interestFree: false, installments: [{ initialCalculatedInterest: 45 }] });
  });

  it('refuses an amount outside 100–600 € or off the 50 € steps with InvalidLoanAmount', async () => {
    for (const amount of [99.99, 50, 125, 600.5, 650, 2500]) {
      businessError(
        await post('/api/loan/paymentPlans', [mini(amount, 20)]),
        'InvalidLoanAmount',
        'El importe seleccionado no es válido.',
      );
    }
    expect(await plans([mini(100, 20), mini(600, 20)])).toHaveLength(2);
  });

  it('refuses no date, two dates, the issue date and a date beyond 45 days with InvalidPaymentDates', async () => {
    const cases = [[addDaysIso(ISSUE, 10), addDaysIso(ISSUE, 20)], [ISSUE], [addDaysIso(ISSUE, 46)]];
    for (const paymentDates of cases) {
      businessError(
        await post('/api/loan/paymentPlans', [mini(300, 20, { paymentDates })]),
        'InvalidPaymentDates',
        'Las fechas de pago no son válidas.',
      );
    }
    expect(await plans([mini(300, 1), mini(300, 45)])).toHaveLength(2);
  });

  it('refuses an unknown product at the contract (400)', async () => {
    const response = await post('/api/loan/paymentPlans', [mini(300, 20, { product: 'weekly' })]);
    expect(response.statusCode).toBe(400);
  });
});

describe('AgreementPost', () => {
  const installments = (dates: string[]) =>
    dates.map((expectedDate) => ({ initialBase: 1, initialCalculatedInterest: 1, expectedDate, totalPayment: 2 }));

  it('answers the contract and the terms in Spanish, with the TAE and the instalment table priced by the server', async () => {
    const response = await post('/api/loan/agreements', {
      installments: installments(monthly(12)), // tampered amounts: the contract must not print them
      loanAmount: 2500,
      createdDate: ISSUE,
      toAccountId: null,
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as { data: Array<{ type: string; title: string; agreement: string }> };
    expect(data.map((item) => item.type)).toEqual(['agreement', 'termsAndConditions', 'preContractInformation']);
    const contract = data[0]?.agreement ?? '';
    expect(data[0]?.title).toBe('Contrato de préstamo');
    expect(contract).toContain('2.500,00\u00a0€');
    expect(contract).toContain('1.099,88\u00a0€');
    expect(contract).toContain('103,7 %');
    expect(contract.match(/299,99\u00a0€/g)?.length).toBeGreaterThanOrEqual(12);
    expect(contract).toContain('22/11/2027');
    expect(contract).not.toContain('2,00\u00a0€');
    expect(contract).toContain('la persona titular de la solicitud');
    expect(data[1]?.title).toBe('Términos y Condiciones');
    expect(data[1]?.agreement).toContain('desistir');
    // The pre-contract information (SECCI) of the same unsaved loan: the contract's figures.
    expect(data[2]?.title).toBe('Información normalizada europea sobre el crédito al consumo');
    for (const figure of ['2.500,00\u00a0€', '1.099,88\u00a0€', '103,7 %', '3.599,88\u00a0€', '22/11/2027'])
      expect(data[2]?.agreement).toContain(figure);
  });

  it('names the logged-in customer, escaped', async () => {
    const user = await login(t, { firstName: '<script>alert(1)</script>', lastName: 'Pérez' });
    const response = await post(
      '/api/loan/agreements',
      { installments: installments(monthly(12)), loanAmount: 2500, createdDate: ISSUE },
      user.headers,
    );
    const contract = (response.json() as { data: Array<{ agreement: string }> }).data[0]?.agreement ?? '';
    expect(contract).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Pérez');
    expect(contract).not.toContain('<script>');
  });

  it('refuses an impossible plan with the business errors', async () => {
    businessError(
      await post('/api/loan/agreements', {
        installments: installments(monthly(12)),
        loanAmount: 9000,
        createdDate: ISSUE,
      }),
      'InvalidLoanAmount',
      'El importe seleccionado no es válido.',
    );
    businessError(
      await post('/api/loan/agreements', {
        installments: installments(['2026-11-01', ...monthly(2)]),
        loanAmount: 2500,
        createdDate: ISSUE,
      }),
      'InvalidPaymentDates',
      'Las fechas de pago no son válidas.',
    );
  });
});

describe('CheckPhoneDniPost', () => {
  it('tells whether a mobile is registered, whatever way it is written', async () => {
    const phone = freshMobile();
    const check = (value: string) => post('/api/customer/CheckPhoneDNI', { countryCode: '+34', phone: value });
    expect((await check(phone)).json()).toEqual({ data: { phoneregistered: false } });
    await createCustomer(t, { phone });
    expect((await check(phone)).json()).toEqual({ data: { phoneregistered: true } });
    const spaced = `+34 ${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`;
    expect((await check(spaced)).json()).toEqual({ data: { phoneregistered: true } });
  });

  it('answers InvalidPhone for a landline, a non-Spanish code or a short number', async () => {
    for (const [countryCode, phone] of [
      ['+34', '912345678'],
      ['+33', freshMobile()],
      ['+34', '61234567'],
    ] as const) {
      const response = await post('/api/customer/CheckPhoneDNI', { countryCode, phone });
      expect(response.statusCode, `${countryCode} ${phone}`).toBe(422);
      expect(errorResponseSchema.parse(response.json()).errors[0]?.code.name).toBe('InvalidPhone');
    }
  });

  it('limits how fast one address can walk through numbers (429 in the error shape)', async () => {
    const limited = await createTestApp({ database: t.handle });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 32; i += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/customer/CheckPhoneDNI',
          payload: { countryCode: '+34', phone: freshMobile() },
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(errorResponseSchema.parse(response.json()).errors[0]?.message).toMatch(/\p{L}/u);
        }
      }
      expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
      expect(statuses.slice(30)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('RATE_LIMIT_SCALE lifts the limit for load tests', async () => {
    const scaled = await createTestApp({ database: t.handle, env: { RATE_LIMIT_SCALE: '2' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 61; i += 1) {
        const response = await scaled.app.inject({
          method: 'POST',
          url: '/api/customer/CheckPhoneDNI',
          payload: { countryCode: '+34', phone: freshMobile() },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(60);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await scaled.close();
    }
  });
});
