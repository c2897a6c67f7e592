import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSession } from '../../src/server/auth/sessions.ts';
import { cards, loanFlowDrafts, loanFlowScreenVisits } from '../../src/server/db/schema/index.ts';
import { defaultFlow } from '../../src/shared/loan/payment-dates.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login, type LoggedIn } from './helpers/customers.ts';
import { borrower, errorName, NOW, requestBody, requestLoan } from './helpers/loan-request.ts';
import { createRunningLoan } from './helpers/running-loans.ts';

/**
 * The loan flow's other calls: the saved flow on the server (LoanFlowDraftPut/Get: one per customer, replaced,
 * 1 day, deleted by a loan request), screen visits, the available limit and the customer's cards.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW });
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;

const draft = (flowId = 'flow-0001-abcd', step = 'loanRequest') => ({
  flowId,
  step,
  dto: defaultFlow('2026-11-24'),
  formValues: { product: 2500, firstRepaymentDate: '2026-12-01', installment: 12, acceptAgreement: null },
});
const put = (who: LoggedIn, body: object) =>
  t.app.inject({ method: 'PUT', url: '/api/loan/makeLoanApplication', headers: who.headers, payload: body });
const get = (who: LoggedIn) => t.app.inject({ url: '/api/loan/continueLoanApplication', headers: who.headers });
const draftRows = (who: LoggedIn) =>
  t.db.select().from(loanFlowDrafts).where(eq(loanFlowDrafts.customerId, who.customer.id));

describe('LoanFlowDraftPut / LoanFlowDraftGet', () => {
  it('keeps one draft per customer, replaced on each save, read back with its dates; null when there is none', async () => {
    const who = await login(t, { status: 'systemApproved', creditLimitCents: 300_000 });
    expect((await get(who)).json()).toEqual({ data: null });
    expect((await put(who, draft('flow-first-1', 'loanApply'))).json()).toEqual({ data: true });
    t.clock.advance(60_000);
    expect((await put(who, draft('flow-second-2'))).statusCode).toBe(200);
    const response = await get(who);
    const savedAt = new Date(Date.parse(NOW) + 60_000);
    expect(response.json()).toEqual({
      data: {
        ...draft('flow-second-2'),
        updatedAt: savedAt.toISOString(),
        expiresAt: new Date(savedAt.getTime() + DAY_MS).toISOString(),
      },
    });
    expect(await draftRows(who)).toHaveLength(1);
    // Another customer never sees it.
    const other = await login(t, { status: 'systemApproved' });
    expect((await get(other)).json()).toEqual({ data: null });
    t.clock.set(NOW);
  });

  it('expires a day after the last save: then it reads as null and is deleted', async () => {
    const who = await login(t, { status: 'registered' });
    await put(who, draft('flow-expiring', 'bankCredentials'));
    t.clock.advance(DAY_MS - 1);
    expect((await get(who)).json().data.flowId).toBe('flow-expiring');
    t.clock.advance(1);
    // A session lasts less than a day: the customer logs in again (here on another device).
    const session = await issueSession(
      { db: t.db, clock: t.clock, jwtKey: t.secrets.jwtKey },
      { id: who.customer.id, role: 'user' },
    );
    const again = { ...who, headers: { ...who.headers, authorization: `Bearer ${session.token}` } };
    expect((await get(again)).json()).toEqual({ data: null });
    expect(await draftRows(who)).toEqual([]);
    t.clock.set(NOW);
  });

  it('is deleted when the customer requests a loan', async () => {
    const who = await borrower(t);
    await put(who, draft());
    expect((await requestLoan(t, who, requestBody(who))).statusCode).toBe(200);
    expect((await get(who)).json()).toEqual({ data: null });
  });

  it('refuses customers who cannot be in a loan flow (NotAllowedCustomerStatus) and bad input (400)', async () => {
    for (const status of ['declined', 'new', 'externalCollection'] as const) {
      const who = await login(t, { status });
      expect(errorName(await put(who, draft())), status).toBe('NotAllowedCustomerStatus');
    }
    const who = await login(t, { status: 'systemApproved' });
    for (const bad of [
      { ...draft(), flowId: 'x' },
      { ...draft(), step: 'dashboard' },
      { ...draft(), extra: 1 },
    ])
      expect((await put(who, bad)).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/loan/makeLoanApplication', payload: draft() });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('LoanApplicationScreensPost', () => {
  it('stores the visit (screen, status, flow id) and answers true', async () => {
    const who = await login(t, { status: 'systemApproved' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/loan/loanApplicationScreens',
      headers: who.headers,
      payload: { screen: 'LoanCreation', status: 'status: securityChecked', loanFlowId: 'flow-0001-abcd' },
    });
    expect(response.json()).toEqual({ data: true });
    const rows = await t.db
      .select()
      .from(loanFlowScreenVisits)
      .where(eq(loanFlowScreenVisits.customerId, who.customer.id));
    expect(rows).toMatchObject([
      { screen: 'LoanCreation', status: 'status: securityChecked', flowId: 'flow-0001-abcd' },
    ]);
  });
});

describe('CreditLimitGet', () => {
  it('is the credit limit minus the principal still owed on open loans, in euros, never negative', async () => {
    const who = await login(t, { status: 'securityChecked', creditLimitCents: 300_000 });
    const limit = async () =>
      (await t.app.inject({ url: '/api/customer/creditlimit', headers: who.headers })).json().data.availableLimit;
    expect(await limit()).toBe(3000);
    // 12 instalments of 208,33 € capital, 3 paid: 9 × 208,33 € = 1.874,97 € still owed.
    await createRunningLoan(t, who.customer.id, { nextDue: '2026-12-10', paid: 3 });
    expect(await limit()).toBe(1125.03);
    await createRunningLoan(t, who.customer.id, { nextDue: '2026-12-10', paid: 0, status: 'requested' });
    expect(await limit()).toBe(0);
    expect((await t.app.inject({ url: '/api/customer/creditlimit' })).statusCode).toBe(401);
  });
});

describe('CustomerMiniGet', () => {
  it("lists the caller's cards that are not deleted, masked, never another customer's", async () => {
    const who = await borrower(t);
    const other = await borrower(t);
    await t.db.insert(cards).values({
      customerId: who.customer.id,
      maskedCardNumber: '400000******0002',
      brand: 'other',
      expiryMonth: 1,
      expiryYear: 2029,
      cardStatus: 'Deleted',
    });
    const response = await t.app.inject({ url: '/api/card/customer/mini', headers: who.headers });
    expect(response.json()).toEqual({
      data: [
        {
          id: who.cardId,
          cardStatus: 'Valid',
          maskedCardNumber: '411111******1111',
          cardSubStatus: null,
          isActive: true,
          brand: 'visa',
        },
      ],
    });
    expect(response.body).not.toContain(`"id":${other.cardId}`);
    const none = await login(t, { status: 'systemApproved' });
    expect((await t.app.inject({ url: '/api/card/customer/mini', headers: none.headers })).json()).toEqual({
      data: [],
    });
  });
});
