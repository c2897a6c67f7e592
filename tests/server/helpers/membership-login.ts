import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { errorResponseSchema, type ApiError } from '../../../src/shared/api/define.ts';
import { sessionSchema, type Session } from '../../../src/shared/api/customer-schemas.ts';
import { isMobilePhone } from '../../../src/shared/validators/phone.ts';
import type { TestApp } from './app.ts';
import { createCustomer, uniquePhone } from './customers.ts';

/** Helpers of the membership tests: a login request as the client sends it, and its answers. */

/**
 * A unique Spanish mobile number: `uniquePhone()` draws 7 + 8 digits, and only some 7x ranges are mobiles (71-74,
 * 78), so draw until libphonenumber-js calls it one.
 */
export function uniqueMobilePhone(): string {
  for (;;) {
    const phone = uniquePhone();
    if (isMobilePhone(phone)) return phone;
  }
}

/** A test customer (tests/server/helpers/customers.ts) whose phone is a Spanish mobile, so it can log in. */
export const createMember = (t: Pick<TestApp, 'db'>, overrides: Parameters<typeof createCustomer>[1] = {}) =>
  createCustomer(t, { phone: uniqueMobilePhone(), ...overrides });

export interface LoginBody {
  phoneNumber: string;
  password: string;
  rememberMe?: boolean;
  countryCode?: string;
}

export function loginRequest(body: LoginBody, extra: Partial<InjectOptions> = {}): InjectOptions {
  return {
    method: 'POST',
    url: '/api/membership/login',
    headers: { 'content-type': 'application/json', 'user-agent': 'membership-test/1.0' },
    payload: JSON.stringify({ rememberMe: false, countryCode: '+34', ...body }),
    ...extra,
  };
}

export const postLogin = (app: FastifyInstance, body: LoginBody, extra?: Partial<InjectOptions>) =>
  app.inject(loginRequest(body, extra));

/** The 200 answer's session, checked against the contract. */
export function sessionOf(response: LightMyRequestResponse): Session {
  expect(response.statusCode, response.body).toBe(200);
  return sessionSchema.parse((response.json() as { data: unknown }).data);
}

/** The error items of an answer in the spec's shape, after checking its HTTP status. */
export function errorsOf(response: LightMyRequestResponse, status: number): ApiError[] {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toContain('application/json');
  return errorResponseSchema.parse(response.json()).errors;
}

/** The names of the error items of a 422 business answer. */
export const businessCodesOf = (response: LightMyRequestResponse) =>
  errorsOf(response, 422).map((error) => error.code.name);

/** Authorization and X-Member-ID as the client sends them after login. */
export const sessionHeaders = (session: Pick<Session, 'token'> & { customerDetails: { id: number } }) => ({
  authorization: `Bearer ${session.token}`,
  'x-member-id': String(session.customerDetails.id),
});
