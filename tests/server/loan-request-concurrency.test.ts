import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loans } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { borrower, errorName, NOW, requestBody, requestLoan } from './helpers/loan-request.ts';

/**
 * RequestLoanPost under concurrency: the Idempotency-Key makes a retried request one request (one run, the same
 * answer), and the customer's lock makes requests with different keys one loan (the rest see it: ActiveLoanExists,
 * or RequestInProgress while the one that holds a key still runs).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW });
});
afterAll(() => t.close());

const loansOf = (customerId: number) => t.db.select().from(loans).where(eq(loans.customerId, customerId));

describe('RequestLoanPost, 50 at once', () => {
  it('with ONE key: exactly one loan; every answer is the first answer byte for byte, or 409 RequestInProgress', async () => {
    const who = await borrower(t);
    const body = requestBody(who);
    const responses = await Promise.all(Array.from({ length: 50 }, () => requestLoan(t, who, body, 'one-key-for-all')));
    expect(await loansOf(who.customer.id)).toHaveLength(1);
    const ok = responses.filter((response) => response.statusCode === 200);
    const busy = responses.filter((response) => response.statusCode === 409);
    // Any other answer is named in the failure (once, under heavy load on PostgreSQL, one of the 50 was neither).
    const others = responses.filter((response) => response.statusCode !== 200 && response.statusCode !== 409);
    expect(
      ok.length + busy.length,
      others.map((response) => `${response.statusCode} ${response.body}`).join('\n'),
    ).toBe(50);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((response) => response.body)).size).toBe(1);
    expect(ok[0]!.json().data.result).toBe('success');
    for (const response of busy) expect(errorName(response)).toBe('RequestInProgress');

    // Afterwards the key answers the stored answer.
    const retry = await requestLoan(t, who, body, 'one-key-for-all');
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe(ok[0]!.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
  });

  it('with 50 DIFFERENT keys: exactly one loan; the others ActiveLoanExists or RequestInProgress', async () => {
    const who = await borrower(t);
    const body = requestBody(who);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) => requestLoan(t, who, body, `different-key-${index}`)),
    );
    expect(await loansOf(who.customer.id)).toHaveLength(1);
    const ok = responses.filter((response) => response.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const response of responses.filter((item) => item.statusCode !== 200))
      expect(['ActiveLoanExists', 'RequestInProgress']).toContain(errorName(response));
  });
});
