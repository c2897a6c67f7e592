import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transportErrorCodes } from '../../src/shared/api/error-codes.ts';
import { REGISTRATION_RATE_LIMITS as LIMITS } from '../../src/server/modules/registration/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login } from './helpers/customers.ts';
import { createMember, errorsOf, postLogin, sessionOf, uniqueMobilePhone } from './helpers/membership-login.ts';
import {
  changeMobile,
  forgotPin,
  lastCodeSentTo,
  otherCodeThan,
  pinValidate,
  postRegister,
  registeredOf,
  resendPin,
  resetPassword,
  saveAddress,
  signupBody,
} from './helpers/registration.ts';

/**
 * Rate limits of registration and the PIN/password calls (429 in the spec's shape, per phone or customer and per
 * IP), and what these flows write to the logs: ids, never codes, PINs or passwords.
 */

let t: TestApp;
let logged: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  // The app's own rate limits (createTestApp's default), and a second app on the same database that logs.
  t = await createTestApp();
  logged = await createTestApp({
    database: t.handle,
    rateLimit: false,
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  });
});
afterAll(async () => {
  await logged.close();
  await t.close();
});

let ipCounter = 0;
/** A client IP no other test used (each test gets its own per-IP counters). */
const freshIp = () => `198.51.100.${++ipCounter}`;

function expectTooManyRequests(response: LightMyRequestResponse) {
  expect(errorsOf(response, 429)).toEqual([
    {
      code: { name: 'TooManyRequests', value: 429 },
      title: transportErrorCodes.TooManyRequests.title,
      message: transportErrorCodes.TooManyRequests.message,
    },
  ]);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

/** A signup the rules refuse (InvalidName): it costs no hashing, but counts against the limits. */
const refusedSignup = (overrides = {}) => signupBody(t, { firstName: 'R2D2', ...overrides });

describe('rate limits (429)', () => {
  it(`LightRegisterPost: ${LIMITS.register.phone.max} an hour per phone from any IPs, ${LIMITS.register.ip.max} per IP`, async () => {
    const phone = uniqueMobilePhone();
    for (let attempt = 0; attempt < LIMITS.register.phone.max; attempt++) {
      const response = await postRegister(t.app, refusedSignup({ mobilePhone: phone }), { remoteAddress: freshIp() });
      expect(response.statusCode).toBe(422);
    }
    expectTooManyRequests(
      await postRegister(t.app, refusedSignup({ mobilePhone: `+34 ${phone}` }), { remoteAddress: freshIp() }),
    );

    const ip = freshIp();
    for (let attempt = 0; attempt < LIMITS.register.ip.max; attempt++) {
      expect((await postRegister(t.app, refusedSignup(), { remoteAddress: ip })).statusCode).toBe(422);
    }
    expectTooManyRequests(await postRegister(t.app, signupBody(t), { remoteAddress: ip }));
    registeredOf(await postRegister(t.app, signupBody(t), { remoteAddress: freshIp() }));
  });

  it(`ResendPinPost: ${LIMITS.resendPin.customer.max} an hour per customer`, async () => {
    const user = await login(t, { status: 'new', phone: uniqueMobilePhone() });
    for (let attempt = 0; attempt < LIMITS.resendPin.customer.max; attempt++) {
      expect([200, 422]).toContain((await resendPin(t.app, user.headers, { remoteAddress: freshIp() })).statusCode);
    }
    expectTooManyRequests(await resendPin(t.app, user.headers, { remoteAddress: freshIp() }));
  });

  it(`ChangeMobilePost: ${LIMITS.changeMobile.customer.max} an hour per customer`, async () => {
    const user = await login(t, { status: 'new', phone: uniqueMobilePhone() });
    for (let attempt = 0; attempt < LIMITS.changeMobile.customer.max; attempt++) {
      const response = await changeMobile(t.app, user.headers, '912345678', { remoteAddress: freshIp() });
      expect(response.statusCode).toBe(422);
    }
    expectTooManyRequests(await changeMobile(t.app, user.headers, uniqueMobilePhone(), { remoteAddress: freshIp() }));
  });

  it(`ForgotPinPost: ${LIMITS.forgotPin.phone.max} an hour per phone, ${LIMITS.forgotPin.ip.max} per IP`, async () => {
    const phone = uniqueMobilePhone();
    for (let attempt = 0; attempt < LIMITS.forgotPin.phone.max; attempt++) {
      expect((await forgotPin(t.app, phone, { remoteAddress: freshIp() })).statusCode).toBe(422);
    }
    expectTooManyRequests(await forgotPin(t.app, phone, { remoteAddress: freshIp() }));
    const ip = freshIp();
    for (let attempt = 0; attempt < LIMITS.forgotPin.ip.max; attempt++) {
      await forgotPin(t.app, uniqueMobilePhone(), { remoteAddress: ip });
    }
    expectTooManyRequests(await forgotPin(t.app, uniqueMobilePhone(), { remoteAddress: ip }));
  });

  it(`ValidateAndChangePasswordPost: ${LIMITS.resetPassword.phone.max} an hour per phone, even with the right PIN`, async () => {
    const customer = await createMember(t);
    expect((await forgotPin(t.app, customer.phone, { remoteAddress: freshIp() })).statusCode).toBe(200);
    const pin = await lastCodeSentTo(t, customer.phone);
    for (let attempt = 0; attempt < LIMITS.resetPassword.phone.max; attempt++) {
      await resetPassword(t.app, { mobilePhone: customer.phone, pin: 'x' }, { remoteAddress: freshIp() });
    }
    expectTooManyRequests(
      await resetPassword(t.app, { mobilePhone: customer.phone, pin }, { remoteAddress: freshIp() }),
    );
  });

  it(`PinValidatePost: ${LIMITS.pinValidate.ip.max} a minute per IP`, async () => {
    const user = await login(t, { status: 'new', phone: uniqueMobilePhone() });
    const ip = freshIp();
    for (let attempt = 0; attempt < LIMITS.pinValidate.ip.max; attempt++) {
      expect((await pinValidate(t.app, user.headers, '12', { remoteAddress: ip })).statusCode).toBe(422);
    }
    expectTooManyRequests(await pinValidate(t.app, user.headers, '12', { remoteAddress: ip }));
  });
});

describe('a whole journey, and its logs', () => {
  const entries = () => logLines.map((line) => JSON.parse(line) as Record<string, unknown>);

  it('register → code → address → registered → login; forgot → reset: logs name ids, never codes or passwords', async () => {
    const app = logged.app;
    const body = signupBody(logged, { password: 'Secreto-8315', password2: 'Secreto-8315', uId: 'afiliado-77' });
    logLines.length = 0;
    const registered = registeredOf(await postRegister(app, body));
    const id = registered.customerDetails.id;
    const headers = { authorization: `Bearer ${registered.token}`, 'x-member-id': String(id) };
    const code = await lastCodeSentTo(logged, body.mobilePhone);
    expect((await pinValidate(app, headers, otherCodeThan(code))).statusCode).toBe(422);
    expect((await pinValidate(app, headers, code)).statusCode).toBe(200);
    const address = {
      street: 'Gran Vía',
      streetNumber: '1',
      postcode: '28013',
      city: 'Madrid',
      province: 'Madrid',
    };
    const saved = await saveAddress(app, headers, address);
    expect((saved.json() as { data: { memberDetails: { status: string } } }).data.memberDetails.status).toBe(
      'registered',
    );
    expect(
      sessionOf(await postLogin(app, { phoneNumber: body.mobilePhone, password: 'Secreto-8315' })).customerDetails
        .status,
    ).toBe('registered');

    expect((await forgotPin(app, body.mobilePhone)).statusCode).toBe(200);
    const pin = await lastCodeSentTo(logged, body.mobilePhone);
    expect((await resetPassword(app, { mobilePhone: body.mobilePhone, pin: otherCodeThan(pin) })).statusCode).toBe(422);
    sessionOf(
      await resetPassword(app, { mobilePhone: body.mobilePhone, pin, password: 'Otra-9921', password2: 'Otra-9921' }),
    );

    const events = entries().filter((entry) => typeof entry['event'] === 'string');
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          event: 'registration',
          outcome: 'created',
          customerId: id,
          campaignUid: 'afiliado-77',
        }),
        expect.objectContaining({ event: 'oneTimeCode', action: 'sent', purpose: 'registration', customerId: id }),
        expect.objectContaining({ event: 'pinValidate', outcome: 'wrongCode', customerId: id, remaining: 4 }),
        expect.objectContaining({ event: 'statusChange', customerId: id, from: 'new', to: 'preRegistered' }),
        expect.objectContaining({ event: 'addressSaved', customerId: id }),
        expect.objectContaining({ event: 'oneTimeCode', action: 'sent', purpose: 'resetPassword', customerId: id }),
        expect.objectContaining({ event: 'passwordReset', outcome: 'wrongPin', customerId: id, remaining: 4 }),
        expect.objectContaining({ event: 'passwordReset', outcome: 'success', customerId: id }),
      ]),
    );
    for (const line of logLines) {
      expect(line).not.toContain('Secreto-8315');
      expect(line).not.toContain('Otra-9921');
      expect(line).not.toContain(body.nationalID);
    }
    // The codes appear only in the sandbox provider's own SMS lines (sandbox only), nowhere else.
    const withCode = logLines.filter((line) => line.includes(`#${code}`) || line.includes(`#${pin}`));
    expect(withCode.length).toBe(2);
    for (const line of withCode) expect(JSON.parse(line)).toMatchObject({ msg: 'SMS (sandbox outbox)' });
    const nonSms = logLines.filter((line) => !line.includes('SMS (sandbox outbox)'));
    for (const line of nonSms) {
      expect(line).not.toContain(body.mobilePhone);
      expect(line).not.toMatch(new RegExp(`\\b${code}\\b`));
      expect(line).not.toContain(`"${pin}"`);
    }
  });
});
