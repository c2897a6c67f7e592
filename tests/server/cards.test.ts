import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cards, cardStatusHistory } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { cardCustomer, cardForm, enterCard, postCard, SANDBOX_TEST_CARDS } from './helpers/cards.ts';
import type { LoggedIn } from './helpers/customers.ts';
import { errorName } from './helpers/loan-request.ts';

/** CardCreateAndValidatePost, CustomerMiniGet, CardSetActivePutByCardId, CardProviderTokenCheckGetByCardId. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-24T10:00:00Z', rateLimit: false });
});
afterAll(() => t.close());

const mini = async (who: LoggedIn) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/card/customer/mini', headers: who.headers });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: Array<Record<string, unknown>> }).data;
};
const cardRows = (customerId: number) => t.db.select().from(cards).where(eq(cards.customerId, customerId));
const history = (cardId: number) =>
  t.db
    .select({ from: cardStatusHistory.fromStatus, to: cardStatusHistory.toStatus })
    .from(cardStatusHistory)
    .where(eq(cardStatusHistory.cardId, cardId))
    .orderBy(cardStatusHistory.id);
const firstError = (response: { json(): unknown }) =>
  (response.json() as { errors: Array<{ code: { name: string }; message: string }> }).errors[0]!;

describe('CardCreateAndValidatePost', () => {
  it('4111111111111111: success without 3-D Secure; Valid, principal, stored masked with a token and history', async () => {
    const who = await cardCustomer(t);
    const result = await enterCard(t, who, SANDBOX_TEST_CARDS.frictionless);
    expect(result).toMatchObject({
      result: 'success',
      editPaymentInfoSubReason: null,
      card3dsFlowResponse: null,
      message: '',
    });
    expect(result.cardId).toEqual(expect.any(Number));
    const [row] = await cardRows(who.customer.id);
    expect(row).toMatchObject({
      id: result.cardId,
      maskedCardNumber: '411111******1111',
      brand: 'visa',
      expiryMonth: 12,
      expiryYear: 2030,
      cardStatus: 'Valid',
      isActive: true,
    });
    expect(row!.providerToken).toMatch(/^sbx_tok_/);
    expect(await history(result.cardId!)).toEqual([
      { from: null, to: 'NotValidatedYet' },
      { from: 'NotValidatedYet', to: 'Valid' },
    ]);
    expect(await mini(who)).toEqual([
      {
        id: result.cardId,
        cardStatus: 'Valid',
        maskedCardNumber: '411111******1111',
        cardSubStatus: null,
        isActive: true,
        brand: 'visa',
      },
    ]);
    const check = await t.app.inject({
      method: 'GET',
      url: `/api/card/checkCardProviderToken/${result.cardId}`,
      headers: who.headers,
    });
    expect(check.json()).toEqual({ data: { cardId: result.cardId, hasValidToken: true } });
  });

  it('a second valid card is not principal until CardSetActivePutByCardId makes it the only principal one', async () => {
    const who = await cardCustomer(t);
    const first = await enterCard(t, who, SANDBOX_TEST_CARDS.frictionless);
    const second = await enterCard(t, who, '5555 5555 5555 4444');
    expect(second.result).toBe('success');
    let list = await mini(who);
    expect(list.map((card) => [card['id'], card['isActive'], card['brand'], card['maskedCardNumber']])).toEqual([
      [first.cardId, true, 'visa', '411111******1111'],
      [second.cardId, false, 'other', '555555******4444'],
    ]);
    const put = await t.app.inject({ method: 'PUT', url: `/api/card/active/${second.cardId}`, headers: who.headers });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ data: true });
    list = await mini(who);
    expect(list.map((card) => [card['id'], card['isActive']])).toEqual([
      [first.cardId, false],
      [second.cardId, true],
    ]);
  });

  it('4000000000000002: declined → 200 cardEntryRequired, validationFailed, the gateway reason; nothing stored', async () => {
    const who = await cardCustomer(t);
    const result = await enterCard(t, who, SANDBOX_TEST_CARDS.declined);
    expect(result).toEqual({
      result: 'cardEntryRequired',
      editPaymentInfoSubReason: 'validationFailed',
      card3dsFlowResponse: null,
      cardId: null,
      message: 'El banco emisor ha denegado la tarjeta.',
      payload: null,
    });
    expect(await cardRows(who.customer.id)).toEqual([]);
  });

  it('refuses a number failing Luhn or not 16 digits with 422 InvalidCardNumber in Spanish', async () => {
    const who = await cardCustomer(t);
    for (const number of ['4111111111111112', '411111111111111', '41111111111111111', '4111-1111-1111-111x']) {
      const response = await postCard(t, who, cardForm(number));
      expect(response.statusCode, number).toBe(422);
      expect(firstError(response)).toMatchObject({
        code: { name: 'InvalidCardNumber' },
        message: 'El número de tarjeta no es válido.',
      });
    }
    expect(await cardRows(who.customer.id)).toEqual([]);
  });

  it('refuses an expired date with 422 CardExpired; this month is still valid (Europe/Madrid)', async () => {
    const who = await cardCustomer(t);
    for (const [month, year] of [
      ['10', '2026'],
      ['12', '2025'],
    ]) {
      const response = await postCard(
        t,
        who,
        cardForm(SANDBOX_TEST_CARDS.frictionless, { expiryMonth: month, expiryYear: year }),
      );
      expect(response.statusCode).toBe(422);
      expect(firstError(response)).toMatchObject({ code: { name: 'CardExpired' }, message: 'La tarjeta ha caducado.' });
    }
    const thisMonth = await enterCard(t, who, SANDBOX_TEST_CARDS.frictionless, {
      expiryMonth: '11',
      expiryYear: '2026',
    });
    expect(thisMonth.result).toBe('success');
  });

  it('refuses a bad month, a year beyond +21 and a CVV that is not 3 digits with 400 in Spanish', async () => {
    const who = await cardCustomer(t);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ expiryMonth: '13' }, 'El mes de caducidad debe estar entre 01 y 12.'],
      [{ expiryMonth: '00' }, 'El mes de caducidad debe estar entre 01 y 12.'],
      [{ expiryYear: '2048' }, 'El año de caducidad no es válido.'],
      [{ expiryYear: '30' }, 'El año de caducidad no es válido.'],
      [{ cv2: '12' }, 'El CVV debe tener 3 dígitos.'],
      [{ cv2: '1234' }, 'El CVV debe tener 3 dígitos.'],
    ];
    for (const [overrides, message] of cases) {
      const response = await postCard(t, who, cardForm(SANDBOX_TEST_CARDS.frictionless, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(firstError(response).message).toBe(message);
    }
    const lastYear = await enterCard(t, who, SANDBOX_TEST_CARDS.frictionless, { expiryYear: '2047', expiryMonth: '1' });
    expect(lastYear.result).toBe('success');
  });

  it('refuses without the terms (TermsNotAccepted) and for customers who may not add cards', async () => {
    const who = await cardCustomer(t);
    const terms = await postCard(t, who, cardForm(SANDBOX_TEST_CARDS.frictionless, { agreementsAccept: false }));
    expect(terms.statusCode).toBe(422);
    expect(firstError(terms)).toMatchObject({
      code: { name: 'TermsNotAccepted' },
      message: 'Debe aceptar los términos y condiciones.',
    });
    for (const status of ['registered', 'declined', 'closed'] as const) {
      const other = await cardCustomer(t, status);
      const response = await postCard(t, other, cardForm(SANDBOX_TEST_CARDS.frictionless));
      expect(errorName(response), status).toBe('NotAllowedCustomerStatus');
    }
    expect(await cardRows(who.customer.id)).toEqual([]);
  });

  it('the same valid card again → 422 CardAlreadyRegistered (another expiry is another card)', async () => {
    const who = await cardCustomer(t);
    await enterCard(t, who, SANDBOX_TEST_CARDS.frictionless);
    const again = await postCard(t, who, cardForm(SANDBOX_TEST_CARDS.frictionless));
    expect(again.statusCode).toBe(422);
    expect(firstError(again)).toMatchObject({
      code: { name: 'CardAlreadyRegistered' },
      message: 'Esta tarjeta ya está registrada.',
    });
    expect(await cardRows(who.customer.id)).toHaveLength(1);
    // Another customer may register the same card.
    const other = await cardCustomer(t);
    expect((await enterCard(t, other, SANDBOX_TEST_CARDS.frictionless)).result).toBe('success');
  });

  it('a retry with the same Idempotency-Key answers the same and stores one card', async () => {
    const who = await cardCustomer(t);
    const key = randomUUID();
    for (const [index, number] of [SANDBOX_TEST_CARDS.frictionless, SANDBOX_TEST_CARDS.challenge].entries()) {
      const body = cardForm(number);
      // The key names the attempt, never the card (the no-PAN test reads every table of the shared database).
      const first = await postCard(t, who, body, `${key}-${index}`);
      const second = await postCard(t, who, body, `${key}-${index}`);
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
    }
    expect(await cardRows(who.customer.id)).toHaveLength(2);
  });
});

describe('concurrent entries', () => {
  it('the same card sent twice at once with two keys stores one card; the other answer is CardAlreadyRegistered', async () => {
    const who = await cardCustomer(t);
    const body = cardForm(SANDBOX_TEST_CARDS.frictionless);
    const responses = await Promise.all([postCard(t, who, body), postCard(t, who, body), postCard(t, who, body)]);
    const outcomes = responses.map((response) =>
      response.statusCode === 200 ? 'success' : (errorName(response) ?? String(response.statusCode)),
    );
    expect(outcomes.sort()).toEqual(['CardAlreadyRegistered', 'CardAlreadyRegistered', 'success']);
    const rows = await cardRows(who.customer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.isActive).toBe(true);
  });

  it('two different first cards at once: exactly one becomes principal', async () => {
    const who = await cardCustomer(t);
    await Promise.all([
      enterCard(t, who, SANDBOX_TEST_CARDS.frictionless),
      enterCard(t, who, '5555555555554444'),
      enterCard(t, who, '4012888888881881'),
    ]);
    const rows = await cardRows(who.customer.id);
    expect(rows).toHaveLength(3);
    expect(rows.filter((row) => row.isActive)).toHaveLength(1);
  });
});

describe('after a card turns Valid', () => {
  it('calls onCardValid (the payout nudge) once the change is committed, not for a challenge or a decline', async () => {
    const who = await cardCustomer(t);
    const nudge = vi.spyOn(t.app.payout, 'nudge');
    try {
      for (const number of [SANDBOX_TEST_CARDS.declined, SANDBOX_TEST_CARDS.challenge]) {
        await enterCard(t, who, number);
      }
      expect(nudge).not.toHaveBeenCalled();
      await enterCard(t, who, SANDBOX_TEST_CARDS.frictionless);
      expect(nudge).toHaveBeenCalledTimes(1);
    } finally {
      nudge.mockRestore();
    }
  });
});

describe('another customer’s cards', () => {
  it('are not found (404 CardNotFound) for set-active and the token check, and never listed', async () => {
    const owner = await cardCustomer(t);
    const { cardId } = await enterCard(t, owner, SANDBOX_TEST_CARDS.frictionless);
    const intruder = await cardCustomer(t);
    for (const [method, url] of [
      ['PUT', `/api/card/active/${cardId}`],
      ['GET', `/api/card/checkCardProviderToken/${cardId}`],
      ['PUT', '/api/card/active/99999999'],
      ['GET', '/api/card/checkCardProviderToken/99999999'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: intruder.headers });
      expect(response.statusCode, url).toBe(404);
      expect(firstError(response)).toMatchObject({
        code: { name: 'CardNotFound' },
        message: 'No hemos encontrado la tarjeta seleccionada.',
      });
    }
    expect(await mini(intruder)).toEqual([]);
    const [row] = await cardRows(owner.customer.id);
    expect(row!.isActive).toBe(true);
  });

  it('an Invalid card cannot become principal; its token check says no', async () => {
    const who = await cardCustomer(t);
    const [row] = await t.db
      .insert(cards)
      .values({
        customerId: who.customer.id,
        maskedCardNumber: '400000******3220',
        brand: 'visa',
        expiryMonth: 1,
        expiryYear: 2030,
        cardStatus: 'Invalid',
        providerToken: 'sbx_tok_x',
      })
      .returning({ id: cards.id });
    const put = await t.app.inject({ method: 'PUT', url: `/api/card/active/${row!.id}`, headers: who.headers });
    expect(errorName(put)).toBe('CardValidationFailed');
    const check = await t.app.inject({
      method: 'GET',
      url: `/api/card/checkCardProviderToken/${row!.id}`,
      headers: who.headers,
    });
    expect(check.json()).toEqual({ data: { cardId: row!.id, hasValidToken: false } });
  });

  it('CustomerMiniGet never answers more than the first six and last four digits', async () => {
    const who = await cardCustomer(t);
    await t.db.insert(cards).values({
      customerId: who.customer.id,
      // A whole number stored by mistake (not one of the sandbox's: the no-PAN test reads every table).
      maskedCardNumber: '4242424242424242',
      brand: 'visa',
      expiryMonth: 1,
      expiryYear: 2030,
      cardStatus: 'Valid',
    });
    const [card] = await mini(who);
    expect(card!['maskedCardNumber']).toBe('424242******4242');
  });
});
