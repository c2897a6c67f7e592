import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerForLoginRedirectionGet } from '../../src/shared/api/links.ts';
import { transportErrorCodes } from '../../src/shared/api/error-codes.ts';
import { cards, documents, loans, repayTokens } from '../../src/server/db/schema/index.ts';
import {
  issueRepayToken,
  repayLoginRateLimit,
  repayRedirectionRateLimit,
  revokeRepayTokens,
} from '../../src/server/modules/links/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login } from './helpers/customers.ts';
import { businessCodesOf, createMember, errorsOf } from './helpers/membership-login.ts';
import type { LoanStatus } from '../../src/shared/loan-statuses.ts';
import { DEFAULT_LOAN_DEFINITION } from '../../src/shared/loan/loan-definition.ts';

/**
 * CustomerForLoginRedirectionGet (the repay-link customer info that picks the destination) and the per-IP rate
 * limits of both repay-link calls.
 */

let t: TestApp;
beforeAll(async () => {
  // The app's own rate limits: each test uses its own client IPs.
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

const redirection = (repayToken: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/customer/customerForLoginRedirection?repayToken=${encodeURIComponent(repayToken)}`,
    headers,
    remoteAddress: freshIp(),
  });

const infoOf = (response: Awaited<ReturnType<typeof redirection>>) => {
  expect(response.statusCode, response.body).toBe(200);
  return CustomerForLoginRedirectionGet.response.parse((response.json() as { data: unknown }).data);
};

const issue = async (customerId: number, ttlMs?: number) =>
  (await issueRepayToken(t.db, { customerId, now: t.clock.now(), ...(ttlMs ? { ttlMs } : {}) })).token;

/** Loans oldest first, created a day apart. */
async function addLoans(customerId: number, statuses: LoanStatus[]) {
  const base = t.clock.now().getTime() - statuses.length * 86_400_000;
  await t.db.insert(loans).values(
    statuses.map((status, index) => ({
      customerId,
      status,
      amountCents: 250_000,
      loanDefinitionId: DEFAULT_LOAN_DEFINITION.id,
      installmentCount: 12,
      issueDate: '2025-01-01',
      firstRepaymentDate: '2025-02-01',
      createdAt: new Date(base + index * 86_400_000),
    })),
  );
}

describe('CustomerForLoginRedirectionGet', () => {
  it('a customer with an issued loan: status, name, phone and the last loan status', async () => {
    const customer = await createMember(t, {
      status: 'securityChecked',
      firstName: 'Javier',
      lastName: 'López Martín',
    });
    await addLoans(customer.id, ['repaid', 'issued']);
    expect(infoOf(await redirection(await issue(customer.id)))).toEqual({
      customerStatus: 'securityChecked',
      documentCount: 0,
      fullName: 'Javier López Martín',
      hasCardAdded: false,
      lastLoanStatus: 'issued',
      phoneNumber: customer.phone,
      hasAskForProofCard: false,
    });
  });

  it('a customer whose last loan is repaid: lastLoanStatus repaid (the most recent loan counts)', async () => {
    const customer = await createMember(t, { status: 'securityChecked' });
    await addLoans(customer.id, ['cancelled', 'repaid']);
    expect(infoOf(await redirection(await issue(customer.id)))).toMatchObject({
      customerStatus: 'securityChecked',
      lastLoanStatus: 'repaid',
    });
  });

  it('a customer without loans: lastLoanStatus null', async () => {
    const customer = await createMember(t, { status: 'systemApproved' });
    expect(infoOf(await redirection(await issue(customer.id)))).toMatchObject({
      customerStatus: 'systemApproved',
      lastLoanStatus: null,
    });
  });

  it('a systemApproved customer with an agreementAssigned loan gets that status', async () => {
    const customer = await createMember(t, { status: 'systemApproved' });
    await addLoans(customer.id, ['agreementAssigned']);
    expect(infoOf(await redirection(await issue(customer.id))).lastLoanStatus).toBe('agreementAssigned');
  });

  it("documentCount counts the customer's identity documents (DNI/NIE sides), not card proofs or another's", async () => {
    const customer = await createMember(t, { status: 'systemApproved' });
    const other = await createMember(t, { status: 'systemApproved' });
    await addLoans(customer.id, ['agreementAssigned']);
    const document = (customerId: number, type: 'identity' | 'copyOfCard', subType: 'front' | 'back' | null) => ({
      customerId,
      type,
      subType,
      name: 'dni.jpg',
      mimeType: 'image/jpeg',
      sizeBytes: 1000,
      sha256: 'a'.repeat(64),
      storageKey: `test/${customerId}/${type}/${subType ?? 'card'}`,
      channel: 'web',
    });
    const count = async () => infoOf(await redirection(await issue(customer.id))).documentCount;
    expect(await count()).toBe(0);
    await t.db
      .insert(documents)
      .values([document(customer.id, 'identity', 'front'), document(other.id, 'identity', 'back')]);
    await t.db.insert(documents).values(document(customer.id, 'copyOfCard', null));
    expect(await count()).toBe(1);
    await t.db.insert(documents).values(document(customer.id, 'identity', 'back'));
    expect(await count()).toBe(2);
  });

  it('hasCardAdded with a usable card (not an Invalid or deleted one); hasAskForProofCard when a card awaits proof', async () => {
    const customer = await createMember(t, { status: 'systemApproved' });
    const card = (cardStatus: 'Valid' | 'Invalid' | 'Deleted', cardSubStatus: 'askForProof' | null = null) => ({
      customerId: customer.id,
      maskedCardNumber: '411111******1111',
      brand: 'visa',
      expiryMonth: 12,
      expiryYear: 2030,
      cardStatus,
      cardSubStatus,
    });
    const facts = async () => {
      const info = infoOf(await redirection(await issue(customer.id)));
      return [info.hasCardAdded, info.hasAskForProofCard];
    };
    expect(await facts()).toEqual([false, false]);
    await t.db.insert(cards).values([card('Invalid'), card('Deleted', 'askForProof')]);
    expect(await facts()).toEqual([false, false]);
    await t.db.insert(cards).values(card('Valid', 'askForProof'));
    expect(await facts()).toEqual([true, true]);
  });

  it('answers with a session too, for the token’s customer, and does not count a use of the token', async () => {
    const user = await login(t, { status: 'registered' });
    const token = await issue(user.customer.id);
    expect(infoOf(await redirection(token, user.headers)).customerStatus).toBe('registered');
    const [row] = await t.db.select().from(repayTokens).where(eq(repayTokens.customerId, user.customer.id));
    expect(row?.useCount).toBe(0);
  });

  it('an unknown, revoked or expired token answers TokenNotValid', async () => {
    const customer = await createMember(t);
    expect(businessCodesOf(await redirection('B'.repeat(43)))).toEqual(['TokenNotValid']);
    expect(businessCodesOf(await redirection('no/such token'))).toEqual(['TokenNotValid']);
    const expiring = await issue(customer.id, 60_000);
    const start = t.clock.now();
    t.clock.advance(60_000);
    try {
      expect(businessCodesOf(await redirection(expiring))).toEqual(['TokenNotValid']);
    } finally {
      t.clock.set(start);
    }
    const revoked = await issue(customer.id);
    await revokeRepayTokens(t.db, { customerId: customer.id }, t.clock.now());
    expect(businessCodesOf(await redirection(revoked))).toEqual(['TokenNotValid']);
  });

  it('a missing repayToken is a 400 in the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/customer/customerForLoginRedirection' });
    expect(errorsOf(response, 400)[0]?.message).toContain('repayToken');
  });
});

describe('repay-link rate limits (tokens are bearer secrets: guessing is throttled per IP)', () => {
  function expectTooManyRequests(response: Awaited<ReturnType<typeof redirection>>) {
    const [error] = errorsOf(response, 429);
    expect(error).toEqual({
      code: { name: 'TooManyRequests', value: 429 },
      title: transportErrorCodes.TooManyRequests.title,
      message: transportErrorCodes.TooManyRequests.message,
    });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  }

  it(`one IP gets ${repayLoginRateLimit.max} token logins a minute, then 429; another IP still logs in`, async () => {
    const ip = freshIp();
    const guess = (remoteAddress: string, token = 'C'.repeat(43)) =>
      t.app.inject({ method: 'POST', url: `/api/membership/loginWithRepayToken/${token}`, remoteAddress });
    for (let attempt = 1; attempt <= repayLoginRateLimit.max; attempt++) {
      expect(businessCodesOf(await guess(ip))).toEqual(['TokenNotValid']);
    }
    const customer = await createMember(t);
    const token = await issue(customer.id);
    expectTooManyRequests(await guess(ip, token));
    expect((await guess(freshIp(), token)).statusCode).toBe(200);
  });

  it(`one IP gets ${repayRedirectionRateLimit.max} redirection lookups a minute, then 429`, async () => {
    const ip = freshIp();
    const lookup = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/customer/customerForLoginRedirection?repayToken=${'D'.repeat(43)}`,
        remoteAddress: ip,
      });
    for (let attempt = 1; attempt <= repayRedirectionRateLimit.max; attempt++) {
      expect(businessCodesOf(await lookup())).toEqual(['TokenNotValid']);
    }
    expectTooManyRequests(await lookup());
  });
});
