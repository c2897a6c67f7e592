import { createHmac } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '../../src/shared/api/errors.ts';
import {
  appSecrets,
  communicationPermissionHistory,
  communicationPermissions,
} from '../../src/server/db/schema/index.ts';
import { unsubscribeLinkFor, unsubscribeRateLimit } from '../../src/server/modules/communication/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createCustomer } from './helpers/customers.ts';
import { businessCodesOf, errorsOf } from './helpers/membership-login.ts';

/** CommMarketingUnsubscribePost: the e-mail's unsubscribe link (`/unsubscribe?camp&key&userTo`). */

const APP = 'https://prestamorapido.test';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, env: { PUBLIC_URL: APP } });
});
afterAll(() => t.close());

/** What the unsubscribe page posts for a link: camp, key and userTo of its query. */
function payloadOf(link: string) {
  const url = new URL(link);
  return {
    campaignId: url.searchParams.get('camp') ?? '',
    userKey: url.searchParams.get('key') ?? '',
    userTo: url.searchParams.get('userTo') ?? '',
    communicationType: 'email',
  };
}

const unsubscribe = (payload: object, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/communication/unsubscribe',
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const linkFor = async (customerId: number, campaignId: string) =>
  (await unsubscribeLinkFor({ db: t.db, publicUrl: t.config.publicUrl }, customerId, campaignId))!;

/**
 * A userKey signed the way the module documents it (communication/unsubscribe-key.ts), written out here so the test
 * pins the link format: base64url(customerId) "." base64url(HMAC-SHA256(key, "unsubscribe\n" id "\n" campaign)).
 */
const signUnsubscribeKey = (key: Buffer, customerId: number, campaignId: string) =>
  `${Buffer.from(String(customerId)).toString('base64url')}.${createHmac('sha256', key)
    .update(`unsubscribe\n${customerId}\n${campaignId}`, 'utf8')
    .digest('base64url')}`;

/** The link key the server keeps in app_secrets (made on the first link). */
const storedLinkKey = async () => {
  const [stored] = await t.db.select().from(appSecrets).where(eq(appSecrets.name, 'unsubscribe_link_key'));
  return stored!.value;
};

const permissionsOf = async (customerId: number) =>
  (await t.db.select().from(communicationPermissions).where(eq(communicationPermissions.customerId, customerId)))[0];
const historyOf = (customerId: number) =>
  t.db
    .select()
    .from(communicationPermissionHistory)
    .where(eq(communicationPermissionHistory.customerId, customerId))
    .orderBy(asc(communicationPermissionHistory.id));

describe('unsubscribe links', () => {
  it('are /unsubscribe?camp=&key=&userTo= on the public origin, the key naming the customer', async () => {
    const customer = await createCustomer(t);
    const link = new URL(await linkFor(customer.id, 'newsletter-06'));
    expect(`${link.origin}${link.pathname}`).toBe(`${APP}/unsubscribe`);
    expect(link.searchParams.get('camp')).toBe('newsletter-06');
    expect(link.searchParams.get('userTo')).toBe(`test.${customer.phone}@example.com`);
    const [id, mac] = link.searchParams.get('key')!.split('.');
    expect(Buffer.from(id!, 'base64url').toString()).toBe(String(customer.id));
    expect(mac).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await unsubscribeLinkFor({ db: t.db, publicUrl: APP }, 2_000_000_000, 'x')).toBeNull();
  });
});

describe('CommMarketingUnsubscribePost', () => {
  it('a valid key turns marketing e-mail off, with a history row (source unsubscribe, the campaign)', async () => {
    const customer = await createCustomer(t, { acceptMarketing: true });
    const response = await unsubscribe(payloadOf(await linkFor(customer.id, 'verano-25')));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: true });
    expect(await permissionsOf(customer.id)).toMatchObject({ allowEmail: false, allowSms: true, allow3CxCalls: true });
    expect(await historyOf(customer.id)).toMatchObject([
      { allowEmail: false, allowSms: true, allow3CxCalls: true, source: 'unsubscribe', campaignId: 'verano-25' },
    ]);
  });

  it('keeps the other permissions as they were', async () => {
    const customer = await createCustomer(t);
    await t.db
      .insert(communicationPermissions)
      .values({ customerId: customer.id, allowEmail: true, allowSms: false, allow3CxCalls: true });
    expect((await unsubscribe(payloadOf(await linkFor(customer.id, 'c1')))).statusCode).toBe(200);
    expect(await permissionsOf(customer.id)).toMatchObject({ allowEmail: false, allowSms: false, allow3CxCalls: true });
  });

  it('a replayed link answers the same and writes nothing more', async () => {
    const customer = await createCustomer(t);
    const payload = payloadOf(await linkFor(customer.id, 'otono'));
    for (let time = 0; time < 3; time++) expect((await unsubscribe(payload)).json()).toEqual({ data: true });
    expect(await historyOf(customer.id)).toHaveLength(1);
    // After opting in again, the same e-mail's link unsubscribes again.
    await t.db
      .update(communicationPermissions)
      .set({ allowEmail: true })
      .where(eq(communicationPermissions.customerId, customer.id));
    expect((await unsubscribe(payload)).statusCode).toBe(200);
    expect((await permissionsOf(customer.id))?.allowEmail).toBe(false);
    expect(await historyOf(customer.id)).toHaveLength(2);
  });

  it('a different userTo does not matter (the customer may have changed address)', async () => {
    const customer = await createCustomer(t);
    const payload = { ...payloadOf(await linkFor(customer.id, 'c2')), userTo: 'antigua@example.com' };
    expect((await unsubscribe(payload)).statusCode).toBe(200);
    expect((await permissionsOf(customer.id))?.allowEmail).toBe(false);
  });

  it('an invalid key answers UnsubscribeLinkNotValid (422) and changes nothing', async () => {
    const victim = await createCustomer(t);
    const other = await createCustomer(t);
    const valid = payloadOf(await linkFor(victim.id, 'camp-a'));
    const [, mac] = valid.userKey.split('.');
    const otherKey = payloadOf(await linkFor(other.id, 'camp-a')).userKey;
    const forged = signUnsubscribeKey(Buffer.alloc(32, 7), victim.id, 'camp-a');
    const cases = [
      { ...valid, campaignId: 'camp-b' },
      { ...valid, userKey: `${Buffer.from(String(other.id)).toString('base64url')}.${mac}` },
      { ...valid, userKey: `${valid.userKey.slice(0, -2)}AA` },
      { ...valid, userKey: forged },
      { ...valid, userKey: otherKey.split('.')[0]! },
      { ...valid, userKey: '' },
      { ...valid, userKey: 'MQ.' + 'A'.repeat(43) },
      { ...valid, userKey: `${Buffer.from('-1').toString('base64url')}.${mac}` },
      { ...valid, userKey: `${Buffer.from('99999999999').toString('base64url')}.${mac}` },
    ];
    for (const payload of cases) {
      const response = await unsubscribe(payload);
      expect(businessCodesOf(response), payload.userKey).toEqual(['UnsubscribeLinkNotValid']);
      expect(errorsOf(response, 422)[0]?.message).toBe(errorCodes.UnsubscribeLinkNotValid.message);
    }
    expect(await permissionsOf(victim.id)).toBeUndefined();
    expect(await historyOf(victim.id)).toEqual([]);
  });

  it('the link key is stored in app_secrets, so every instance on the database signs and checks the same', async () => {
    const customer = await createCustomer(t);
    const { userKey } = payloadOf(await linkFor(customer.id, 'camp-k'));
    const stored = await storedLinkKey();
    expect(stored).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(userKey).toBe(signUnsubscribeKey(Buffer.from(stored, 'base64url'), customer.id, 'camp-k'));
  });

  it('a valid key of a customer who no longer exists is acknowledged and writes nothing', async () => {
    const gone = 2_147_000_000;
    await linkFor((await createCustomer(t)).id, 'demo');
    const userKey = signUnsubscribeKey(Buffer.from(await storedLinkKey(), 'base64url'), gone, 'demo');
    const response = await unsubscribe({
      campaignId: 'demo',
      userKey,
      userTo: 'nadie@example.com',
      communicationType: 'email',
    });
    expect(response.json()).toEqual({ data: true });
    expect(await permissionsOf(gone)).toBeUndefined();
  });

  it.each([
    ['another communication type', { communicationType: 'sms' }],
    ['a missing key', { userKey: undefined }],
    ['an unknown field', { extra: 1 }],
  ])('%s is a 400 in the error shape', async (_title, change) => {
    const response = await unsubscribe({
      campaignId: 'c',
      userKey: 'k',
      userTo: 'a@b.es',
      communicationType: 'email',
      ...change,
    });
    expect(errorsOf(response, 400)[0]?.code.name).toBe('ValidationError');
  });

  it(`one IP gets ${unsubscribeRateLimit.max} attempts a minute, then 429`, async () => {
    const limited = await createTestApp({ database: t.handle });
    try {
      const payload = {
        campaignId: 'c',
        userKey: 'MQ.' + 'B'.repeat(43),
        userTo: 'a@b.es',
        communicationType: 'email',
      };
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/communication/unsubscribe',
          payload,
          remoteAddress: '192.0.2.20',
        });
      for (let attempt = 1; attempt <= unsubscribeRateLimit.max; attempt++) expect((await send()).statusCode).toBe(422);
      expect(errorsOf(await send(), 429)[0]?.code.name).toBe('TooManyRequests');
    } finally {
      await limited.close();
    }
  });
});
