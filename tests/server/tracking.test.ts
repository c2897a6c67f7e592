import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateClicks } from '../../src/server/db/schema/index.ts';
import { trackingRateLimit } from '../../src/server/modules/tracking/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login } from './helpers/customers.ts';
import { errorsOf } from './helpers/membership-login.ts';

/** AffilateClickPost and AttachAffilatesPost (first document §4 "Affiliate tracking"). */

const APP = 'https://prestamorapido.test';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, env: { PUBLIC_URL: APP } });
});
afterAll(() => t.close());

type Entry = { occuredAt: string; fullUri: string };
const at = (minute: number) => `2025-06-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
const entry = (fullUri: string, minute = 0): Entry => ({ occuredAt: at(minute), fullUri });

const post = (url: string, uniqueClientId: string, history: Entry[], headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload: { uniqueClientId, history } });
const click = (clientId: string, history: Entry[], headers?: Record<string, string>) =>
  post('/api/customer/affiliateClick', clientId, history, headers);
const attach = (clientId: string, history: Entry[], headers: Record<string, string>) =>
  post('/api/customer/attachAffiliates', clientId, history, headers);

const acked = (response: Awaited<ReturnType<typeof click>>) => {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ data: true });
};

const clicksOf = (clientId: string) =>
  t.db
    .select()
    .from(affiliateClicks)
    .where(eq(affiliateClicks.uniqueClientId, clientId))
    .orderBy(asc(affiliateClicks.id));

const values = (row: Awaited<ReturnType<typeof clicksOf>>[number]) => ({
  utmCampaign: row.utmCampaign,
  uid: row.uid,
  mykreditRef: row.mykreditRef,
  campaignId: row.campaignId,
});
const none = { utmCampaign: null, uid: null, mykreditRef: null, campaignId: null };

describe('AffilateClickPost', () => {
  it('stores one click per landing and extracts utm_campaign, uid, mykredit_ref and campaignid', async () => {
    const id = randomUUID();
    acked(
      await click(id, [
        entry(`${APP}/?utm_campaign=verano25&utm_source=google`, 1),
        entry(`${APP}/prestamos-rapidos?uid=af-77`, 2),
        entry(`${APP}/?mykredit_ref=MK%20123`, 3),
        entry(`${APP}/como-funciona?campaignid=4242#top`, 4),
        entry(`${APP}/?utm_campaign=a&uid=b&mykredit_ref=c&campaignid=d`, 5),
      ]),
    );
    const rows = await clicksOf(id);
    expect(rows.map(values)).toEqual([
      { ...none, utmCampaign: 'verano25' },
      { ...none, uid: 'af-77' },
      { ...none, mykreditRef: 'MK 123' },
      { ...none, campaignId: '4242' },
      { utmCampaign: 'a', uid: 'b', mykreditRef: 'c', campaignId: 'd' },
    ]);
    expect(rows[1]?.history).toEqual([entry(`${APP}/prestamos-rapidos?uid=af-77`, 2)]);
    expect(rows.every((row) => row.customerId === null && row.attachedAt === null)).toBe(true);
  });

  it('counts paths of the app and the origin the request was addressed to', async () => {
    const id = randomUUID();
    acked(await click(id, [entry('/registro/datos-personales?uid=path-1', 1)]));
    acked(await click(id, [entry('http://app.internal:8443/?uid=host-1', 2)], { host: 'app.internal:8443' }));
    expect((await clicksOf(id)).map((row) => row.uid)).toEqual(['path-1', 'host-1']);
  });

  it('ignores foreign, malformed and parameter-less URIs without refusing the call', async () => {
    const id = randomUUID();
    acked(
      await click(id, [
        entry('https://evil.example/?utm_campaign=x', 1),
        entry('http://prestamorapido.test/?utm_campaign=wrong-scheme', 2),
        entry('https://prestamorapido.test.evil.example/?uid=suffix', 3),
        entry('//evil.example/?uid=scheme-relative', 4),
        entry('/\\evil.example/?uid=backslash', 5),
        entry('javascript:alert(1)//?uid=js', 6),
        entry('no es una URL ?uid=1', 7),
        entry('https://[bad/?uid=1', 8),
        entry(`${APP}/como-funciona`, 9),
        entry(`${APP}/?uid=`, 10),
        entry(`${APP}/?uid=${'x'.repeat(201)}`, 11),
      ]),
    );
    expect(await clicksOf(id)).toEqual([]);
  });

  it('is idempotent: the same post again stores nothing, a longer history stores only its new landing', async () => {
    const id = randomUUID();
    const first = entry(`${APP}/?utm_campaign=otono`, 1);
    acked(await click(id, [first, first]));
    acked(await click(id, [first]));
    // The same instant written with an offset is the same landing.
    acked(await click(id, [{ occuredAt: '2025-06-01T12:01:00+02:00', fullUri: first.fullUri }]));
    expect(await clicksOf(id)).toHaveLength(1);
    acked(await click(id, [first, entry(`${APP}/?utm_campaign=otono`, 30)]));
    expect((await clicksOf(id)).map((row) => row.history)).toEqual([
      [first],
      [entry(`${APP}/?utm_campaign=otono`, 30)],
    ]);
  });

  it('identical posts at the same moment store one click', async () => {
    const id = randomUUID();
    const history = [entry(`${APP}/?campaignid=77`, 1)];
    const answers = await Promise.all([click(id, history), click(id, history), click(id, history)]);
    answers.forEach(acked);
    expect(await clicksOf(id)).toHaveLength(1);
  });

  it('with a session, the clicks are attached to the customer at once', async () => {
    const user = await login(t);
    const id = randomUUID();
    acked(await click(id, [entry(`${APP}/?uid=logged`, 1)], user.headers));
    const [row] = await clicksOf(id);
    expect(row).toMatchObject({ customerId: user.customer.id, uid: 'logged' });
    expect(row?.attachedAt?.getTime()).toBe(t.clock.now().getTime());
  });

  it('a bad body is a 400 in the error shape naming the field', async () => {
    const response = await click(randomUUID(), [{ occuredAt: 'ayer', fullUri: `${APP}/?uid=1` }]);
    expect(errorsOf(response, 400)[0]?.message).toContain('occuredAt');
  });
});

describe('AttachAffilatesPost', () => {
  it('attaches this browser’s clicks to the logged-in customer, and stores landings it had not posted yet', async () => {
    const user = await login(t);
    const id = randomUUID();
    const posted = entry(`${APP}/?utm_campaign=primavera`, 1);
    acked(await click(id, [posted]));
    acked(await attach(id, [posted, entry(`${APP}/?mykredit_ref=late`, 2)], user.headers));
    const rows = await clicksOf(id);
    expect(rows.map((row) => [row.customerId, row.utmCampaign ?? row.mykreditRef])).toEqual([
      [user.customer.id, 'primavera'],
      [user.customer.id, 'late'],
    ]);
    expect(rows.every((row) => row.attachedAt !== null)).toBe(true);
  });

  it('never moves a click attached to another customer (a shared browser)', async () => {
    const first = await login(t);
    const second = await login(t);
    const id = randomUUID();
    const landing = entry(`${APP}/?uid=shared`, 1);
    acked(await click(id, [landing]));
    acked(await attach(id, [landing], first.headers));
    const [attached] = await clicksOf(id);
    t.clock.advance(60_000);
    acked(await attach(id, [landing], second.headers));
    acked(await click(id, [landing], second.headers));
    expect(await clicksOf(id)).toEqual([attached]);
  });

  it('needs a session: 401 without one', async () => {
    const response = await attach(randomUUID(), [entry(`${APP}/?uid=1`)], {});
    expect(errorsOf(response, 401)[0]?.code.name).toBe('Unauthorized');
  });
});

describe('tracking rate limit', () => {
  it(`one IP posts ${trackingRateLimit.max} clicks a minute, then 429`, async () => {
    const limited = await createTestApp({ database: t.handle, env: { PUBLIC_URL: APP } });
    try {
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/customer/affiliateClick',
          remoteAddress: '192.0.2.10',
          payload: { uniqueClientId: randomUUID(), history: [] },
        });
      for (let attempt = 1; attempt <= trackingRateLimit.max; attempt++) expect((await send()).statusCode).toBe(200);
      expect(errorsOf(await send(), 429)[0]?.code.name).toBe('TooManyRequests');
    } finally {
      await limited.close();
    }
  });
});
