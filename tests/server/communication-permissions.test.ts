import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CheckPermissionsPost,
  PermissionHistoryGet,
  type CommunicationPermissions,
} from '../../src/shared/api/communication.ts';
import { transportErrorCodes } from '../../src/shared/api/error-codes.ts';
import { communicationPermissionHistory, communicationPermissions } from '../../src/server/db/schema/index.ts';
import { unsubscribeLinkFor } from '../../src/server/modules/communication/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login } from './helpers/customers.ts';
import { errorsOf } from './helpers/membership-login.ts';
import { registerNew } from './helpers/registration.ts';

/**
 * The logged-in customer's communication permissions (second document §3, §7.1): CheckPermissionsPost,
 * UpdateCommunicationPermissionPost, PermissionHistoryGet — and the one write path they share with registration
 * and the unsubscribe link.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false });
});
afterAll(() => t.close());

type Headers = Record<string, string>;

const check = (headers: Headers, ids: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/communication/checkPermissions', headers, payload: ids as object });
const update = (headers: Headers, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/communication/updateCommunicationPermission',
    headers,
    payload: body as object,
  });
const history = (headers: Headers) =>
  t.app.inject({ method: 'GET', url: '/api/communication/permissionHistory', headers });

const dataOf = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: unknown }).data;
};
const checked = async (headers: Headers, id: number) =>
  CheckPermissionsPost.response.parse(dataOf(await check(headers, [id])));
const historyItems = async (headers: Headers) => PermissionHistoryGet.response.parse(dataOf(await history(headers)));

const storedRows = (customerId: number) =>
  t.db.select().from(communicationPermissions).where(eq(communicationPermissions.customerId, customerId));
const historyRows = (customerId: number) =>
  t.db
    .select()
    .from(communicationPermissionHistory)
    .where(eq(communicationPermissionHistory.customerId, customerId))
    .orderBy(asc(communicationPermissionHistory.id));

const ALL_ON: CommunicationPermissions = { allowEmail: true, allowSms: true, allow3CxCalls: true };
const ALL_OFF: CommunicationPermissions = { allowEmail: false, allowSms: false, allow3CxCalls: false };
const ONLY_SMS: CommunicationPermissions = { allowEmail: false, allowSms: true, allow3CxCalls: false };

describe('every permission call needs the session of a customer', () => {
  it('answers 401 in the error shape without a session, and 401 with a token of another member id', async () => {
    const other = await login(t);
    const me = await login(t);
    const forged = { ...me.headers, 'x-member-id': String(other.customer.id) };
    const cases: Headers[] = [{}, { authorization: 'Bearer not-a-token' }, forged];
    for (const headers of cases) {
      for (const response of [
        await check(headers, [me.customer.id]),
        await update(headers, ALL_ON),
        await history(headers),
      ]) {
        expect(errorsOf(response, 401)[0]?.code.name).toBe('Unauthorized');
      }
    }
    expect(await storedRows(me.customer.id)).toEqual([]);
  });
});

describe('CheckPermissionsPost', () => {
  it("refuses another customer's id with 403 (alone or beside the caller's own) and reveals nothing", async () => {
    const me = await login(t, { acceptMarketing: true });
    const other = await login(t, { acceptMarketing: true });
    for (const ids of [[other.customer.id], [me.customer.id, other.customer.id], [2_000_000_000]]) {
      const [error] = errorsOf(await check(me.headers, ids), 403);
      expect(error).toMatchObject({ code: { name: 'Forbidden', value: 403 } });
      expect(error?.message).toBe(transportErrorCodes.Forbidden.message);
    }
  });

  it('without stored permissions answers the signup marketing consent on every channel, and stores nothing', async () => {
    const accepted = await login(t, { acceptMarketing: true });
    const refused = await login(t, { acceptMarketing: false });
    // They never chose themselves (no history): no date of a last choice.
    expect(await checked(accepted.headers, accepted.customer.id)).toEqual([
      { customerId: accepted.customer.id, ...ALL_ON, lastChoiceDate: null },
    ]);
    expect(await checked(refused.headers, refused.customer.id)).toEqual([
      { customerId: refused.customer.id, ...ALL_OFF, lastChoiceDate: null },
    ]);
    expect(await storedRows(accepted.customer.id)).toEqual([]);
    expect(await historyRows(accepted.customer.id)).toEqual([]);
  });

  it('answers the stored permissions once they exist, whatever the signup consent was', async () => {
    const me = await login(t, { acceptMarketing: true });
    await t.db.insert(communicationPermissions).values({ customerId: me.customer.id, ...ONLY_SMS });
    expect(await checked(me.headers, me.customer.id)).toEqual([
      { customerId: me.customer.id, ...ONLY_SMS, lastChoiceDate: null },
    ]);
    // The caller's id repeated is still only the caller: one answer.
    expect(
      CheckPermissionsPost.response.parse(dataOf(await check(me.headers, [me.customer.id, me.customer.id]))),
    ).toHaveLength(1);
  });
});

describe('UpdateCommunicationPermissionPost', () => {
  it('stores the three flags with a history row (source account), and CheckPermissionsPost answers them', async () => {
    const me = await login(t, { acceptMarketing: false });
    t.clock.advance(1000);
    expect(dataOf(await update(me.headers, ONLY_SMS))).toBe(true);
    expect(await checked(me.headers, me.customer.id)).toEqual([
      { customerId: me.customer.id, ...ONLY_SMS, lastChoiceDate: t.clock.now().toISOString() },
    ]);
    expect(await storedRows(me.customer.id)).toMatchObject([{ ...ONLY_SMS, updatedAt: t.clock.now() }]);
    expect(await historyRows(me.customer.id)).toMatchObject([
      { ...ONLY_SMS, source: 'account', campaignId: null, createdAt: t.clock.now() },
    ]);
  });

  it("records the marketing prompt's answers with source marketingPrompt", async () => {
    const me = await login(t, { acceptMarketing: false });
    expect(dataOf(await update(me.headers, { ...ALL_ON, source: 'marketingPrompt' }))).toBe(true);
    expect(await historyRows(me.customer.id)).toMatchObject([{ ...ALL_ON, source: 'marketingPrompt' }]);
  });

  it("the same values again change nothing but are recorded as the customer's last choice (a refusal counts, issue 23 §4)", async () => {
    const me = await login(t);
    expect(dataOf(await update(me.headers, ONLY_SMS))).toBe(true);
    const stored = await storedRows(me.customer.id);
    t.clock.advance(60_000);
    expect(dataOf(await update(me.headers, ONLY_SMS))).toBe(true);
    t.clock.advance(60_000);
    // The marketing prompt's 'Ahora no': the same permissions, source marketingPrompt.
    expect(dataOf(await update(me.headers, { ...ONLY_SMS, source: 'marketingPrompt' }))).toBe(true);
    expect(await storedRows(me.customer.id)).toEqual(stored);
    expect(await historyRows(me.customer.id)).toMatchObject([
      { ...ONLY_SMS, source: 'account' },
      { ...ONLY_SMS, source: 'account' },
      { ...ONLY_SMS, source: 'marketingPrompt', createdAt: t.clock.now() },
    ]);
    expect((await checked(me.headers, me.customer.id))[0]?.lastChoiceDate).toBe(t.clock.now().toISOString());
  });

  it("a change made by staff or the system is not the customer's choice: the last choice's date stays", async () => {
    const me = await login(t);
    expect(dataOf(await update(me.headers, ONLY_SMS))).toBe(true);
    const chosenAt = t.clock.now().toISOString();
    t.clock.advance(60_000);
    await t.db.insert(communicationPermissionHistory).values({
      customerId: me.customer.id,
      ...ALL_OFF,
      source: 'system',
      createdAt: t.clock.now(),
    });
    expect((await checked(me.headers, me.customer.id))[0]?.lastChoiceDate).toBe(chosenAt);
  });

  it('the first choice of a customer without stored permissions is stored and recorded, even if equal to the signup consent', async () => {
    const me = await login(t, { acceptMarketing: true });
    expect(dataOf(await update(me.headers, ALL_ON))).toBe(true);
    expect(await storedRows(me.customer.id)).toMatchObject([ALL_ON]);
    expect(await historyRows(me.customer.id)).toMatchObject([{ ...ALL_ON, source: 'account' }]);
  });

  it('concurrent changes of one customer without stored permissions keep one row and one history row each', async () => {
    const me = await login(t);
    const choices: CommunicationPermissions[] = [
      ALL_ON,
      ALL_OFF,
      ONLY_SMS,
      { allowEmail: true, allowSms: false, allow3CxCalls: false },
      { allowEmail: false, allowSms: false, allow3CxCalls: true },
    ];
    const responses = await Promise.all(choices.map((choice) => update(me.headers, choice)));
    for (const response of responses) expect(dataOf(response)).toBe(true);
    const rows = await historyRows(me.customer.id);
    expect(rows).toHaveLength(choices.length);
    const [stored] = await storedRows(me.customer.id);
    const last = rows.at(-1)!;
    expect(stored).toMatchObject({
      allowEmail: last.allowEmail,
      allowSms: last.allowSms,
      allow3CxCalls: last.allow3CxCalls,
    });
  });

  it.each([
    ['a missing flag', { allowEmail: true, allowSms: true }],
    ['a flag that is not a boolean', { ...ALL_ON, allowSms: 'true' }],
    ['an unknown field', { ...ALL_ON, customerId: 1 }],
    ['a source the client may not claim', { ...ALL_ON, source: 'unsubscribe' }],
    ['a list instead of an object', [ALL_ON]],
  ])('%s is a 400 in the error shape and changes nothing', async (_title, body) => {
    const me = await login(t);
    const [error] = errorsOf(await update(me.headers, body), 400);
    expect(error?.code.name).toBe('ValidationError');
    expect(await storedRows(me.customer.id)).toEqual([]);
    expect(await historyRows(me.customer.id)).toEqual([]);
  });
});

describe('CheckPermissionsPost bad bodies', () => {
  it.each([
    ['an empty list', []],
    ['an id that is not a number', ['1']],
    ['an object instead of a list', { customerId: 1 }],
    ['more than 100 ids', Array.from({ length: 101 }, () => 1)],
  ])('%s is a 400 in the error shape', async (_title, body) => {
    const me = await login(t);
    expect(errorsOf(await check(me.headers, body), 400)[0]?.code.name).toBe('ValidationError');
  });
});

describe('PermissionHistoryGet', () => {
  it('answers the caller’s changes only, newest first, each with its date and who made it', async () => {
    const me = await login(t);
    const other = await login(t);
    const start = t.clock.now().getTime();
    await update(me.headers, ALL_ON);
    t.clock.advance(60_000);
    await update(me.headers, { ...ONLY_SMS, source: 'marketingPrompt' });
    t.clock.advance(60_000);
    await update(me.headers, ALL_OFF);
    await update(other.headers, ALL_ON);

    const items = await historyItems(me.headers);
    expect(items).toEqual([
      { ...ALL_OFF, createdDate: new Date(start + 120_000).toISOString(), changedBy: 'customer' },
      { ...ONLY_SMS, createdDate: new Date(start + 60_000).toISOString(), changedBy: 'customer' },
      { ...ALL_ON, createdDate: new Date(start).toISOString(), changedBy: 'customer' },
    ]);
  });

  it('changes at the same instant come the later first; changes made by the system say so', async () => {
    const me = await login(t);
    const at = t.clock.now();
    await t.db.insert(communicationPermissionHistory).values([
      { customerId: me.customer.id, ...ALL_ON, source: 'account', createdAt: at },
      { customerId: me.customer.id, ...ALL_OFF, source: 'system', createdAt: at },
    ]);
    expect(await historyItems(me.headers)).toMatchObject([
      { ...ALL_OFF, changedBy: 'system' },
      { ...ALL_ON, changedBy: 'customer' },
    ]);
  });

  it('is empty for a customer whose permissions never changed', async () => {
    const me = await login(t);
    expect(await historyItems(me.headers)).toEqual([]);
  });
});

describe('registration, the unsubscribe link and the account share one write path and one history', () => {
  it('signup consent → account change → unsubscribe link: each stored with its history row, newest first', async () => {
    const registered = await registerNew(t, { acceptAgreement: true });
    expect(await checked(registered.headers, registered.id)).toEqual([
      { customerId: registered.id, ...ALL_ON, lastChoiceDate: t.clock.now().toISOString() },
    ]);

    t.clock.advance(1000);
    expect(dataOf(await update(registered.headers, { allowEmail: true, allowSms: false, allow3CxCalls: true }))).toBe(
      true,
    );

    t.clock.advance(1000);
    const link = new URL(
      (await unsubscribeLinkFor({ db: t.db, publicUrl: t.config.publicUrl }, registered.id, 'otono-25'))!,
    );
    const unsubscribed = await t.app.inject({
      method: 'POST',
      url: '/api/communication/unsubscribe',
      payload: {
        campaignId: link.searchParams.get('camp'),
        userKey: link.searchParams.get('key'),
        userTo: link.searchParams.get('userTo'),
        communicationType: 'email',
      },
    });
    expect(dataOf(unsubscribed)).toBe(true);

    // The unsubscribe link turned e-mail off and kept the account's SMS and call choices.
    const current = { allowEmail: false, allowSms: false, allow3CxCalls: true };
    // The unsubscribe link is the customer's last choice.
    expect(await checked(registered.headers, registered.id)).toEqual([
      { customerId: registered.id, ...current, lastChoiceDate: t.clock.now().toISOString() },
    ]);
    expect(await historyRows(registered.id)).toMatchObject([
      { ...ALL_ON, source: 'registration', campaignId: null },
      { allowEmail: true, allowSms: false, allow3CxCalls: true, source: 'account', campaignId: null },
      { ...current, source: 'unsubscribe', campaignId: 'otono-25' },
    ]);
    expect((await historyItems(registered.headers)).map((item) => item.allowEmail)).toEqual([false, true, true]);
  });

  it('a customer who refused marketing at signup has everything off, stored and recorded by registration', async () => {
    const registered = await registerNew(t, { acceptAgreement: false });
    // The refusal at sign-up is the customer's choice, with its date: the marketing prompt waits 7 days from it.
    expect(await checked(registered.headers, registered.id)).toEqual([
      { customerId: registered.id, ...ALL_OFF, lastChoiceDate: t.clock.now().toISOString() },
    ]);
    expect(await historyItems(registered.headers)).toMatchObject([{ ...ALL_OFF, changedBy: 'customer' }]);
  });
});
