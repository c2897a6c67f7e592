import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transportErrorCodes } from '../../src/shared/api/error-codes.ts';
import { apiErrorOf } from '../../src/shared/api/errors.ts';
import { JWT_TTL_SECONDS } from '../../src/shared/constants.ts';
import { SESSION_MESSAGES } from '../../src/shared/messages.ts';
import { issueSession } from '../../src/server/auth/sessions.ts';
import { credentials, customers, loans, sessions } from '../../src/server/db/schema/index.ts';
import { twoLetterNameOf } from '../../src/server/modules/membership/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login, type createCustomer } from './helpers/customers.ts';
import {
  createMember,
  uniqueMobilePhone,
  errorsOf,
  postLogin,
  sessionHeaders,
  sessionOf,
} from './helpers/membership-login.ts';
import type { LoanStatus } from '../../src/shared/loan-statuses.ts';
import { DEFAULT_LOAN_DEFINITION } from '../../src/shared/loan/loan-definition.ts';

/** TokenGet, MemberDetailsGet and LogoutPost: what a session token is worth, the member details, ending it. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false });
});
afterAll(() => t.close());

const tokenGet = (token: string) =>
  t.app.inject({ method: 'GET', url: `/api/membership/token/${encodeURIComponent(token)}` });
const memberDetails = (headers: Record<string, string>, app = t.app) =>
  app.inject({ method: 'GET', url: '/api/membership/memberDetails', headers });
const logoutPost = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/membership/logout', headers });

async function loginCall(overrides: Parameters<typeof createCustomer>[1] = {}) {
  const customer = await createMember(t, overrides);
  const session = sessionOf(await postLogin(t.app, { phoneNumber: customer.phone, password: customer.pin }));
  return { customer, session, headers: sessionHeaders(session) };
}

async function addLoan(customerId: number, status: LoanStatus) {
  await t.db.insert(loans).values({
    customerId,
    status,
    amountCents: 250_000,
    loanDefinitionId: DEFAULT_LOAN_DEFINITION.id,
    installmentCount: 12,
    issueDate: '2026-01-15',
    firstRepaymentDate: '2026-02-15',
  });
}

const expectTokenNotValid = (response: Parameters<typeof errorsOf>[0]) =>
  expect(errorsOf(response, 422)).toEqual([apiErrorOf('TokenNotValid')]);

describe('TokenGet', () => {
  it('a live session token answers the same token, passwordRequired and the member details', async () => {
    const { customer, session } = await loginCall({ passwordRequired: true, status: 'registered' });
    const response = await tokenGet(session.token);
    expect(response.statusCode).toBe(200);
    const { passwordRequired: _passwordRequired, ...details } = session.customerDetails;
    expect(response.json()).toEqual({
      data: { token: session.token, passwordRequired: true, memberDetails: { ...details, id: customer.id } },
    });
  });

  it('garbage, forged and foreign tokens answer TokenNotValid (422), never a 500', async () => {
    const user = await login(t, { phone: uniqueMobilePhone() });
    const [, payload] = user.token.split('.');
    const foreign = await new SignJWT({ role: 'user' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.customer.id))
      .setJti(user.jti)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-this-server-not-this-server-not-this-server'));
    const garbage = [
      'x',
      'a.b.c',
      'not a token at all',
      '{"sub":"1"}',
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`,
      `${user.token}x`,
      foreign,
      'ñ'.repeat(1000),
      `eyJ${'A'.repeat(3000)}.eyJ.sig`,
    ];
    for (const token of garbage) expectTokenNotValid(await tokenGet(token));
  });

  it('an oversized token answers 400 in the error shape (over the router limit 414), never a 500', async () => {
    expect(errorsOf(await tokenGet('a'.repeat(5000)), 400)[0]?.code).toEqual({ name: 'ValidationError', value: 400 });
    expect(errorsOf(await tokenGet('a'.repeat(9000)), 414)).toHaveLength(1);
  });

  it('a token whose session was revoked (logout) answers TokenNotValid', async () => {
    const { session, headers } = await loginCall();
    expect((await logoutPost(headers)).json()).toEqual({ data: true });
    expectTokenNotValid(await tokenGet(session.token));
  });

  it('an expired token (24 h later by the clock) answers TokenNotValid', async () => {
    const { session } = await loginCall();
    t.clock.advance(JWT_TTL_SECONDS * 1000 + 1000);
    try {
      expectTokenNotValid(await tokenGet(session.token));
    } finally {
      t.clock.advance(-(JWT_TTL_SECONDS * 1000 + 1000));
    }
    expect((await tokenGet(session.token)).statusCode).toBe(200);
  });

  it('a closed customer answers CustomerAlreadyRegistered and a blocked member MemberBlocked', async () => {
    const closed = await login(t, { status: 'closed' });
    expect(errorsOf(await tokenGet(closed.token), 422)).toEqual([apiErrorOf('CustomerAlreadyRegistered')]);
    const blocked = await login(t);
    await t.db.update(credentials).set({ blocked: true }).where(eq(credentials.customerId, blocked.customer.id));
    expect(errorsOf(await tokenGet(blocked.token), 422)).toEqual([apiErrorOf('MemberBlocked')]);
  });
});

describe('MemberDetailsGet', () => {
  it('answers the details of the token customer: full name, initials, limits in euros, role and phone', async () => {
    const { customer, headers } = await loginCall({
      firstName: 'Lucía',
      lastName: 'García Fernández',
      status: 'securityChecked',
      creditLimitCents: 300_050,
      miniLimitCents: 40_000,
    });
    const response = await memberDetails(headers);
    expect(response.json()).toEqual({
      data: {
        memberDetails: {
          id: customer.id,
          status: 'securityChecked',
          fullName: 'Lucía García Fernández',
          twoLetterName: 'LG',
          firstName: 'Lucía',
          customerCreditLimit: 3000.5,
          miniCreditLimit: 400,
          role: 'user',
          phone: customer.phone,
          hasActiveLoan: false,
          firstLoanInterestFree: true,
        },
      },
    });
  });

  it('hasActiveLoan is true with an issued or an arranged loan, false with repaid or cancelled ones only', async () => {
    const { customer, headers } = await loginCall({ status: 'securityChecked' });
    const hasActiveLoan = async () =>
      ((await memberDetails(headers)).json() as { data: { memberDetails: { hasActiveLoan: boolean } } }).data
        .memberDetails.hasActiveLoan;
    await addLoan(customer.id, 'repaid');
    await addLoan(customer.id, 'cancelled');
    expect(await hasActiveLoan()).toBe(false);
    await addLoan(customer.id, 'arranged');
    expect(await hasActiveLoan()).toBe(true);
    await t.db.update(loans).set({ status: 'repaid' }).where(eq(loans.customerId, customer.id));
    expect(await hasActiveLoan()).toBe(false);
    await addLoan(customer.id, 'issued');
    expect(await hasActiveLoan()).toBe(true);
    const other = await loginCall();
    expect(
      ((await memberDetails(other.headers)).json() as { data: { memberDetails: object } }).data.memberDetails,
    ).toMatchObject({ hasActiveLoan: false });
  });

  it('firstLoanInterestFree: true until a loan is paid out (a cancelled or requested one does not count), then false', async () => {
    const { customer, headers } = await loginCall({ status: 'systemApproved' });
    const interestFree = async () =>
      ((await memberDetails(headers)).json() as { data: { memberDetails: { firstLoanInterestFree: boolean } } }).data
        .memberDetails.firstLoanInterestFree;
    expect(await interestFree()).toBe(true);
    await addLoan(customer.id, 'cancelled');
    await addLoan(customer.id, 'requested');
    expect(await interestFree()).toBe(true);
    // Withdrawn after its payout: cancelled now, but it was paid out.
    await t.db
      .update(loans)
      .set({ issuedAt: new Date('2026-01-15T10:00:00Z') })
      .where(eq(loans.status, 'cancelled'));
    expect(await interestFree()).toBe(false);
    const other = await loginCall({ status: 'securityChecked' });
    await addLoan(other.customer.id, 'repaid');
    expect(
      ((await memberDetails(other.headers)).json() as { data: { memberDetails: object } }).data.memberDetails,
    ).toMatchObject({ firstLoanInterestFree: false });
  });

  it('initials: first name and first surname, upper case, skipping surname particles', () => {
    expect(twoLetterNameOf('Lucía', 'García Fernández')).toBe('LG');
    expect(twoLetterNameOf('María José', 'de la Fuente Ruiz')).toBe('MF');
    expect(twoLetterNameOf('álvaro', 'ñúñez')).toBe('ÁÑ');
    expect(twoLetterNameOf('  Ana ', '')).toBe('A');
  });

  it.each(['closed', 'none'] as const)(
    'status %s: 401 with the spec message, and the session is ended',
    async (status) => {
      const { customer, session, headers } = await loginCall();
      await t.db.update(customers).set({ status }).where(eq(customers.id, customer.id));
      const [error] = errorsOf(await memberDetails(headers), 401);
      expect(error).toEqual({
        code: { name: 'Unauthorized', value: 401 },
        title: transportErrorCodes.Unauthorized.title,
        message: SESSION_MESSAGES.closedOrNoneStatus,
      });
      await t.db.update(customers).set({ status: 'registered' }).where(eq(customers.id, customer.id));
      expect(errorsOf(await memberDetails(headers), 401)[0]?.message).toBe(transportErrorCodes.Unauthorized.message);
      expectTokenNotValid(await tokenGet(session.token));
    },
  );

  it('401 without a session, with a garbage token or with another X-Member-ID', async () => {
    const { customer, headers } = await loginCall();
    const cases: Record<string, string>[] = [
      {},
      { authorization: 'Bearer a.b.c', 'x-member-id': String(customer.id) },
      { ...headers, 'x-member-id': String(customer.id + 1) },
    ];
    for (const bad of cases) {
      expect(errorsOf(await memberDetails(bad), 401)[0]?.code).toEqual({ name: 'Unauthorized', value: 401 });
    }
  });
});

describe('LogoutPost', () => {
  it('revokes the session: the same token then gets 401, and a second logout 401 too', async () => {
    const { session, headers } = await loginCall();
    expect((await memberDetails(headers)).statusCode).toBe(200);
    const response = await logoutPost(headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: true });
    expect(errorsOf(await memberDetails(headers), 401)[0]?.code.name).toBe('Unauthorized');
    expect(errorsOf(await logoutPost(headers), 401)[0]?.code.name).toBe('Unauthorized');
    const [payload] = [
      JSON.parse(Buffer.from(session.token.split('.')[1]!, 'base64url').toString()) as { jti: string },
    ];
    const [row] = await t.db.select().from(sessions).where(eq(sessions.jti, payload.jti));
    expect(row?.revokedAt?.getTime()).toBe(t.clock.now().getTime());
  });

  it('the revocation holds on every instance (it lives in the database), and other sessions keep working', async () => {
    const { customer, headers } = await loginCall();
    const other = await issueSession(
      { db: t.db, clock: t.clock, jwtKey: t.secrets.jwtKey },
      { id: customer.id, role: 'user' },
    );
    const secondInstance = await createTestApp({ database: t.handle, rateLimit: false, now: t.clock.now() });
    try {
      expect((await memberDetails(headers, secondInstance.app)).statusCode).toBe(200);
      await logoutPost(headers);
      expect((await memberDetails(headers, secondInstance.app)).statusCode).toBe(401);
      const otherHeaders = { authorization: `Bearer ${other.token}`, 'x-member-id': String(customer.id) };
      expect((await memberDetails(otherHeaders, secondInstance.app)).statusCode).toBe(200);
    } finally {
      await secondInstance.close();
    }
  });
});
