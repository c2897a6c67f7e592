import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cards, cardStatusHistory, cardThreeDsSessions } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { errorsOf } from './helpers/membership-login.ts';
import type { CardCreateAndValidateResult } from '../../src/shared/api/card.ts';
import {
  cardCustomer,
  cardForm,
  enterCard,
  pathOf,
  postCard,
  postFingerprint,
  pressChallenge,
  runThreeDs,
  SANDBOX_TEST_CARDS,
  threeDsState,
} from './helpers/cards.ts';

/** The sandbox 3-D Secure flows end to end through HTTP: the gateway's pages and ThreeDsStateGet. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false });
});
afterAll(() => t.close());

const cardOf = async (cardId: number) => {
  const [row] = await t.db.select().from(cards).where(eq(cards.id, cardId));
  return row!;
};
const history = (cardId: number) =>
  t.db
    .select({ from: cardStatusHistory.fromStatus, to: cardStatusHistory.toStatus })
    .from(cardStatusHistory)
    .where(eq(cardStatusHistory.cardId, cardId))
    .orderBy(cardStatusHistory.id);

describe('4000000000003220: challenge', () => {
  it('answers challengeNeeded with the sandbox challenge page; Autorizar → inprogress once, then completed', async () => {
    const who = await cardCustomer(t);
    const result = await enterCard(t, who, SANDBOX_TEST_CARDS.challenge);
    expect(result).toMatchObject({
      result: 'cardEntryRequired',
      editPaymentInfoSubReason: 'challengeNeeded',
      message: '',
      card3dsFlowResponse: { state: 'iframe', provider: 'credorax', formFields: {} },
    });
    const flow = result.card3dsFlowResponse!;
    expect(result.payload).toEqual({ transactionId: flow.transactionId });
    expect(result.threeDsTransactionId).toMatch(/^tds_/);
    const url = new URL(flow.url!);
    expect(url.pathname).toBe('/sandbox/card-gateway/challenge');
    expect(url.searchParams.get('transactionId')).toBe(flow.transactionId);
    expect((await cardOf(result.cardId!)).cardStatus).toBe('NotValidatedYet');

    // Before a button is pressed the flow stays at the challenge.
    const open = await threeDsState(t, who, result.threeDsTransactionId!);
    expect(open).toEqual({ statusCode: 200, event: flow });

    const page = await t.app.inject({ method: 'GET', url: pathOf(flow.url!) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Verificación 3-D Secure</title>');
    expect(page.body).toContain('>Autorizar</button>');
    expect(page.body).toContain('>Cancelar</button>');
    expect(page.body).toContain('**** **** **** 3220');
    expect(page.body).not.toContain('4000000000003220');

    await pressChallenge(t, flow.transactionId, 'authorize');
    const states = [];
    for (let poll = 0; poll < 3; poll += 1)
      states.push((await threeDsState(t, who, result.threeDsTransactionId!)).event);
    expect(states.map((event) => event!.state)).toEqual(['inprogress', 'completed', 'completed']);
    expect(states[1]).toEqual({
      state: 'completed',
      transactionId: flow.transactionId,
      provider: 'credorax',
      formFields: {},
      url: null,
    });
    const card = await cardOf(result.cardId!);
    expect(card).toMatchObject({ cardStatus: 'Valid', isActive: true, maskedCardNumber: '400000******3220' });
    expect(await history(card.id)).toEqual([
      { from: null, to: 'NotValidatedYet' },
      { from: 'NotValidatedYet', to: 'Valid' },
    ]);
    const [session] = await t.db
      .select()
      .from(cardThreeDsSessions)
      .where(eq(cardThreeDsSessions.trackId, result.threeDsTransactionId!));
    expect(session).toMatchObject({ state: 'completed', scenario: 'challenge', cardId: card.id });
    expect(session!.completedAt).toBeInstanceOf(Date);
  });

  it('Cancelar → inprogress, then error: the card is Invalid and not principal; entering it again reuses its row', async () => {
    const who = await cardCustomer(t);
    const result = await enterCard(t, who, SANDBOX_TEST_CARDS.challenge);
    expect(await runThreeDs(t, who, result, 'cancel')).toEqual(['iframe', 'inprogress', 'error']);
    expect(await cardOf(result.cardId!)).toMatchObject({ cardStatus: 'Invalid', isActive: false });

    const again = await enterCard(t, who, SANDBOX_TEST_CARDS.challenge);
    expect(again.cardId).toBe(result.cardId);
    expect(again.threeDsTransactionId).not.toBe(result.threeDsTransactionId);
    expect(await runThreeDs(t, who, again, 'authorize')).toEqual(['iframe', 'inprogress', 'completed']);
    expect(await cardOf(result.cardId!)).toMatchObject({ cardStatus: 'Valid', isActive: true });
    expect((await history(result.cardId!)).map((row) => row.to)).toEqual([
      'NotValidatedYet',
      'Invalid',
      'NotValidatedYet',
      'Valid',
    ]);
    // The first flow stays as it ended.
    expect((await threeDsState(t, who, result.threeDsTransactionId!)).event!.state).toBe('error');
  });

  it('the challenge page may be framed only by the app origin and has no inline script', async () => {
    const who = await cardCustomer(t);
    const appOrigin = new URL(t.config.publicUrl).origin;
    const result = await enterCard(t, who, SANDBOX_TEST_CARDS.challenge);
    const flow = result.card3dsFlowResponse!;
    const page = await t.app.inject({ method: 'GET', url: pathOf(flow.url!) });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/frame-ancestors (\S+)/);
    const framedBy = /frame-ancestors ([^;]+)/.exec(csp)![1]!.trim();
    expect(framedBy).not.toBe('*');
    expect(framedBy).toMatch(/^https?:\/\/[^\s/]+$/);
    expect(page.headers['x-frame-options']).toBeUndefined();
    // Every script is either the served file or a JSON data block holding the app origin.
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(2);
    for (const [, attributes, content] of scripts) {
      if (attributes!.includes('src=')) {
        expect(attributes).toContain('src="/sandbox/card-gateway/challenge.js"');
        expect(content).toBe('');
      } else {
        expect(attributes).toContain('type="application/json"');
        expect(JSON.parse(content!)).toMatchObject({
          transactionId: flow.transactionId,
          appOrigin: framedBy,
          decisionUrl: '/sandbox/card-gateway/challenge/decision',
        });
      }
    }
    const script = await t.app.inject({ method: 'GET', url: '/sandbox/card-gateway/challenge.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain("window.parent.postMessage('credorax_completed', settings.appOrigin)");
    expect(script.body).not.toContain("'*'");

    // A card entered from the app at PUBLIC_URL (its Origin) gets pages framed by that origin only; a foreign
    // Origin is not trusted: the pages are framed by this server's origin.
    const fromApp = await postCard(t, who, cardForm(SANDBOX_TEST_CARDS.challenge, { expiryYear: '2031' }), undefined, {
      origin: appOrigin,
    });
    const appFlow = (fromApp.json() as { data: CardCreateAndValidateResult }).data.card3dsFlowResponse!;
    const appPage = await t.app.inject({ method: 'GET', url: pathOf(appFlow.url!) });
    expect(String(appPage.headers['content-security-policy']).split('; ')).toContain(`frame-ancestors ${appOrigin}`);
    expect(appPage.body).toContain(`"appOrigin":"${appOrigin}"`);
    const foreign = await postCard(t, who, cardForm(SANDBOX_TEST_CARDS.challenge, { expiryYear: '2032' }), undefined, {
      origin: 'https://evil.example',
    });
    const foreignFlow = (foreign.json() as { data: CardCreateAndValidateResult }).data.card3dsFlowResponse!;
    const foreignPage = await t.app.inject({ method: 'GET', url: pathOf(foreignFlow.url!) });
    expect(foreignPage.headers['content-security-policy']).not.toContain('evil.example');
    expect(foreignPage.body).not.toContain('evil.example');
  });

  it('the decision endpoint answers 404 for an unknown flow and for a second press', async () => {
    const who = await cardCustomer(t);
    const result = await enterCard(t, who, SANDBOX_TEST_CARDS.challenge);
    const transactionId = result.card3dsFlowResponse!.transactionId;
    expect((await pressChallenge(t, 'sbx3ds_unknown', 'authorize')).statusCode).toBe(404);
    expect((await pressChallenge(t, transactionId, 'authorize')).statusCode).toBe(200);
    expect((await pressChallenge(t, transactionId, 'cancel')).statusCode).toBe(404);
    // The page of an answered flow says so and offers no buttons.
    const page = await t.app.inject({ method: 'GET', url: pathOf(result.card3dsFlowResponse!.url!) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Esta verificación ya no está disponible.');
    expect(page.body).not.toContain('Autorizar');
    expect(
      (await t.app.inject({ method: 'GET', url: '/sandbox/card-gateway/challenge?transactionId=nope' })).statusCode,
    ).toBe(404);
  });
});

describe('4000000000003063: device fingerprint, then challenge', () => {
  it('asks for the dfp post first; once it arrives the flow is the challenge; Autorizar completes it', async () => {
    const who = await cardCustomer(t);
    const result = await enterCard(t, who, SANDBOX_TEST_CARDS.fingerprintThenChallenge);
    const flow = result.card3dsFlowResponse!;
    expect(result.editPaymentInfoSubReason).toBe('challengeNeeded');
    expect(flow).toMatchObject({ state: 'dfpPost', provider: 'credorax' });
    expect(new URL(flow.url!).pathname).toBe('/sandbox/card-gateway/dfp');
    expect(flow.formFields).toEqual({ transactionId: flow.transactionId, threeDSMethodData: expect.any(String) });

    const trackId = result.threeDsTransactionId!;
    expect((await threeDsState(t, who, trackId)).event!.state).toBe('inprogress');

    const posted = await postFingerprint(t, flow.url!, flow.formFields);
    expect(posted.statusCode).toBe(200);
    expect(posted.headers['content-type']).toContain('text/html');
    expect(String(posted.headers['content-security-policy'])).toContain('frame-ancestors http');
    // A repeated post is accepted and changes nothing.
    expect((await postFingerprint(t, flow.url!, flow.formFields)).statusCode).toBe(200);

    const challenge = (await threeDsState(t, who, trackId)).event!;
    expect(challenge).toMatchObject({ state: 'iframe', transactionId: flow.transactionId, provider: 'credorax' });
    expect(new URL(challenge.url!).pathname).toBe('/sandbox/card-gateway/challenge');
    const page = await t.app.inject({ method: 'GET', url: pathOf(challenge.url!) });
    expect(page.body).toContain('Autorizar');
    await pressChallenge(t, flow.transactionId, 'authorize');
    expect((await threeDsState(t, who, trackId)).event!.state).toBe('inprogress');
    expect((await threeDsState(t, who, trackId)).event!.state).toBe('completed');
    expect(await cardOf(result.cardId!)).toMatchObject({ cardStatus: 'Valid', isActive: true });
    const [session] = await t.db.select().from(cardThreeDsSessions).where(eq(cardThreeDsSessions.trackId, trackId));
    expect(session!.scenario).toBe('fingerprintThenChallenge');
    expect(session!.providerState).not.toContain(flow.formFields['threeDSMethodData']!);
  });

  it('the dfp endpoint refuses an unknown transaction (404) and a post without one (400)', async () => {
    const url = 'http://localhost/sandbox/card-gateway/dfp';
    expect((await postFingerprint(t, url, { transactionId: 'sbx3ds_unknown' })).statusCode).toBe(404);
    expect((await postFingerprint(t, url, { other: 'x' })).statusCode).toBe(400);
  });
});

describe('4000000000003246: challenge, then 3-D Secure failure', () => {
  it('after Autorizar ThreeDsStateGet answers inprogress, then error; the card is Invalid', async () => {
    const who = await cardCustomer(t);
    const result = await enterCard(t, who, SANDBOX_TEST_CARDS.challengeThenFailure);
    expect(result.card3dsFlowResponse!.state).toBe('iframe');
    expect(await runThreeDs(t, who, result, 'authorize')).toEqual(['iframe', 'inprogress', 'error']);
    expect(await cardOf(result.cardId!)).toMatchObject({ cardStatus: 'Invalid', isActive: false });
    const mini = await t.app.inject({ method: 'GET', url: '/api/card/customer/mini', headers: who.headers });
    expect((mini.json() as { data: unknown[] }).data).toEqual([
      expect.objectContaining({ cardStatus: 'Invalid', maskedCardNumber: '400000******3246' }),
    ]);
  });
});

describe('ThreeDsStateGet', () => {
  it('another customer’s track id and an unknown one are not found (404)', async () => {
    const owner = await cardCustomer(t);
    const result = await enterCard(t, owner, SANDBOX_TEST_CARDS.challenge);
    const intruder = await cardCustomer(t);
    expect(await threeDsState(t, intruder, result.threeDsTransactionId!)).toMatchObject({ statusCode: 404 });
    expect(await threeDsState(t, owner, 'tds_unknown')).toMatchObject({ statusCode: 404 });
    // The owner's flow is untouched by the intruder's polls.
    expect((await threeDsState(t, owner, result.threeDsTransactionId!)).event!.state).toBe('iframe');
  });

  it('a gateway that fails to answer fails the flow with 3DS_FLOW_FAILED and changes nothing', async () => {
    const who = await cardCustomer(t);
    const result = await enterCard(t, who, SANDBOX_TEST_CARDS.challenge);
    vi.spyOn(t.app.providers.cardGateway, 'threeDsState').mockRejectedValueOnce(new Error('gateway down'));
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/card/threeDsState?trackId=${encodeURIComponent(result.threeDsTransactionId!)}`,
      headers: who.headers,
    });
    expect(errorsOf(response, 422)).toEqual([
      expect.objectContaining({
        code: expect.objectContaining({ name: '3DS_FLOW_FAILED' }),
        message:
          'Falló la verificación de 3D Secure. No se pudo agregar la tarjeta bancaria. Por favor, inténtalo de nuevo.',
      }),
    ]);
    expect(await cardOf(result.cardId!)).toMatchObject({ cardStatus: 'NotValidatedYet' });
    expect((await threeDsState(t, who, result.threeDsTransactionId!)).event!.state).toBe('iframe');
  });

  it('a first card completed by 3-D Secure does not take over when another principal card exists', async () => {
    const who = await cardCustomer(t);
    const first = await enterCard(t, who, SANDBOX_TEST_CARDS.frictionless);
    const second = await enterCard(t, who, SANDBOX_TEST_CARDS.challenge);
    expect(await runThreeDs(t, who, second, 'authorize')).toEqual(['iframe', 'inprogress', 'completed']);
    expect(await cardOf(first.cardId!)).toMatchObject({ isActive: true });
    expect(await cardOf(second.cardId!)).toMatchObject({ isActive: false, cardStatus: 'Valid' });
  });
});
