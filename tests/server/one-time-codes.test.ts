import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_TIME_CODE, PIN_RESEND_WAIT_MS } from '../../src/shared/constants.ts';
import { deriveKey } from '../../src/server/auth/derived-keys.ts';
import {
  checkOneTimeCode,
  DAILY_CODES,
  generateCode,
  issueOneTimeCode,
  MAX_CODE_ATTEMPTS,
  withdrawOneTimeCode,
  type OneTimeCodeDeps,
} from '../../src/server/auth/one-time-codes.ts';
import { oneTimeCodes } from '../../src/server/db/schema/index.ts';
import { ApiError } from '../../src/server/http/errors.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createMember, uniqueMobilePhone } from './helpers/membership-login.ts';
import {
  forgotPin,
  openOtpHint,
  otherCodeThan,
  postRegister,
  registeredOf,
  registerNew,
  signupBody,
  smsTo,
} from './helpers/registration.ts';

/**
 * One-time SMS codes (architecture §7): CSPRNG, hashed, single use, 10 minutes, bound to phone and purpose, a new
 * code ends the previous one, the 60-second resend rule and the daily cap. Also the SMS text and the OTP hint.
 */

let t: TestApp;
let deps: OneTimeCodeDeps;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false });
  deps = { db: t.db, clock: t.clock, codeKey: deriveKey(t.secrets.jwtKey, 'one-time-codes') };
});
afterAll(() => t.close());

const check = (phone: string, purpose: 'registration' | 'resetPassword', code: string) =>
  t.db.transaction((tx) => checkOneTimeCode({ ...deps, db: tx }, phone, purpose, code));

const rowOf = async (id: number) => (await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.id, id)))[0]!;

/** Runs `action` with the clock moved forward, then puts it back. */
async function later<T>(ms: number, action: () => Promise<T>): Promise<T> {
  t.clock.advance(ms);
  try {
    return await action();
  } finally {
    t.clock.advance(-ms);
  }
}

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('codes are drawn from a CSPRNG in the spec formats', () => {
  it('registration codes are 4 upper-case letters/digits without look-alikes; reset PINs are 4 digits', () => {
    const registration = Array.from({ length: 400 }, () => generateCode('registration'));
    const reset = Array.from({ length: 400 }, () => generateCode('resetPassword'));
    for (const code of registration) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}$/);
    for (const code of reset) expect(code).toMatch(/^\d{4}$/);
    // Drawn at random: 400 draws from 2^20 (or 10^4) codes are (nearly) all different.
    expect(new Set(registration).size).toBeGreaterThan(390);
    expect(new Set(reset).size).toBeGreaterThan(350);
  });

  it('stores only an HMAC of the code, never the code', async () => {
    const phone = uniqueMobilePhone();
    const issued = await issueOneTimeCode(deps, phone, 'registration');
    const row = await rowOf(issued.id);
    expect(row).toMatchObject({ phone, purpose: 'registration', attempts: 0, usedAt: null });
    expect(row.codeHash).not.toContain(issued.code);
    expect(row.codeHash).toMatch(/^[\w-]{43}$/);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(ONE_TIME_CODE.lifetimeMs);
  });
});

describe('a code is single use, expires after 10 minutes and is bound to phone and purpose', () => {
  it('the right code is valid once; the same code again finds no live code (replay refused)', async () => {
    const phone = uniqueMobilePhone();
    const { code } = await issueOneTimeCode(deps, phone, 'registration');
    expect((await check(phone, 'registration', code.toLowerCase())).outcome).toBe('valid');
    expect((await check(phone, 'registration', code)).outcome).toBe('none');
  });

  it('is still valid just before 10 minutes and expired from then on', async () => {
    const phone = uniqueMobilePhone();
    const { code } = await issueOneTimeCode(deps, phone, 'resetPassword');
    expect((await later(ONE_TIME_CODE.lifetimeMs, () => check(phone, 'resetPassword', code))).outcome).toBe('expired');
    expect((await later(ONE_TIME_CODE.lifetimeMs - 1000, () => check(phone, 'resetPassword', code))).outcome).toBe(
      'valid',
    );
  });

  it('a code sent to one phone does not work for another phone nor for the other purpose', async () => {
    const phone = uniqueMobilePhone();
    const other = uniqueMobilePhone();
    const reset = await issueOneTimeCode(deps, phone, 'resetPassword');
    await issueOneTimeCode(deps, other, 'resetPassword');
    expect((await check(other, 'resetPassword', reset.code)).outcome).not.toBe('valid');
    expect((await check(phone, 'registration', reset.code)).outcome).toBe('none');
    expect((await check(phone, 'resetPassword', reset.code)).outcome).toBe('valid');
  });

  it('a new code ends the previous one of the same phone and purpose', async () => {
    const phone = uniqueMobilePhone();
    const first = await issueOneTimeCode(deps, phone, 'registration');
    const second = await later(PIN_RESEND_WAIT_MS, () => issueOneTimeCode(deps, phone, 'registration'));
    if (first.code !== second.code) {
      expect((await later(PIN_RESEND_WAIT_MS, () => check(phone, 'registration', first.code))).outcome).toBe('wrong');
    }
    // Ended when the second was issued (60 s later), long before its own 10 minutes.
    expect((await rowOf(first.id)).expiresAt.getTime()).toBe(t.clock.now().getTime() + PIN_RESEND_WAIT_MS);
    expect((await later(PIN_RESEND_WAIT_MS, () => check(phone, 'registration', second.code))).outcome).toBe('valid');
  });

  it(`wrong codes are counted on the code; after ${MAX_CODE_ATTEMPTS} even the right one is refused (exhausted)`, async () => {
    const phone = uniqueMobilePhone();
    const { code } = await issueOneTimeCode(deps, phone, 'resetPassword');
    for (let attempt = 1; attempt <= MAX_CODE_ATTEMPTS; attempt++) {
      expect(await check(phone, 'resetPassword', otherCodeThan(code))).toMatchObject({
        outcome: 'wrong',
        attempts: attempt,
      });
    }
    expect((await check(phone, 'resetPassword', code)).outcome).toBe('exhausted');
  });

  it('input that cannot be a code is refused without counting an attempt', async () => {
    const phone = uniqueMobilePhone();
    const issued = await issueOneTimeCode(deps, phone, 'resetPassword');
    for (const typed of ['12', 'ABCD', '12345', ' ']) {
      expect((await check(phone, 'resetPassword', typed)).outcome).toBe('malformed');
    }
    expect((await rowOf(issued.id)).attempts).toBe(0);
  });

  it('two checks of the right code at once: exactly one is valid', async () => {
    const phone = uniqueMobilePhone();
    const { code } = await issueOneTimeCode(deps, phone, 'registration');
    const outcomes = await Promise.all([1, 2, 3].map(() => check(phone, 'registration', code)));
    expect(outcomes.filter((result) => result.outcome === 'valid')).toHaveLength(1);
  });
});

describe('resend rules', () => {
  it(`a new code is refused for ${PIN_RESEND_WAIT_MS / 1000} s with PinRequestTooSoon naming the seconds left`, async () => {
    const phone = uniqueMobilePhone();
    await issueOneTimeCode(deps, phone, 'registration');
    const error = await later(15_000, () => refusal(issueOneTimeCode(deps, phone, 'registration')));
    expect(error.codeName).toBe('PinRequestTooSoon');
    expect(error.statusCode).toBe(422);
    expect(error.message).toBe('Espera 45 segundos antes de solicitar un nuevo PIN.');
    expect(error.headers['retry-after']).toBe('45');
    // The other purpose is not held back, and after 60 s a new code is issued.
    await issueOneTimeCode(deps, phone, 'resetPassword');
    await later(PIN_RESEND_WAIT_MS, () => issueOneTimeCode(deps, phone, 'registration'));
  });

  it('the first code of a registration may skip the wait; a withdrawn (undelivered) code does not hold it', async () => {
    const phone = uniqueMobilePhone();
    const first = await issueOneTimeCode(deps, phone, 'registration');
    await withdrawOneTimeCode(deps, first.id);
    await issueOneTimeCode(deps, phone, 'registration');
    await issueOneTimeCode(deps, phone, 'registration', { waitForResend: false });
  });

  it(`at most ${DAILY_CODES.resetPassword} reset PINs a day per phone: then 429 until the oldest is 24 h old`, async () => {
    const phone = uniqueMobilePhone();
    const start = t.clock.now();
    try {
      for (let sent = 0; sent < DAILY_CODES.resetPassword; sent++) {
        await issueOneTimeCode(deps, phone, 'resetPassword');
        t.clock.advance(PIN_RESEND_WAIT_MS);
      }
      const error = await refusal(issueOneTimeCode(deps, phone, 'resetPassword'));
      expect(error.statusCode).toBe(429);
      expect(error.codeName).toBe('TooManyRequests');
      const retryAfter = Number(error.headers['retry-after']);
      expect(retryAfter).toBe(24 * 3600 - (DAILY_CODES.resetPassword * PIN_RESEND_WAIT_MS) / 1000);
      t.clock.advance(retryAfter * 1000 + 1000);
      await issueOneTimeCode(deps, phone, 'resetPassword');
    } finally {
      t.clock.set(start);
    }
  });
});

describe('the SMS text', () => {
  it('is Spanish and ends with the WebOTP line @<host> #<code> (host of PUBLIC_URL)', async () => {
    const host = new URL(t.config.publicUrl).hostname;
    expect(t.config.webOtpHost).toBe(host);
    const { phone } = await registerNew(t);
    const [registration] = await smsTo(t, phone);
    const code = /tu código de verificación es ([A-Z0-9]{4})\. Caduca en 10 minutos\./.exec(registration!.text)?.[1];
    expect(code, registration!.text).toBeDefined();
    expect(registration!.text.split('\n').at(-1)).toBe(`@${host} #${code}`);
    const member = await createMember(t);
    expect((await forgotPin(t.app, member.phone)).statusCode).toBe(200);
    const [reset] = await smsTo(t, member.phone);
    const pin = /tu PIN para crear una nueva contraseña es (\d{4})/.exec(reset!.text)?.[1];
    expect(pin, reset!.text).toBeDefined();
    expect(reset!.text.split('\n').at(-1)).toBe(`@${host} #${pin}`);
  });
});

describe('the OTP hint', () => {
  const key = () => deriveKey(t.secrets.jwtKey, 'otp-hint');

  /** RegisterPost's hint for a new person with this phone. */
  const hintFor = async (mobilePhone: string) =>
    registeredOf(await postRegister(t.app, signupBody(t, { mobilePhone }))).hint;

  it('carries only the masked phone, encrypted: no digit of the phone in clear, and it opens with the server key', async () => {
    const phone = uniqueMobilePhone();
    const hint = await hintFor(phone);
    expect(hint).toMatch(/^[\w-]+$/);
    expect(hint).not.toContain(phone.slice(-3));
    expect(Buffer.from(hint, 'base64url').toString('latin1')).not.toContain('******');
    expect(openOtpHint(key(), hint)).toEqual({
      phone: `******${phone.slice(-3)}`,
      issuedAt: t.clock.now().toISOString(),
    });
    // A random IV per hint: another phone with the same masked form, at the same instant, gives another hint.
    let twin = uniqueMobilePhone();
    while (twin === phone) twin = uniqueMobilePhone();
    twin = `${twin.slice(0, 6)}${phone.slice(-3)}`;
    const twinHint = await hintFor(twin);
    expect(openOtpHint(key(), twinHint)).toEqual(openOtpHint(key(), hint));
    expect(twinHint).not.toBe(hint);
  });

  it('an altered hint, or one made with another key, does not open', async () => {
    const hint = await hintFor(uniqueMobilePhone());
    expect(openOtpHint(key(), hint)).not.toBeNull();
    const bytes = Buffer.from(hint, 'base64url');
    bytes[bytes.length - 20] = (bytes[bytes.length - 20] ?? 0) ^ 1;
    expect(openOtpHint(key(), bytes.toString('base64url'))).toBeNull();
    expect(openOtpHint(deriveKey(t.secrets.jwtKey, 'one-time-codes'), hint)).toBeNull();
    expect(openOtpHint(key(), 'no-es-una-pista')).toBeNull();
  });
});
