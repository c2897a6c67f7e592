import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorOf } from '../../src/shared/api/errors.ts';
import { SESSION_MESSAGES } from '../../src/shared/messages.ts';
import { verifySessionToken } from '../../src/server/auth/tokens.ts';
import { credentials, sessions } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login } from './helpers/customers.ts';
import {
  businessCodesOf,
  createMember,
  errorsOf,
  postLogin,
  sessionHeaders,
  sessionOf,
  uniqueMobilePhone,
} from './helpers/membership-login.ts';

/** LoginPost: the session it starts, the PIN hardening (countdown, blocking, reset) and every refusal. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false });
});
afterAll(() => t.close());

const memberDetails = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/membership/memberDetails', headers });

const credentialsOf = async (customerId: number) => {
  const [row] = await t.db.select().from(credentials).where(eq(credentials.customerId, customerId));
  return row!;
};

describe('LoginPost: a correct PIN starts a session', () => {
  it('answers a token and the customer details built from the customer row; the token works with its X-Member-ID', async () => {
    const customer = await createMember(t, {
      firstName: 'Lucía',
      lastName: 'García Fernández',
      status: 'systemApproved',
      creditLimitCents: 300_000,
      passwordRequired: true,
    });
    const response = await postLogin(t.app, { phoneNumber: customer.phone, password: '1234' });
    const session = sessionOf(response);
    // Euros on the wire; the contract decodes them into Cents.
    expect(
      response.json<{ data: { customerDetails: { customerCreditLimit: number } } }>().data.customerDetails,
    ).toMatchObject({ customerCreditLimit: 3000 });
    expect(session.customerDetails).toEqual({
      id: customer.id,
      status: 'systemApproved',
      fullName: 'Lucía García Fernández',
      twoLetterName: 'LG',
      firstName: 'Lucía',
      customerCreditLimit: 300_000,
      miniCreditLimit: 0,
      role: 'user',
      phone: customer.phone,
      hasActiveLoan: false,
      firstLoanInterestFree: true,
      passwordRequired: true,
    });

    const details = await memberDetails(sessionHeaders(session));
    expect(details.statusCode).toBe(200);
    const { passwordRequired: _passwordRequired, ...expected } = session.customerDetails;
    // The same details, written on the wire in euros.
    expect(details.json()).toEqual({ data: { memberDetails: { ...expected, customerCreditLimit: 3000 } } });
  });

  it('records the session row with the user agent and IP, and a 24 h JWT naming the customer', async () => {
    const customer = await createMember(t);
    const session = sessionOf(
      await postLogin(t.app, { phoneNumber: customer.phone, password: '1234' }, { remoteAddress: '203.0.113.7' }),
    );
    const claims = await verifySessionToken(t.secrets.jwtKey, session.token, t.clock.now());
    expect(claims?.customerId).toBe(customer.id);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.jti, claims!.jti));
    expect(row).toMatchObject({ customerId: customer.id, userAgent: 'membership-test/1.0', ip: '203.0.113.7' });
    expect(row!.revokedAt).toBeNull();
    expect(row!.expiresAt.getTime() - t.clock.now().getTime()).toBeGreaterThan(23.9 * 3600_000);
  });

  it('the token with another X-Member-ID answers 401', async () => {
    const customer = await createMember(t);
    const session = sessionOf(await postLogin(t.app, { phoneNumber: customer.phone, password: '1234' }));
    const response = await memberDetails({
      ...sessionHeaders(session),
      'x-member-id': String(customer.id + 1),
    });
    expect(errorsOf(response, 401)[0]?.code).toEqual({ name: 'Unauthorized', value: 401 });
  });

  it('accepts the phone as typed with spaces or with the +34 prefix', async () => {
    const customer = await createMember(t);
    const spaced = `${customer.phone.slice(0, 3)} ${customer.phone.slice(3, 6)} ${customer.phone.slice(6)}`;
    for (const phoneNumber of [spaced, `+34${customer.phone}`]) {
      expect(sessionOf(await postLogin(t.app, { phoneNumber, password: '1234' })).customerDetails.id).toBe(customer.id);
    }
  });
});

describe('LoginPost: wrong PINs count down and the 5th blocks (PSD2 RTS art. 4(3)(b))', () => {
  it('each wrong PIN answers WrongPasswordException with the attempts left, then the password-field item', async () => {
    const customer = await createMember(t);
    for (const remaining of [4, 3, 2, 1]) {
      const errors = errorsOf(await postLogin(t.app, { phoneNumber: customer.phone, password: '9999' }), 422);
      expect(errors).toHaveLength(2);
      expect(errors[0]).toEqual(apiErrorOf('WrongPasswordException', { remaining }));
      expect(errors[0]?.message).toBe(`La contraseña no es correcta. Intentos restantes: ${remaining}.`);
      expect(errors[1]).toEqual(
        remaining === 1
          ? apiErrorOf('PinNotValidLastAttempt')
          : apiErrorOf('PinNotValidWithRemainingAttemptCount', { remaining }),
      );
    }
    expect((await credentialsOf(customer.id)).consecutiveFailures).toBe(4);
  });

  it('the 5th consecutive wrong PIN blocks the member, and the right PIN is refused with MemberBlocked from then on', async () => {
    const customer = await createMember(t);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(businessCodesOf(await postLogin(t.app, { phoneNumber: customer.phone, password: '0000' }))[0]).toBe(
        'WrongPasswordException',
      );
    }
    const fifth = errorsOf(await postLogin(t.app, { phoneNumber: customer.phone, password: '0000' }), 422);
    expect(fifth).toEqual([apiErrorOf('MemberBlocked')]);
    expect(await credentialsOf(customer.id)).toMatchObject({ blocked: true, consecutiveFailures: 5 });
    expect((await credentialsOf(customer.id)).blockedAt?.getTime()).toBe(t.clock.now().getTime());

    expect(businessCodesOf(await postLogin(t.app, { phoneNumber: customer.phone, password: '1234' }))).toEqual([
      'MemberBlocked',
    ]);
    // Not lifted by time: only a PIN reset unblocks.
    t.clock.advance(7 * 24 * 3600_000);
    try {
      expect(businessCodesOf(await postLogin(t.app, { phoneNumber: customer.phone, password: '1234' }))).toEqual([
        'MemberBlocked',
      ]);
    } finally {
      t.clock.advance(-7 * 24 * 3600_000);
    }
    expect((await credentialsOf(customer.id)).consecutiveFailures).toBe(5);
  });

  it('blocking ends the sessions the member already had', async () => {
    const user = await login(t, { phone: uniqueMobilePhone() });
    expect((await memberDetails(user.headers)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await postLogin(t.app, { phoneNumber: user.customer.phone, password: '4321' });
    }
    expect(errorsOf(await memberDetails(user.headers), 401)[0]?.code.name).toBe('Unauthorized');
  });

  it('a correct PIN resets the counter: the next wrong PIN has 4 attempts left again', async () => {
    const customer = await createMember(t);
    for (let attempt = 1; attempt <= 3; attempt++) {
      await postLogin(t.app, { phoneNumber: customer.phone, password: '1111' });
    }
    expect((await credentialsOf(customer.id)).consecutiveFailures).toBe(3);
    sessionOf(await postLogin(t.app, { phoneNumber: customer.phone, password: '1234' }));
    expect((await credentialsOf(customer.id)).consecutiveFailures).toBe(0);
    const errors = errorsOf(await postLogin(t.app, { phoneNumber: customer.phone, password: '1111' }), 422);
    expect(errors[0]).toEqual(apiErrorOf('WrongPasswordException', { remaining: 4 }));
  });

  it('concurrent wrong PINs are each counted: four countdown answers and one block', async () => {
    const customer = await createMember(t);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => postLogin(t.app, { phoneNumber: customer.phone, password: '5555' })),
    );
    const firsts = answers.map((answer) => errorsOf(answer, 422)[0]!);
    expect(firsts.filter((error) => error.code.name === 'MemberBlocked')).toHaveLength(1);
    const left = firsts.filter((error) => error.code.name === 'WrongPasswordException').map((error) => error.message);
    expect(left.sort()).toEqual(
      [1, 2, 3, 4].map((remaining) => apiErrorOf('WrongPasswordException', { remaining }).message).sort(),
    );
    expect(await credentialsOf(customer.id)).toMatchObject({ blocked: true, consecutiveFailures: 5 });
  });
});

describe('LoginPost: refusals', () => {
  it('an unknown phone answers CustomerNotFound (the client goes to registration with the phone)', async () => {
    const errors = errorsOf(await postLogin(t.app, { phoneNumber: uniqueMobilePhone(), password: '1234' }), 422);
    expect(errors).toEqual([apiErrorOf('CustomerNotFound')]);
  });

  it('a phone that is not a Spanish mobile, or another country code, answers InvalidPhone (never a 500)', async () => {
    const customer = await createMember(t);
    const cases = [
      { phoneNumber: '60000', countryCode: '+34' },
      { phoneNumber: '912345678', countryCode: '+34' },
      { phoneNumber: 'seis-cero-cero', countryCode: '+34' },
      { phoneNumber: '6000000011', countryCode: '+34' },
      { phoneNumber: customer.phone, countryCode: '+33' },
      { phoneNumber: customer.phone, countryCode: 'ES' },
    ];
    for (const body of cases) {
      expect(errorsOf(await postLogin(t.app, { ...body, password: '1234' }), 422), JSON.stringify(body)).toEqual([
        apiErrorOf('InvalidPhone'),
      ]);
    }
  });

  it.each(['closed', 'none'] as const)(
    'status %s cannot log in, even with the right PIN: CustomerAlreadyRegistered with the spec message',
    async (status) => {
      const customer = await createMember(t, { status });
      for (const password of ['1234', '9876']) {
        const errors = errorsOf(await postLogin(t.app, { phoneNumber: customer.phone, password }), 422);
        expect(errors).toEqual([apiErrorOf('CustomerAlreadyRegistered')]);
        expect(errors[0]?.message).toBe(SESSION_MESSAGES.closedOrNoneStatus);
      }
      expect((await credentialsOf(customer.id)).consecutiveFailures).toBe(0);
    },
  );

  it('a staff member (role other than user) is not a customer member: MemberNotFoundException', async () => {
    const staff = await createMember(t, { role: 'cam' });
    expect(businessCodesOf(await postLogin(t.app, { phoneNumber: staff.phone, password: '1234' }))).toEqual([
      'MemberNotFoundException',
    ]);
  });

  it('a customer without a PIN answers MemberNotAllowedToLoginWithPasswordException (set one with forgot-PIN)', async () => {
    const customer = await createMember(t);
    await t.db.delete(credentials).where(eq(credentials.customerId, customer.id));
    expect(businessCodesOf(await postLogin(t.app, { phoneNumber: customer.phone, password: '1234' }))).toEqual([
      'MemberNotAllowedToLoginWithPasswordException',
    ]);
  });

  it('bad bodies answer 400 in the error shape with a Spanish message naming the field', async () => {
    const cases: Array<[string, unknown]> = [
      ['password', { phoneNumber: '600000001', rememberMe: false, countryCode: '+34' }],
      ['rememberMe', { phoneNumber: '600000001', password: '1234', rememberMe: 'sí', countryCode: '+34' }],
      ['phoneNumber', { phoneNumber: 600000001, password: '1234', rememberMe: false, countryCode: '+34' }],
      ['isAdmin', { phoneNumber: '600000001', password: '1234', rememberMe: false, countryCode: '+34', isAdmin: true }],
    ];
    for (const [field, body] of cases) {
      const response = await t.app.inject({ method: 'POST', url: '/api/membership/login', payload: body as object });
      const [error] = errorsOf(response, 400);
      expect(error?.code).toEqual({ name: 'ValidationError', value: 400 });
      expect(error?.message).toContain(field);
    }
  });
});
