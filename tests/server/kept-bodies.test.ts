import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PaymentPlansPost } from '../../src/shared/api/loan.ts';
import { defineCall, errorResponseSchema } from '../../src/shared/api/define.ts';
import { KEPT_BODY_MAX_LENGTH } from '../../src/server/http/kept-bodies.ts';
import { registerCall } from '../../src/server/http/register-call.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

/**
 * Kept bodies (src/server/http/kept-bodies.ts) through a real app: a probe call that records the body its handler
 * gets and counts how often its schema runs, registered with and without `keepIdenticalBodies`.
 */
let validations = 0;
const seen: unknown[] = [];
const bodySchema = z.strictObject({
  amount: z.number().refine((amount) => {
    validations += 1;
    return amount <= 5000;
  }, 'Demasiado'),
  dates: z.array(z.iso.date()).max(3),
});

const probe = {
  method: 'POST',
  auth: 'public',
  roles: ['public'],
  body: bodySchema,
  response: z.object({ amount: z.number(), frozen: z.boolean() }),
} as const;
const KeptProbePost = defineCall({ ...probe, name: 'KeptProbePost', path: '/api/test/kept' });
const FreshProbePost = defineCall({ ...probe, name: 'FreshProbePost', path: '/api/test/fresh' });

async function probes(app: FastifyInstance): Promise<void> {
  const handler = ({ body }: { body: z.output<typeof bodySchema> }) => {
    seen.push(body);
    return { amount: body.amount, frozen: Object.isFrozen(body) && Object.isFrozen(body.dates) };
  };
  registerCall(app, KeptProbePost, handler, { keepIdenticalBodies: true });
  registerCall(app, FreshProbePost, handler);
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, extraRoutes: [probes] });
});
afterAll(() => t.close());

const post = (url: string, payload: string, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });

describe('kept bodies', () => {
  it('parse and validate a body text once: the same text again gets the same frozen value', async () => {
    const text = JSON.stringify({ amount: 2500, dates: ['2026-12-01'] });
    validations = 0;
    seen.length = 0;
    const answers = [await post('/api/test/kept', text), await post('/api/test/kept', text)];
    expect(answers.map((answer) => [answer.statusCode, answer.json()])).toEqual([
      [200, { data: { amount: 2500, frozen: true } }],
      [200, { data: { amount: 2500, frozen: true } }],
    ]);
    expect(validations).toBe(1);
    expect(seen[1]).toBe(seen[0]);

    // Another text (even the same data spaced otherwise) is parsed and validated on its own.
    const spaced = await post('/api/test/kept', `{ "amount": 2500, "dates": ["2026-12-01"] }`);
    expect(spaced.json()).toEqual({ data: { amount: 2500, frozen: true } });
    expect(validations).toBe(2);
    expect(seen[2]).not.toBe(seen[0]);
    expect(seen[2]).toEqual(seen[0]);
  });

  it('leave other calls as they were: a fresh, unfrozen body and a validation per request', async () => {
    const text = JSON.stringify({ amount: 3000, dates: [] });
    validations = 0;
    seen.length = 0;
    for (let i = 0; i < 2; i += 1)
      expect((await post('/api/test/fresh', text)).json()).toEqual({ data: { amount: 3000, frozen: false } });
    expect(validations).toBe(2);
    expect(seen[1]).not.toBe(seen[0]);
  });

  it('never keep what fails: bad JSON, a poisoned body and an invalid body answer 400 every time', async () => {
    const invalid = JSON.stringify({ amount: 9000, dates: [] });
    validations = 0;
    for (let i = 0; i < 2; i += 1) {
      const refused = await post('/api/test/kept', invalid);
      expect(refused.statusCode).toBe(400);
      expect(errorResponseSchema.parse(refused.json()).errors[0]?.message).toBe(
        'Los datos enviados no son válidos: amount (Demasiado).',
      );
    }
    expect(validations).toBe(2);

    for (const text of ['{"amount": 25', '', '{"__proto__": {"admin": true}, "amount": 1, "dates": []}']) {
      for (let i = 0; i < 2; i += 1) {
        const kept = await post('/api/test/kept', text);
        const fresh = await post('/api/test/fresh', text);
        expect(kept.statusCode, text).toBe(400);
        // The same answer as Fastify's own JSON parser gives on a call without kept bodies.
        expect(kept.json(), text).toEqual(fresh.json());
      }
    }

    // A NUL inside a string is refused the first time and the next.
    const unstorable = JSON.stringify({ amount: 1, dates: ['2026-12-01\u0000'] });
    for (let i = 0; i < 2; i += 1) expect((await post('/api/test/kept', unstorable)).statusCode).toBe(400);
  });

  it(`parse a text over ${KEPT_BODY_MAX_LENGTH} characters every time`, async () => {
    const text = JSON.stringify({ amount: 100, dates: [] }).replace('{', `{${' '.repeat(KEPT_BODY_MAX_LENGTH)}`);
    validations = 0;
    seen.length = 0;
    for (let i = 0; i < 2; i += 1)
      expect((await post('/api/test/kept', text)).json()).toEqual({ data: { amount: 100, frozen: false } });
    expect(validations).toBe(2);
    expect(seen[1]).not.toBe(seen[0]);
  });

  it('serve PaymentPlansPost: the same quote twice is the same answer, and a changed one is priced anew', async () => {
    expect(t.app.registeredCalls.find(({ call }) => call === PaymentPlansPost)?.options.keepIdenticalBodies).toBe(true);
    const item = { amount: 1500, issueDate: '2026-11-27', paymentDates: ['2026-12-27', '2027-01-27'] };
    const quote = (body: unknown) => post('/api/loan/paymentPlans', JSON.stringify(body));
    const [first, again, other] = [await quote([item]), await quote([item]), await quote([{ ...item, amount: 1600 }])];
    expect(first.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toBe(first.body);
  });
});
