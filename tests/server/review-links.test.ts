import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewLinks } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login, type LoggedIn } from './helpers/customers.ts';
import { errorsOf } from './helpers/membership-login.ts';
import { createRunningLoan } from './helpers/running-loans.ts';

/**
 * The review link (second document §3, §7.1): CustomerReviewLinkPost `{ reviewUniqueRef: 'loan-<id>', customerId }`
 * for one of the caller's repaid loans answers a link, stored in review_links; the same reference answers the same
 * link; the link opens the sandbox review page.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: '2026-11-25T10:00:00Z' });
});
afterAll(() => t.close());

const ask = (who: LoggedIn, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/communication/customerReviewLink',
    headers: who.headers,
    payload: body as object,
  });
const linkOf = async (who: LoggedIn, loanId: number) => {
  const response = await ask(who, { reviewUniqueRef: `loan-${loanId}`, customerId: who.customer.id });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: string }).data;
};
const repaidLoan = async (who: LoggedIn) =>
  (await createRunningLoan(t, who.customer.id, { nextDue: '2026-12-01', status: 'repaid' })).loanId;
const storedFor = (customerId: number) => t.db.select().from(reviewLinks).where(eq(reviewLinks.customerId, customerId));

describe('CustomerReviewLinkPost', () => {
  it('answers a link to the sandbox review page for a repaid loan, and the same link for the same reference', async () => {
    const me = await login(t, { status: 'securityChecked' });
    const loanId = await repaidLoan(me);
    const link = await linkOf(me, loanId);
    expect(link).toMatch(new RegExp(`^${t.config.publicUrl}/sandbox/review/[\\w-]{24}$`));
    expect(await linkOf(me, loanId)).toBe(link);
    const rows = await storedFor(me.customer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reviewUniqueRef: `loan-${loanId}`, link });
  });

  it('gives another repaid loan its own link; two requests at once store one link and answer it to both', async () => {
    const me = await login(t, { status: 'securityChecked' });
    const first = await repaidLoan(me);
    const second = await repaidLoan(me);
    const [a, b] = await Promise.all([linkOf(me, second), linkOf(me, second)]);
    expect(a).toBe(b);
    expect(await linkOf(me, first)).not.toBe(a);
    expect(await storedFor(me.customer.id)).toHaveLength(2);
  });

  it("refuses another customer's id with 403 and writes nothing", async () => {
    const me = await login(t, { status: 'securityChecked' });
    const other = await login(t, { status: 'securityChecked' });
    const loanId = await repaidLoan(me);
    const response = await ask(me, { reviewUniqueRef: `loan-${loanId}`, customerId: other.customer.id });
    expect(errorsOf(response, 403)[0]?.code.name).toBe('Forbidden');
    expect(await storedFor(me.customer.id)).toHaveLength(0);
    expect(await storedFor(other.customer.id)).toHaveLength(0);
  });

  it("answers 404 LoanNotFound for another customer's loan, a missing one, a running one or another reference", async () => {
    const me = await login(t, { status: 'securityChecked' });
    const other = await login(t, { status: 'securityChecked' });
    const othersLoan = await repaidLoan(other);
    const running = (await createRunningLoan(t, me.customer.id, { nextDue: '2026-12-01' })).loanId;
    for (const reviewUniqueRef of [
      `loan-${othersLoan}`,
      `loan-${othersLoan + 10_000}`,
      `loan-${running}`,
      'loan-0',
      'loan-01',
      'loan-99999999999',
      `loan-${othersLoan} `,
      'review-1',
      'cualquier cosa',
    ]) {
      const response = await ask(me, { reviewUniqueRef, customerId: me.customer.id });
      expect(errorsOf(response, 404)[0]?.code.name, reviewUniqueRef).toBe('LoanNotFound');
      expect(response.body).not.toContain('sandbox/review');
    }
    expect(await storedFor(me.customer.id)).toHaveLength(0);
    // The other customer's own call still works: nothing of theirs was touched.
    expect(await linkOf(other, othersLoan)).toContain('/sandbox/review/');
  });

  it('answers 400 in the error shape for bad bodies and 401 without a session', async () => {
    const me = await login(t, { status: 'securityChecked' });
    for (const body of [
      {},
      { reviewUniqueRef: '', customerId: me.customer.id },
      { reviewUniqueRef: 'loan-1' },
      { reviewUniqueRef: 'loan-1', customerId: 'yo' },
      { reviewUniqueRef: 'loan-1', customerId: me.customer.id, extra: true },
      { reviewUniqueRef: 'x'.repeat(201), customerId: me.customer.id },
    ]) {
      const response = await ask(me, body);
      expect(errorsOf(response, 400)[0]?.code.name, JSON.stringify(body)).toBe('ValidationError');
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/communication/customerReviewLink',
      payload: { reviewUniqueRef: 'loan-1', customerId: me.customer.id },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the sandbox review page', () => {
  it('opens for a given link, offers five ratings and thanks for one; unknown or malformed tokens are 404', async () => {
    const me = await login(t, { status: 'securityChecked' });
    const link = await linkOf(me, await repaidLoan(me));
    const path = new URL(link).pathname;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('¿Qué tal tu experiencia?');
    expect(page.body.match(/\?rating=\d/g)).toHaveLength(5);
    expect(page.body).not.toContain('<script');
    const thanks = await t.app.inject({ method: 'GET', url: `${path}?rating=4` });
    expect(thanks.statusCode).toBe(200);
    expect(thanks.body).toContain('¡Gracias por tu opinión!');
    expect(thanks.body).toContain('4 de 5');

    const unknown = await t.app.inject({ method: 'GET', url: '/sandbox/review/AAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(unknown.statusCode).toBe(404);
    for (const url of ['/sandbox/review/short', `${path}?rating=6`, `${path}?rating=x`, `${path}?other=1`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(400);
    }
  });
});
