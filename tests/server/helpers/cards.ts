import { randomUUID } from 'node:crypto';
import { SANDBOX_TEST_CARDS } from '../../../src/server/providers/sandbox-card-gateway.ts';
import type { CardCreateAndValidateResult, ThreeDsEvent } from '../../../src/shared/api/card.ts';
import type { CustomerStatus } from '../../../src/shared/statuses.ts';
import type { TestApp } from './app.ts';
import { login, type LoggedIn } from './customers.ts';

/** Card entry through HTTP with the sandbox gateway's test cards (docs/sandbox.md "Sandbox test cards"). */

export { SANDBOX_TEST_CARDS };

/** A customer who may add a card (systemApproved). */
export const cardCustomer = (t: Pick<TestApp, 'db' | 'clock' | 'secrets'>, status: CustomerStatus = 'systemApproved') =>
  login(t, { status });

export const cardForm = (cardNumber: string, overrides: Record<string, unknown> = {}) => ({
  cardNumber,
  expiryMonth: '12',
  expiryYear: '2030',
  cv2: '987',
  agreementsAccept: true,
  ...overrides,
});

export const postCard = (
  t: Pick<TestApp, 'app'>,
  who: LoggedIn,
  body: Record<string, unknown>,
  key: string = randomUUID(),
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/card/createAndValidate',
    headers: { ...who.headers, 'idempotency-key': key, ...headers },
    payload: body,
  });

/** Enters a card and expects a 200: the contract's answer. */
export async function enterCard(
  t: Pick<TestApp, 'app'>,
  who: LoggedIn,
  cardNumber: string,
  overrides: Record<string, unknown> = {},
): Promise<CardCreateAndValidateResult> {
  const response = await postCard(t, who, cardForm(cardNumber, overrides));
  if (response.statusCode !== 200) throw new Error(`card entry answered ${response.statusCode}: ${response.body}`);
  return (response.json() as { data: CardCreateAndValidateResult }).data;
}

export async function threeDsState(t: Pick<TestApp, 'app'>, who: LoggedIn, trackId: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/card/threeDsState?trackId=${encodeURIComponent(trackId)}`,
    headers: who.headers,
  });
  return { statusCode: response.statusCode, event: (response.json() as { data?: ThreeDsEvent }).data };
}

/** The path and query of an absolute sandbox url (inject takes paths). */
export const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** What the challenge page's buttons send: 'Autorizar' → authorize, 'Cancelar' → cancel. */
export const pressChallenge = (t: Pick<TestApp, 'app'>, transactionId: string, decision: 'authorize' | 'cancel') =>
  t.app.inject({
    method: 'POST',
    url: '/sandbox/card-gateway/challenge/decision',
    payload: { transactionId, decision },
  });

/** The hidden form post of the device fingerprint step (application/x-www-form-urlencoded). */
export const postFingerprint = (t: Pick<TestApp, 'app'>, url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: pathOf(url),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

/**
 * A whole 3-D Secure flow as the client runs it: the dfp post when asked, the challenge page fetched, its button
 * pressed, then ThreeDsStateGet polled to the end. Returns every state answered.
 */
export async function runThreeDs(
  t: Pick<TestApp, 'app'>,
  who: LoggedIn,
  result: CardCreateAndValidateResult,
  decision: 'authorize' | 'cancel',
): Promise<string[]> {
  const states: string[] = [];
  const flow = result.card3dsFlowResponse!;
  const trackId = result.threeDsTransactionId!;
  if (flow.state === 'dfpPost') {
    const posted = await postFingerprint(t, flow.url!, flow.formFields);
    if (posted.statusCode !== 200) throw new Error(`dfp post answered ${posted.statusCode}`);
  }
  let event = (await threeDsState(t, who, trackId)).event!;
  states.push(event.state);
  if (event.state === 'iframe') {
    const page = await t.app.inject({ method: 'GET', url: pathOf(event.url!) });
    if (page.statusCode !== 200) throw new Error(`challenge page answered ${page.statusCode}`);
    const pressed = await pressChallenge(t, event.transactionId, decision);
    if (pressed.statusCode !== 200) throw new Error(`challenge decision answered ${pressed.statusCode}`);
  }
  for (let poll = 0; poll < 5 && event.state !== 'completed' && event.state !== 'error'; poll += 1) {
    event = (await threeDsState(t, who, trackId)).event!;
    states.push(event.state);
  }
  return states;
}
