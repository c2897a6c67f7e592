import { createDecipheriv, randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { registerResultSchema, type RegisterResult, type SignupPayload } from '../../../src/shared/api/registration.ts';
import { birthDateBounds } from '../../../src/shared/validators/birth-date.ts';
import { withCheckLetter } from '../../../src/server/db/seed/demo-customers.ts';
import { listOutboxSms } from '../../../src/server/providers/sms-outbox.ts';
import type { TestApp } from './app.ts';
import { uniqueMobilePhone } from './membership-login.ts';

/**
 * Helpers of the registration and PIN/password tests: unique identities (tests may share one PostgreSQL
 * database), signup bodies as the client sends them, the calls, and the codes read from the sandbox outbox.
 */

/** A DNI no other test uses, with its correct check letter (8 random digits + the mod-23 letter). */
export const uniqueDni = (): string => withCheckLetter(String(randomInt(10_000_000, 100_000_000)));

/** A NIE (X/Y/Z + 7 digits) with its correct check letter. */
export const uniqueNie = (): string =>
  withCheckLetter(`${'XYZ'.charAt(randomInt(3))}${String(randomInt(0, 10_000_000)).padStart(7, '0')}`);

/** The same identity number with a wrong check letter. */
export const withWrongLetter = (id: string): string => `${id.slice(0, -1)}${id.endsWith('T') ? 'R' : 'T'}`;

export const uniqueEmail = (): string => `alta.${randomUUID().slice(0, 12)}@example.com`;

/** A birth date `years` years (and a few days) before the test clock's today, in Europe/Madrid. */
export function birthDateYearsAgo(t: Pick<TestApp, 'clock'>, years: number): string {
  const latest = birthDateBounds(t.clock.now()).latest; // exactly 18 years ago
  const [year, month, day] = latest.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year - (years - 18), month - 1, Math.min(day, 28)));
  date.setUTCDate(date.getUTCDate() - 3);
  return date.toISOString().slice(0, 10);
}

/** A valid signup of a new person (unique phone, DNI, e-mail), as the register form sends it. */
export function signupBody(t: Pick<TestApp, 'clock'>, overrides: Partial<SignupPayload> = {}): SignupPayload {
  return {
    firstName: 'María José',
    lastName: 'Núñez de la Peña',
    emailAddress: uniqueEmail(),
    nationalID: uniqueDni(),
    birthDate: birthDateYearsAgo(t, 30),
    mobilePhone: uniqueMobilePhone(),
    employmentStatus: 'fullTimeEmployed',
    companyName: 'Talleres Ibéricos',
    monthlyIncome: 1500,
    password: 'Clave-2024',
    password2: 'Clave-2024',
    acceptPolicy: true,
    acceptAgreement: true,
    ...overrides,
  };
}

const json = (
  method: 'POST' | 'PUT',
  url: string,
  body: unknown,
  extra: Partial<InjectOptions> = {},
): InjectOptions => ({
  method,
  url,
  headers: { 'content-type': 'application/json', 'user-agent': 'registration-test/1.0', ...extra.headers },
  payload: JSON.stringify(body),
  ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
});

export const postRegister = (app: FastifyInstance, body: unknown, extra?: Partial<InjectOptions>) =>
  app.inject(json('POST', '/api/customer/light/register', body, extra));

/** The 200 answer of LightRegisterPost, checked against the contract. */
export function registeredOf(response: LightMyRequestResponse): RegisterResult {
  expect(response.statusCode, response.body).toBe(200);
  return registerResultSchema.parse((response.json() as { data: unknown }).data);
}

/** Registers a new person and answers the result with the headers of its session. */
export async function registerNew(t: TestApp, overrides: Partial<SignupPayload> = {}) {
  const body = signupBody(t, overrides);
  const result = registeredOf(await postRegister(t.app, body));
  const headers = {
    authorization: `Bearer ${result.token}`,
    'x-member-id': String(result.customerDetails.id),
  };
  return { body, result, headers, phone: result.customerDetails.phone, id: result.customerDetails.id };
}

export const postWithSession = (
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
  extra: Partial<InjectOptions> = {},
) =>
  body === undefined
    ? app.inject({ method: 'POST', url, headers, ...extra })
    : app.inject(json('POST', url, body, { ...extra, headers: { ...headers, ...extra.headers } }));

export const pinValidate = (
  app: FastifyInstance,
  headers: Record<string, string>,
  pin: string,
  extra?: Partial<InjectOptions>,
) => postWithSession(app, '/api/customer/light/pinValidate', headers, { pin }, extra);

export const resendPin = (app: FastifyInstance, headers: Record<string, string>, extra?: Partial<InjectOptions>) =>
  postWithSession(app, '/api/customer/light/resendPin', headers, undefined, extra);

export const changeMobile = (
  app: FastifyInstance,
  headers: Record<string, string>,
  mobilePhone: string,
  extra?: Partial<InjectOptions>,
) => postWithSession(app, '/api/customer/light/changeMobile', headers, { mobilePhone, countryCode: '+34' }, extra);

export const saveAddress = (app: FastifyInstance, headers: Record<string, string>, body: unknown) =>
  app.inject({
    ...json('PUT', '/api/customer/light/saveAddress', body),
    headers: { ...headers, 'content-type': 'application/json' },
  });

export const forgotPin = (app: FastifyInstance, mobilePhone: string, extra?: Partial<InjectOptions>) =>
  app.inject(
    json('POST', '/api/membership/forgotPin', { mobilePhone, countryCode: '+34', redirect: 'resetPassword' }, extra),
  );

export const resetPassword = (
  app: FastifyInstance,
  body: { mobilePhone: string; pin: string; password?: string; password2?: string },
  extra?: Partial<InjectOptions>,
) =>
  app.inject(
    json(
      'POST',
      '/api/membership/validateAndChangePassword',
      { password: 'Nueva-77', password2: body.password ?? 'Nueva-77', countryCode: '+34', ...body },
      extra,
    ),
  );

/** The SMS sent to a phone, newest first (the sandbox outbox). */
export const smsTo = (t: Pick<TestApp, 'db'>, phone: string) => listOutboxSms(t.db, phone);

/** The code of the newest SMS to the phone, read from its WebOTP last line `@host #CODE`. */
export async function lastCodeSentTo(t: Pick<TestApp, 'db'>, phone: string): Promise<string> {
  const [sms] = await smsTo(t, phone);
  const code = sms && /#([A-Za-z0-9]{4})$/.exec(sms.text)?.[1];
  if (!code) throw new Error(`no code SMS sent to ${phone}`);
  return code;
}

/**
 * RegisterPost's `hint` opened in the test with the layout registration/hint.ts documents (base64url of version
 * byte 1 ‖ IV, 12 bytes ‖ AES-256-GCM ciphertext ‖ tag, 16 bytes), under `key`. Null when it does not open: altered,
 * or made with another key.
 */
export function openOtpHint(key: Uint8Array, hint: string): { phone: string; issuedAt: string } | null {
  const bytes = Buffer.from(hint, 'base64url');
  if (bytes.length <= 1 + 12 + 16 || bytes[0] !== 1) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(1, 13));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    const clear = Buffer.concat([decipher.update(bytes.subarray(13, bytes.length - 16)), decipher.final()]);
    return JSON.parse(clear.toString('utf8')) as { phone: string; issuedAt: string };
  } catch {
    return null;
  }
}

/** A code of the same kind that is surely not `code`. */
export function otherCodeThan(code: string): string {
  const digits = /^\d{4}$/.test(code);
  const candidate = digits ? String((Number(code) + 1) % 10_000).padStart(4, '0') : code === 'AAAA' ? 'BBBB' : 'AAAA';
  return candidate;
}
