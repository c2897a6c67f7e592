import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFlow } from '../../src/shared/loan/payment-dates.ts';
import { assign, requestedLoan } from './helpers/agreement.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login, type LoggedIn } from './helpers/customers.ts';
import { dataOf, expectForbidden, expectNotFound, send, UNKNOWN_ID } from './helpers/customer-file.ts';
import { FIRST_DATE, NOW } from './helpers/loan-request.ts';
import { staffSession, type StaffLoggedIn } from './helpers/staff.ts';

/**
 * `getApplicationDetailsOfCustomer` (StaffApplicationDetailsGet; issue 27 «Loans», docs/backoffice.md §8 P4): the
 * unfinished loan flow the customer's app saved (what they chose, on which step, until when), the flow's screens
 * they saw, and every loan request with its moments — what an agent reads when a customer calls about a loan they
 * were asking for.
 */

let t: TestApp;
let agent: StaffLoggedIn;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW });
  agent = await staffSession(t, 'cam');
});
afterAll(() => t.close());

const details = (customerId: number, who = agent) =>
  send(t, 'GET', `/api/loan/getApplicationDetailsOfCustomer/${customerId}`, who);
const screen = (who: LoggedIn, name: string, status: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/loan/loanApplicationScreens',
    headers: who.headers,
    payload: { screen: name, status, loanFlowId: 'flow-agent-0001' },
  });

describe('getApplicationDetailsOfCustomer', () => {
  it('answers the unfinished flow as saved, the screens newest first, and no request yet; null once expired', async () => {
    const who = await login(t, { status: 'systemApproved', creditLimitCents: 300_000 });
    const formValues = { product: 1500, firstRepaymentDate: FIRST_DATE, installment: 6, acceptAgreement: null };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/loan/makeLoanApplication',
      headers: who.headers,
      payload: { flowId: 'flow-agent-0001', step: 'loanRequest', dto: defaultFlow('2026-11-24'), formValues },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await screen(who, 'LoanApply', 'status: systemApproved')).statusCode).toBe(200);
    t.clock.advance(1_000);
    expect((await screen(who, 'LoanCreation', 'status: systemApproved')).statusCode).toBe(200);

    const answer = dataOf(await details(who.customer.id)) as Record<string, unknown>;
    expect(answer).toEqual({
      customerId: who.customer.id,
      draft: {
        flowId: 'flow-agent-0001',
        step: 'loanRequest',
        dto: defaultFlow('2026-11-24'),
        formValues,
        updatedAt: NOW.replace('Z', '.000Z'),
        expiresAt: '2026-11-25T10:00:00.000Z',
        remindedAt: null,
      },
      screens: [
        { screen: 'LoanCreation', status: 'status: systemApproved', flowId: 'flow-agent-0001', at: expect.any(String) },
        {
          screen: 'LoanApply',
          status: 'status: systemApproved',
          flowId: 'flow-agent-0001',
          at: NOW.replace('Z', '.000Z'),
        },
      ],
      applications: [],
    });
    // A day after the save the customer can no longer resume it: nor does the agent read it.
    t.clock.advance(24 * 60 * 60_000);
    try {
      const later = await staffSession(t, 'cam');
      expect((dataOf(await details(who.customer.id, later)) as { draft: unknown }).draft).toBeNull();
    } finally {
      t.clock.set(NOW);
    }
  });

  it('answers each loan request with what was asked and when it was signed and due for payout', async () => {
    const who = await requestedLoan(t);
    const first = (dataOf(await details(who.customer.id)) as { applications: unknown[] }).applications;
    expect(first).toEqual([
      {
        loanId: who.loanId,
        status: 'requested',
        product: 'installment',
        amount: 2500,
        installmentCount: 12,
        firstRepaymentDate: FIRST_DATE,
        toAccountId: who.accountId,
        cardId: who.cardId,
        requestedAt: NOW.replace('Z', '.000Z'),
        agreementAcceptedAt: null,
        payoutDueAt: null,
        issuedAt: null,
      },
    ]);
    expect((await assign(t, who, { loanId: who.loanId, acceptAgreement: true })).statusCode).toBe(200);
    const [signed] = (dataOf(await details(who.customer.id)) as { applications: Array<Record<string, unknown>> })
      .applications;
    expect(signed).toMatchObject({ status: 'agreementAssigned', agreementAcceptedAt: NOW.replace('Z', '.000Z') });
    expect(signed!['payoutDueAt']).not.toBeNull();
  });

  it('404 for an unknown customer; 403 for a collection company', async () => {
    expectNotFound(await details(UNKNOWN_ID));
    const who = await login(t, { status: 'systemApproved' });
    const company = await staffSession(t, 'collectioncompany');
    expectForbidden(await details(who.customer.id, company));
  });
});
