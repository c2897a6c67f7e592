import { afterAll, describe, expect, it } from 'vitest';
import { errorResponseSchema, type AnyCall } from '../../src/shared/api/define.ts';
import { transportErrorCodes } from '../../src/shared/api/error-codes.ts';
import { STAFF_ROLES } from '../../src/shared/api/roles.ts';
import { VALIDATION_PREFIX } from '../../src/server/http/validation.ts';
import { createTestApp } from './helpers/app.ts';
import { badCasesOf, samplesOf } from './helpers/contract-cases.ts';
import { login } from './helpers/customers.ts';
import { probeRoutes } from './helpers/probe.ts';
import { staffSession } from './helpers/staff.ts';

/**
 * THE BAD-INPUT SUITE. For every call registered from the contract (the app's `registeredCalls`, so a new route
 * is covered the moment it exists), requests derived from the entry's schemas — malformed JSON, a wrong type for
 * each field, each required field missing, an unknown field, an oversized body, the wrong method, no session —
 * must answer 4xx in the spec's error shape with a Spanish message. Never a 500, never zod's English.
 *
 * The test-only probe calls (tests/server/helpers/probe.ts) are registered too: they keep path parameters, query
 * strings and nested bodies covered while the contract has few calls.
 */

const t = await createTestApp({ rateLimit: false, extraRoutes: [probeRoutes] });
const user = await login(t, { status: 'securityChecked' });
/** A staff call is sent by a staff member whose role is first in its list. */
const staffHeaders = new Map<string, Record<string, string>>();
for (const role of STAFF_ROLES) staffHeaders.set(role, (await staffSession(t, role)).headers);
const headersFor = (call: AnyCall) => (call.auth === 'staff' ? staffHeaders.get(call.roles[0]!)! : user.headers);
afterAll(() => t.close());

const spanishMessages = new Set(Object.values(transportErrorCodes).map((code) => code.message));
const ENGLISH =
  /\b(Invalid|invalid input|Expected|expected|Required|Unrecognized|received|must be|Too (big|small)|Body|Unexpected|JSON at position)\b/;

const calls = t.app.registeredCalls;

describe('bad input never gets a 500', () => {
  it('covers every registered call (the logs calls at least)', () => {
    const names = calls.map((registered) => registered.call.name);
    expect(names).toEqual(expect.arrayContaining(['ClientLogWritePost', 'ClientLogWritePut']));
  });

  for (const registered of calls) {
    const { call } = registered;
    describe(`${call.name} (${call.method} ${call.path})`, () => {
      it('has a valid sample derived from its schemas (so the cases below break one thing each)', () => {
        expect(samplesOf(call).valid).toBe(true);
      });

      for (const badCase of badCasesOf(registered, calls, headersFor(call))) {
        it(`${badCase.title} → ${badCase.status.join('/')}`, async () => {
          const response = await t.app.inject(badCase.request);
          expect(response.statusCode).toBeGreaterThanOrEqual(400);
          expect(response.statusCode).toBeLessThan(500);
          expect(badCase.status).toContain(response.statusCode);
          expect(response.headers['content-type']).toContain('application/json');
          const body = errorResponseSchema.parse(response.json());
          const [error] = body.errors;
          expect(
            error!.message.startsWith(VALIDATION_PREFIX) ||
              spanishMessages.has(error!.message) ||
              error!.message === badCase.message,
            error!.message,
          ).toBe(true);
          if (badCase.message) expect(error!.message).toBe(badCase.message);
          expect(error!.message).not.toMatch(ENGLISH);
          if (badCase.mentions) expect(error!.message).toContain(badCase.mentions);
          if (badCase.allow) expect(String(response.headers['allow'])).toContain(badCase.allow);
        });
      }
    });
  }
});
