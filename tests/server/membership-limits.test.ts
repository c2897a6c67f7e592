import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transportErrorCodes } from '../../src/shared/api/error-codes.ts';
import { LOGIN_PHONE_RATE_LIMIT, loginIpRateLimit } from '../../src/server/modules/membership/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import {
  businessCodesOf,
  createMember,
  errorsOf,
  postLogin,
  sessionOf,
  uniqueMobilePhone,
} from './helpers/membership-login.ts';

/** LoginPost rate limits (per phone, per IP: 429 in the spec's shape) and what the login writes to the logs. */

let t: TestApp;
let logged: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  // The app's own rate limits (the default of createTestApp), and a second app on the same database that logs.
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
/** A client IP no other test used (each test gets its own rate-limit counters). */
const freshIp = () => `198.51.100.${++ipCounter}`;

function expectTooManyRequests(response: Parameters<typeof errorsOf>[0]) {
  const errors = errorsOf(response, 429);
  expect(errors).toEqual([
    {
      code: { name: 'TooManyRequests', value: 429 },
      title: transportErrorCodes.TooManyRequests.title,
      message: transportErrorCodes.TooManyRequests.message,
    },
  ]);
  expect(errors[0]?.title).toBe('Se han realizado demasiados intentos');
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('LoginPost rate limits', () => {
  it(`one phone gets ${LOGIN_PHONE_RATE_LIMIT.max} attempts a minute, from any IPs; then 429 (other phones unaffected)`, async () => {
    const phone = uniqueMobilePhone();
    for (let attempt = 1; attempt <= LOGIN_PHONE_RATE_LIMIT.max; attempt++) {
      const response = await postLogin(t.app, { phoneNumber: phone, password: '1234' }, { remoteAddress: freshIp() });
      expect(businessCodesOf(response)).toEqual(['CustomerNotFound']);
    }
    const ip = freshIp();
    expectTooManyRequests(await postLogin(t.app, { phoneNumber: phone, password: '1234' }, { remoteAddress: ip }));
    // The same phone typed differently is the same phone.
    expectTooManyRequests(
      await postLogin(t.app, { phoneNumber: `+34 ${phone}`, password: '1234' }, { remoteAddress: freshIp() }),
    );
    const other = await postLogin(t.app, { phoneNumber: uniqueMobilePhone(), password: '1234' }, { remoteAddress: ip });
    expect(businessCodesOf(other)).toEqual(['CustomerNotFound']);
  });

  it('the per-phone limit holds even with the right PIN, so a guesser cannot slip in after it', async () => {
    const customer = await createMember(t);
    for (let attempt = 1; attempt <= LOGIN_PHONE_RATE_LIMIT.max; attempt++) {
      await postLogin(t.app, { phoneNumber: customer.phone, password: '1234' }, { remoteAddress: freshIp() });
    }
    expectTooManyRequests(
      await postLogin(t.app, { phoneNumber: customer.phone, password: '1234' }, { remoteAddress: freshIp() }),
    );
  });

  it(`one IP gets ${loginIpRateLimit.max} attempts a minute over any phones; then 429 (other IPs unaffected)`, async () => {
    const ip = freshIp();
    for (let attempt = 1; attempt <= loginIpRateLimit.max; attempt++) {
      const response = await postLogin(
        t.app,
        { phoneNumber: uniqueMobilePhone(), password: '1234' },
        { remoteAddress: ip },
      );
      expect(businessCodesOf(response)).toEqual(['CustomerNotFound']);
    }
    expectTooManyRequests(
      await postLogin(t.app, { phoneNumber: uniqueMobilePhone(), password: '1234' }, { remoteAddress: ip }),
    );
    const customer = await createMember(t);
    sessionOf(await postLogin(t.app, { phoneNumber: customer.phone, password: '1234' }, { remoteAddress: freshIp() }));
  });
});

describe('LoginPost logs', () => {
  const entries = () => logLines.map((line) => JSON.parse(line) as Record<string, unknown>);

  it('records each login and refusal with the customer id, never the PIN nor the full phone', async () => {
    const pin = 'Secreto-8315';
    const customer = await createMember(logged, { pin });
    logLines.length = 0;
    sessionOf(await postLogin(logged.app, { phoneNumber: customer.phone, password: pin }));
    expect(
      businessCodesOf(await postLogin(logged.app, { phoneNumber: customer.phone, password: 'Otro-4417' })),
    ).toEqual(['WrongPasswordException', 'PinNotValidWithRemainingAttemptCount']);
    const unknown = uniqueMobilePhone();
    await postLogin(logged.app, { phoneNumber: unknown, password: pin });

    const logins = entries().filter((entry) => entry['event'] === 'login');
    expect(logins.map((entry) => entry['outcome'])).toEqual(['success', 'wrongPin', 'unknownPhone']);
    expect(logins[0]).toMatchObject({ customerId: customer.id, msg: 'login succeeded' });
    expect(logins[1]).toMatchObject({ customerId: customer.id, failures: 1, remaining: 4 });
    expect(logins[2]).toMatchObject({ phone: `******${unknown.slice(-3)}` });
    for (const line of logLines) {
      expect(line).not.toContain(pin);
      expect(line).not.toContain('Otro-4417');
      expect(line).not.toContain(customer.phone);
      expect(line).not.toContain(unknown);
    }
  });
});
