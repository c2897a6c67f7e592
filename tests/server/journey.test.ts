import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, loans } from '../../src/server/db/schema/index.ts';
import { journeySchema } from '../../src/shared/api/loan-schemas.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login, type LoggedIn } from './helpers/customers.ts';
import { borrower, NOW, requestBody, requestLoan } from './helpers/loan-request.ts';
import { formDataBody, SAMPLE_FILES } from './helpers/multipart.ts';

/**
 * JourneyGet (`GET /api/loan/journey`, agreement 3 of the brief): the customer's documents (all types), whether a
 * validated card is on file, the latest loan in application; and the same journey inside RequestLoanPost's answer.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW });
});
afterAll(() => t.close());

const journeyOf = async (who: LoggedIn) => {
  const response = await t.app.inject({ url: '/api/loan/journey', headers: who.headers });
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json().data as {
    documents: Array<{ id: number; type: string }>;
    cardProvided: boolean;
    loanDetails: { loanId: number; loanAmount: number; status: string } | null;
  };
  // The wire form (euros): the contract's schema reads it.
  expect(journeySchema.safeParse(data).success).toBe(true);
  return data;
};

async function uploadIdentity(who: LoggedIn, subType: 'front' | 'back') {
  const { payload, contentType } = await formDataBody({
    type: 'identity',
    subType,
    name: `dni-${subType}.jpg`,
    channel: 'website',
    document: { bytes: SAMPLE_FILES.jpeg, filename: `dni-${subType}.jpg` },
  });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/customer/document',
    headers: { ...who.headers, 'content-type': contentType },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number };
}

describe('JourneyGet', () => {
  it('a customer with nothing yet: no documents, no card, no loan', async () => {
    const who = await login(t, { status: 'systemApproved' });
    expect(await journeyOf(who)).toEqual({ documents: [], cardProvided: false, loanDetails: null });
  });

  it('follows the application: the loan requested and accepted, the DNI sides, the card; not another customer’s', async () => {
    const who = await borrower(t, { card: null });
    const other = await borrower(t);
    await uploadIdentity(other, 'front');

    const requested = await requestLoan(t, who, requestBody(who, { cardId: null }));
    expect(requested.json().data.result).toBe('cardEntryRequired');
    const loanId = requested.json().data.journey.loanDetails.loanId as number;
    expect(await journeyOf(who)).toEqual({
      documents: [],
      cardProvided: false,
      loanDetails: { loanId, loanAmount: 2500, status: 'requested' },
    });

    await t.db.update(loans).set({ status: 'agreementAssigned' }).where(eq(loans.id, loanId));
    const front = await uploadIdentity(who, 'front');
    const back = await uploadIdentity(who, 'back');
    const journey = await journeyOf(who);
    expect(journey.documents.map((document) => [document.id, document.type])).toEqual([
      [front.id, 'identity'],
      [back.id, 'identity'],
    ]);
    expect(journey.loanDetails).toEqual({ loanId, loanAmount: 2500, status: 'agreementAssigned' });
    expect(journey.cardProvided).toBe(false);

    // A card that is not validated yet does not count; a validated one does.
    const [card] = await t.db
      .insert(cards)
      .values({
        customerId: who.customer.id,
        maskedCardNumber: '400000******3220',
        brand: 'visa',
        expiryMonth: 12,
        expiryYear: 2030,
        cardStatus: 'NotValidatedYet',
      })
      .returning({ id: cards.id });
    expect((await journeyOf(who)).cardProvided).toBe(false);
    await t.db.update(cards).set({ cardStatus: 'Valid' }).where(eq(cards.id, card!.id));
    expect((await journeyOf(who)).cardProvided).toBe(true);

    // Issued: no loan in application any more.
    await t.db.update(loans).set({ status: 'issued' }).where(eq(loans.id, loanId));
    expect((await journeyOf(who)).loanDetails).toBeNull();
    // The other customer sees only their own document.
    expect((await journeyOf(other)).documents).toHaveLength(1);
  });

  it('is the journey RequestLoanPost answers, documents included', async () => {
    const who = await borrower(t);
    await uploadIdentity(who, 'front');
    const response = await requestLoan(t, who, requestBody(who));
    const answered = response.json().data.journey as Awaited<ReturnType<typeof journeyOf>>;
    expect(answered.documents).toHaveLength(1);
    expect(answered).toEqual(await journeyOf(who));
    expect(answered.loanDetails?.status).toBe('requested');
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/loan/journey' })).statusCode).toBe(401);
  });
});
