import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '../../src/shared/api/errors.ts';
import { credentials, customers, loans, repayTokens } from '../../src/server/db/schema/index.ts';
import {
  issueRepayToken,
  REPAY_TOKEN_DEFAULT_TTL_MS,
  repayLinkFor,
  revokeRepayTokens,
} from '../../src/server/modules/links/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import {
  businessCodesOf,
  createMember,
  errorsOf,
  postLogin,
  sessionHeaders,
  sessionOf,
} from './helpers/membership-login.ts';
import { DEFAULT_LOAN_DEFINITION } from '../../src/shared/loan/loan-definition.ts';

/** LoginWithRepayTokenPostByRepayToken: the repay short link's login (first document §4 "Repay link flow"). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false });
});
afterAll(() => t.close());

const HOUR = 3_600_000;

const repayLogin = (token: string) =>
  t.app.inject({ method: 'POST', url: `/api/membership/loginWithRepayToken/${encodeURIComponent(token)}` });

const issue = (customerId: number, options: { loanId?: number; ttlMs?: number } = {}) =>
  issueRepayToken(t.db, { customerId, now: t.clock.now(), ...options });

const tokenRow = async (id: number) => (await t.db.select().from(repayTokens).where(eq(repayTokens.id, id)))[0]!;

/** Run `body` with the clock moved by `ms`, then put it back (the clock is shared by the file's tests). */
async function later<T>(ms: number, body: () => Promise<T>): Promise<T> {
  const start = t.clock.now();
  t.clock.advance(ms);
  try {
    return await body();
  } finally {
    t.clock.set(start);
  }
}

describe('repay tokens', () => {
  it('are 32 random bytes in base64url, different every time, and only their SHA-256 is stored', async () => {
    const customer = await createMember(t);
    const first = await issue(customer.id);
    const second = await issue(customer.id);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.token).not.toBe(first.token);
    const row = await tokenRow(first.id);
    expect(row.tokenHash).toBe(createHash('sha256').update(first.token).digest('hex'));
    const [leak] = await t.db
      .execute<{ n: number }>(
        sql`select count(*)::int as n from ${repayTokens} where ${repayTokens}::text like ${`%${first.token}%`}`,
      )
      .then((result) => (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows));
    expect(leak?.n).toBe(0);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(REPAY_TOKEN_DEFAULT_TTL_MS);
  });

  it('refuse a life over a year or not positive', async () => {
    const customer = await createMember(t);
    await expect(issue(customer.id, { ttlMs: 0 })).rejects.toThrow(RangeError);
    await expect(issue(customer.id, { ttlMs: 366 * 24 * HOUR })).rejects.toThrow(RangeError);
  });

  it('make a short link on the public origin: /r/<token>', () => {
    expect(repayLinkFor('https://prestamorapido.es/', 'abc_-1')).toBe('https://prestamorapido.es/r/abc_-1');
  });
});

describe('LoginWithRepayTokenPostByRepayToken', () => {
  it('a valid token starts a session whose customerDetails are the ones LoginPost answers', async () => {
    const customer = await createMember(t, {
      status: 'securityChecked',
      firstName: 'Marta',
      lastName: 'de la Fuente Ruiz',
    });
    const { token } = await issue(customer.id);
    const session = sessionOf(await repayLogin(token));
    const byPin = sessionOf(await postLogin(t.app, { phoneNumber: customer.phone, password: customer.pin }));
    expect(session.customerDetails).toEqual(byPin.customerDetails);
    expect(session.customerDetails).toMatchObject({ id: customer.id, status: 'securityChecked', twoLetterName: 'MF' });
    expect(session.token).not.toBe(byPin.token);
    const details = await t.app.inject({
      method: 'GET',
      url: '/api/membership/memberDetails',
      headers: sessionHeaders(session),
    });
    expect(details.statusCode, details.body).toBe(200);
  });

  it('a token is reusable until it expires, and every login with it is counted', async () => {
    const customer = await createMember(t);
    const issued = await issue(customer.id);
    sessionOf(await repayLogin(issued.token));
    sessionOf(await later(HOUR, () => repayLogin(issued.token)));
    const row = await tokenRow(issued.id);
    expect(row.useCount).toBe(2);
    expect(row.lastUsedAt?.getTime()).toBe(t.clock.now().getTime() + HOUR);
  });

  it('an expired token answers TokenNotValid (valid up to the last second of its 30 days)', async () => {
    const customer = await createMember(t);
    const issued = await issue(customer.id);
    sessionOf(await later(REPAY_TOKEN_DEFAULT_TTL_MS - 1_000, () => repayLogin(issued.token)));
    const expired = await later(REPAY_TOKEN_DEFAULT_TTL_MS, () => repayLogin(issued.token));
    expect(businessCodesOf(expired)).toEqual(['TokenNotValid']);
    expect(errorsOf(expired, 422)[0]?.message).toBe(errorCodes.TokenNotValid.message);
    const short = await issue(customer.id, { ttlMs: HOUR });
    expect(businessCodesOf(await later(HOUR, () => repayLogin(short.token)))).toEqual(['TokenNotValid']);
    expect((await tokenRow(short.id)).useCount).toBe(0);
  });

  it('a revoked token answers TokenNotValid; revoking one loan leaves the other loan’s tokens working', async () => {
    const customer = await createMember(t, { status: 'securityChecked' });
    const [loanA, loanB] = await t.db
      .insert(loans)
      .values(
        [1, 2].map(() => ({
          customerId: customer.id,
          status: 'issued' as const,
          amountCents: 250_000,
          loanDefinitionId: DEFAULT_LOAN_DEFINITION.id,
          installmentCount: 12,
          issueDate: '2025-01-01',
          firstRepaymentDate: '2025-02-01',
        })),
      )
      .returning({ id: loans.id });
    const forA = await issue(customer.id, { loanId: loanA!.id });
    const forB = await issue(customer.id, { loanId: loanB!.id });
    expect(await revokeRepayTokens(t.db, { customerId: customer.id, loanId: loanA!.id }, t.clock.now())).toBe(1);
    expect(businessCodesOf(await repayLogin(forA.token))).toEqual(['TokenNotValid']);
    sessionOf(await repayLogin(forB.token));
    expect(await revokeRepayTokens(t.db, { customerId: customer.id }, t.clock.now())).toBe(1);
    expect(businessCodesOf(await repayLogin(forB.token))).toEqual(['TokenNotValid']);
  });

  it.each([
    ['an unknown token', 'A'.repeat(43)],
    ['a short word', 'abc'],
    ['characters outside base64url', 'ab$cd%20ef.gh'],
    ['a token of the longest allowed length', 'x'.repeat(200)],
  ])('%s answers TokenNotValid', async (_title, token) => {
    expect(businessCodesOf(await repayLogin(token))).toEqual(['TokenNotValid']);
  });

  it('a token over 200 characters is a 400 in the error shape', async () => {
    const response = await repayLogin('x'.repeat(201));
    expect(errorsOf(response, 400)[0]?.code.name).toBe('ValidationError');
  });

  it('a blocked member answers MemberBlocked, and the use is not counted', async () => {
    const customer = await createMember(t);
    const issued = await issue(customer.id);
    await t.db.update(credentials).set({ blocked: true }).where(eq(credentials.customerId, customer.id));
    expect(businessCodesOf(await repayLogin(issued.token))).toEqual(['MemberBlocked']);
    expect((await tokenRow(issued.id)).useCount).toBe(0);
  });

  it.each(['closed', 'none'] as const)(
    'a %s customer answers CustomerAlreadyRegistered, as LoginPost does',
    async (status) => {
      const customer = await createMember(t);
      const issued = await issue(customer.id);
      await t.db.update(customers).set({ status }).where(eq(customers.id, customer.id));
      expect(businessCodesOf(await repayLogin(issued.token))).toEqual(['CustomerAlreadyRegistered']);
      expect(businessCodesOf(await postLogin(t.app, { phoneNumber: customer.phone, password: customer.pin }))).toEqual([
        'CustomerAlreadyRegistered',
      ]);
    },
  );

  it('a customer without a PIN yet may log in with a link (the token is the proof)', async () => {
    const customer = await createMember(t, { status: 'new' });
    await t.db.delete(credentials).where(eq(credentials.customerId, customer.id));
    const session = sessionOf(await repayLogin((await issue(customer.id)).token));
    expect(session.customerDetails.status).toBe('new');
  });
});
