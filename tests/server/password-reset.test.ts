import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorOf } from '../../src/shared/api/errors.ts';
import { ONE_TIME_CODE, PIN_RESEND_WAIT_MS } from '../../src/shared/constants.ts';
import { credentials } from '../../src/server/db/schema/index.ts';
import { issueRepayToken } from '../../src/server/modules/links/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login } from './helpers/customers.ts';
import {
  businessCodesOf,
  createMember,
  errorsOf,
  postLogin,
  sessionOf,
  uniqueMobilePhone,
} from './helpers/membership-login.ts';
import { forgotPin, lastCodeSentTo, otherCodeThan, resetPassword, smsTo } from './helpers/registration.ts';

/**
 * Forgot PIN and reset: ForgotPinPost sends a 4-digit reset PIN; ValidateAndChangePasswordPost checks it, sets the
 * new password, lifts the block, ends the earlier sessions and starts a new one. Brute force stops at the block.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false });
});
afterAll(() => t.close());

const credentialsOf = async (customerId: number) =>
  (await t.db.select().from(credentials).where(eq(credentials.customerId, customerId)))[0];
const memberDetails = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/membership/memberDetails', headers });

/** Moves the clock past the 60-second resend wait (the clock only moves forward in this file). */
const pastResendWait = () => t.clock.advance(PIN_RESEND_WAIT_MS);

/** Sends a reset PIN to the customer and answers it, read from the sandbox outbox. */
async function requestPin(phone: string): Promise<string> {
  const response = await forgotPin(t.app, phone);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ data: true });
  return lastCodeSentTo(t, phone);
}

async function blockByLogin(phone: string) {
  for (let attempt = 0; attempt < 5; attempt++) await postLogin(t.app, { phoneNumber: phone, password: 'Mala-0000' });
}

describe('ForgotPinPost', () => {
  it('sends a 4-digit reset PIN by SMS: Spanish text, WebOTP last line, in the sandbox outbox', async () => {
    const customer = await createMember(t);
    const pin = await requestPin(customer.phone);
    expect(pin).toMatch(/^\d{4}$/);
    const [sms] = await smsTo(t, customer.phone);
    expect(sms).toMatchObject({ purpose: 'resetPin', provider: 'sandbox' });
    expect(sms!.text).toContain(`tu PIN para crear una nueva contraseña es ${pin}`);
    expect(sms!.text.split('\n').at(-1)).toBe(`@${t.config.webOtpHost} #${pin}`);
  });

  it('CustomerNotFound for a phone no customer has (the client shows it on the phone field)', async () => {
    expect(errorsOf(await forgotPin(t.app, uniqueMobilePhone()), 422)).toEqual([apiErrorOf('CustomerNotFound')]);
  });

  it('MemberNotFoundException for a staff member or a closed/none customer: no customer area to reset', async () => {
    for (const overrides of [{ role: 'cam' }, { status: 'closed' as const }, { status: 'none' as const }]) {
      const member = await createMember(t, overrides);
      expect(errorsOf(await forgotPin(t.app, member.phone), 422)).toEqual([apiErrorOf('MemberNotFoundException')]);
      expect(await smsTo(t, member.phone)).toEqual([]);
    }
  });

  it('InvalidPhone for a number that is not a Spanish mobile or another country code', async () => {
    expect(errorsOf(await forgotPin(t.app, '912345678'), 422)).toEqual([apiErrorOf('InvalidPhone')]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/membership/forgotPin',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ mobilePhone: uniqueMobilePhone(), countryCode: '+351', redirect: 'resetPassword' }),
    });
    expect(errorsOf(response, 422)).toEqual([apiErrorOf('InvalidPhone')]);
  });

  it('a new PIN is refused for 60 s (PinRequestTooSoon), then sent; only the newest works', async () => {
    const customer = await createMember(t);
    const first = await requestPin(customer.phone);
    t.clock.advance(30_000);
    const tooSoon = await forgotPin(t.app, customer.phone);
    expect(errorsOf(tooSoon, 422)).toEqual([
      { ...apiErrorOf('PinRequestTooSoon'), message: 'Espera 30 segundos antes de solicitar un nuevo PIN.' },
    ]);
    t.clock.advance(30_000);
    const second = await requestPin(customer.phone);
    if (second !== first) {
      expect(businessCodesOf(await resetPassword(t.app, { mobilePhone: customer.phone, pin: first }))).toEqual([
        'PinNotValidWithRemainingAttemptCount',
      ]);
    }
    sessionOf(await resetPassword(t.app, { mobilePhone: customer.phone, pin: second }));
  });
});

describe('ValidateAndChangePasswordPost: the right PIN', () => {
  it('sets the new password, ends every earlier session and starts a new one', async () => {
    const user = await login(t, { phone: uniqueMobilePhone(), passwordRequired: true });
    const pin = await requestPin(user.customer.phone);
    const session = sessionOf(
      await resetPassword(t.app, {
        mobilePhone: user.customer.phone,
        pin,
        password: 'Nueva-77',
        password2: 'Nueva-77',
      }),
    );
    expect(session.customerDetails).toMatchObject({ id: user.customer.id, passwordRequired: false });
    expect(
      (
        await memberDetails({
          authorization: `Bearer ${session.token}`,
          'x-member-id': String(user.customer.id),
        })
      ).statusCode,
    ).toBe(200);
    expect(errorsOf(await memberDetails(user.headers), 401)[0]?.code.name).toBe('Unauthorized');
    sessionOf(await postLogin(t.app, { phoneNumber: user.customer.phone, password: 'Nueva-77' }));
    expect(businessCodesOf(await postLogin(t.app, { phoneNumber: user.customer.phone, password: '1234' }))[0]).toBe(
      'WrongPasswordException',
    );
  });

  it('revokes the repay links sent before the reset: they answer TokenNotValid afterwards', async () => {
    const user = await login(t, { phone: uniqueMobilePhone() });
    const link = await issueRepayToken(t.db, { customerId: user.customer.id, now: t.clock.now() });
    const repayLogin = () =>
      t.app.inject({ method: 'POST', url: `/api/membership/loginWithRepayToken/${encodeURIComponent(link.token)}` });
    sessionOf(await repayLogin());
    const pin = await requestPin(user.customer.phone);
    sessionOf(await resetPassword(t.app, { mobilePhone: user.customer.phone, pin }));
    expect(businessCodesOf(await repayLogin())).toEqual(['TokenNotValid']);
  });

  it('unblocks a member blocked by 5 wrong login PINs and resets its failure counter', async () => {
    const customer = await createMember(t);
    await blockByLogin(customer.phone);
    expect(await credentialsOf(customer.id)).toMatchObject({ blocked: true, consecutiveFailures: 5 });
    const pin = await requestPin(customer.phone);
    sessionOf(await resetPassword(t.app, { mobilePhone: customer.phone, pin }));
    expect(await credentialsOf(customer.id)).toMatchObject({ blocked: false, consecutiveFailures: 0, blockedAt: null });
    sessionOf(await postLogin(t.app, { phoneNumber: customer.phone, password: 'Nueva-77' }));
  });

  it('gives a PIN to a customer who has none yet (no credentials): login works afterwards', async () => {
    const customer = await createMember(t);
    await t.db.delete(credentials).where(eq(credentials.customerId, customer.id));
    expect(businessCodesOf(await postLogin(t.app, { phoneNumber: customer.phone, password: '1234' }))).toEqual([
      'MemberNotAllowedToLoginWithPasswordException',
    ]);
    const pin = await requestPin(customer.phone);
    sessionOf(await resetPassword(t.app, { mobilePhone: customer.phone, pin }));
    sessionOf(await postLogin(t.app, { phoneNumber: customer.phone, password: 'Nueva-77' }));
  });
});

describe('ValidateAndChangePasswordPost: refusals', () => {
  it('a replayed PIN is refused (PinNotValid) and does not change the password again', async () => {
    const customer = await createMember(t);
    const pin = await requestPin(customer.phone);
    sessionOf(
      await resetPassword(t.app, { mobilePhone: customer.phone, pin, password: 'Primera1', password2: 'Primera1' }),
    );
    expect(
      errorsOf(
        await resetPassword(t.app, { mobilePhone: customer.phone, pin, password: 'Segunda2', password2: 'Segunda2' }),
        422,
      ),
    ).toEqual([apiErrorOf('PinNotValid')]);
    sessionOf(await postLogin(t.app, { phoneNumber: customer.phone, password: 'Primera1' }));
  });

  it('an expired PIN (10 minutes) answers PinExpired', async () => {
    const customer = await createMember(t);
    const pin = await requestPin(customer.phone);
    t.clock.advance(ONE_TIME_CODE.lifetimeMs);
    expect(errorsOf(await resetPassword(t.app, { mobilePhone: customer.phone, pin }), 422)).toEqual([
      apiErrorOf('PinExpired'),
    ]);
    sessionOf(await postLogin(t.app, { phoneNumber: customer.phone, password: '1234' }));
  });

  it('no PIN requested, or input that cannot be a 4-digit PIN: PinNotValid, no attempt spent', async () => {
    const customer = await createMember(t);
    expect(errorsOf(await resetPassword(t.app, { mobilePhone: customer.phone, pin: '1234' }), 422)).toEqual([
      apiErrorOf('PinNotValid'),
    ]);
    const pin = await requestPin(customer.phone);
    for (const typed of ['12a4', '123', '12345']) {
      expect(businessCodesOf(await resetPassword(t.app, { mobilePhone: customer.phone, pin: typed }))).toEqual([
        'PinNotValid',
      ]);
    }
    sessionOf(await resetPassword(t.app, { mobilePhone: customer.phone, pin }));
  });

  it('InvalidPassword and PasswordsDoNotMatch come before the PIN check and spend no attempt', async () => {
    const customer = await createMember(t);
    const pin = await requestPin(customer.phone);
    const wrongPin = otherCodeThan(pin);
    for (const password of ['123', 'x'.repeat(21)]) {
      expect(
        errorsOf(
          await resetPassword(t.app, { mobilePhone: customer.phone, pin: wrongPin, password, password2: password }),
          422,
        ),
      ).toEqual([apiErrorOf('InvalidPassword')]);
    }
    expect(
      errorsOf(
        await resetPassword(t.app, {
          mobilePhone: customer.phone,
          pin: wrongPin,
          password: 'Nueva-77',
          password2: 'Otra-77',
        }),
        422,
      ),
    ).toEqual([apiErrorOf('PasswordsDoNotMatch')]);
    expect(errorsOf(await resetPassword(t.app, { mobilePhone: customer.phone, pin: wrongPin }), 422)).toEqual([
      apiErrorOf('PinNotValidWithRemainingAttemptCount', { remaining: 4 }),
    ]);
  });

  it('CustomerNotFound, MemberNotFoundException and InvalidPhone as for ForgotPinPost', async () => {
    expect(businessCodesOf(await resetPassword(t.app, { mobilePhone: uniqueMobilePhone(), pin: '1234' }))).toEqual([
      'CustomerNotFound',
    ]);
    const staff = await createMember(t, { role: 'administrator' });
    expect(businessCodesOf(await resetPassword(t.app, { mobilePhone: staff.phone, pin: '1234' }))).toEqual([
      'MemberNotFoundException',
    ]);
    expect(businessCodesOf(await resetPassword(t.app, { mobilePhone: '812345678', pin: '1234' }))).toEqual([
      'InvalidPhone',
    ]);
  });
});

describe('ValidateAndChangePasswordPost: brute force against the reset PIN stops at the block', () => {
  it('4, 3, 2, last attempt; the 5th wrong PIN blocks the member (login too) and the right PIN is then refused', async () => {
    const user = await login(t, { phone: uniqueMobilePhone() });
    const phone = user.customer.phone;
    const pin = await requestPin(phone);
    const wrong = otherCodeThan(pin);
    for (const remaining of [4, 3, 2]) {
      expect(errorsOf(await resetPassword(t.app, { mobilePhone: phone, pin: wrong }), 422)).toEqual([
        apiErrorOf('PinNotValidWithRemainingAttemptCount', { remaining }),
      ]);
    }
    expect(errorsOf(await resetPassword(t.app, { mobilePhone: phone, pin: wrong }), 422)).toEqual([
      apiErrorOf('PinNotValidLastAttempt'),
    ]);
    expect(errorsOf(await resetPassword(t.app, { mobilePhone: phone, pin: wrong }), 422)).toEqual([
      apiErrorOf('MemberBlocked'),
    ]);
    expect(await credentialsOf(user.customer.id)).toMatchObject({ blocked: true });

    expect(errorsOf(await resetPassword(t.app, { mobilePhone: phone, pin }), 422)).toEqual([
      apiErrorOf('MemberBlocked'),
    ]);
    expect(businessCodesOf(await postLogin(t.app, { phoneNumber: phone, password: '1234' }))).toEqual([
      'MemberBlocked',
    ]);
    expect(errorsOf(await memberDetails(user.headers), 401)[0]?.code.name).toBe('Unauthorized');

    // A new reset PIN is the way out.
    pastResendWait();
    const fresh = await requestPin(phone);
    sessionOf(await resetPassword(t.app, { mobilePhone: phone, pin: fresh }));
    sessionOf(await postLogin(t.app, { phoneNumber: phone, password: 'Nueva-77' }));
  });
});
