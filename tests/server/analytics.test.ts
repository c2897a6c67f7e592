import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../src/server/db/schema/customer.ts';
import { analyticsEvents } from '../../src/server/db/schema/index.ts';
import { analyticsRateLimit } from '../../src/server/modules/analytics/index.ts';
import { ANALYTICS_LIMITS } from '../../src/shared/analytics.ts';
import { createTestApp, productionEnv, type TestApp } from './helpers/app.ts';
import { login } from './helpers/customers.ts';
import { errorsOf } from './helpers/membership-login.ts';

/**
 * AnalyticsEventsPost (issue 23 §8): page views and events of browsers with analytics consent, stored in
 * analytics_events and counted per Madrid day by the sandbox's GET /sandbox/analytics/counts.
 */

// A day no other test file writes analytics on (test files may share one PostgreSQL): 12:00 in Madrid.
const NOW = '2031-02-03T11:00:00.000Z';
const TODAY = '2031-02-03';

let t: TestApp;
let production: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW });
  production = await createTestApp({ database: t.handle, rateLimit: false, now: NOW, env: productionEnv() });
});
afterAll(async () => {
  await production.close();
  await t.close();
});

type Item = Record<string, unknown>;
const page = (name: string, occurredAt = NOW): Item => ({ kind: 'page', name, occurredAt });
const event = (name: string, props?: Record<string, unknown>, occurredAt = NOW): Item => ({
  kind: 'event',
  name,
  ...(props ? { props } : {}),
  occurredAt,
});

const post = (payload: unknown, headers: Record<string, string> = {}, app = t.app) =>
  app.inject({ method: 'POST', url: '/api/analytics/events', headers, payload: payload as object });

const rowsOf = (clientId: string) =>
  t.db.select().from(analyticsEvents).where(eq(analyticsEvents.clientId, clientId)).orderBy(asc(analyticsEvents.id));

const counts = async (query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/sandbox/analytics/counts${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: { day: string; kind: string; name: string; count: number }[] }).data;
};

describe('AnalyticsEventsPost', () => {
  it('stores a batch of page views and events, for a visitor without a customer', async () => {
    const clientId = randomUUID();
    const response = await post({
      clientId,
      items: [
        page('/'),
        page('/rollover/:loanId?', '2031-02-03T10:59:58.000+01:00'),
        event('rtb_success', { amount: 2500, currency: 'EUR', repeat: true, note: null }),
        event('register'),
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { stored: 4 } });
    const rows = await rowsOf(clientId);
    expect(rows.map(({ kind, name, props, customerId }) => ({ kind, name, props, customerId }))).toEqual([
      { kind: 'page', name: '/', props: null, customerId: null },
      { kind: 'page', name: '/rollover/:loanId?', props: null, customerId: null },
      {
        kind: 'event',
        name: 'rtb_success',
        props: { amount: 2500, currency: 'EUR', repeat: true, note: null },
        customerId: null,
      },
      { kind: 'event', name: 'register', props: null, customerId: null },
    ]);
    expect(rows[1]?.occurredAt.toISOString()).toBe('2031-02-03T09:59:58.000Z');
    expect(rows.every((row) => row.receivedAt.toISOString() === NOW)).toBe(true);
  });

  it("records the session's customer, never an id of the body; a stale token only leaves the visit anonymous", async () => {
    const user = await login(t);
    const other = await login(t);
    const clientId = randomUUID();
    const ok = await post(
      { clientId, items: [event('ftb_success', { amount: 300, currency: 'EUR', userId: other.customer.id })] },
      user.headers,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const stale = await post({ clientId, items: [page('/dashboard')] }, { ...user.headers, 'x-member-id': '999999' });
    expect(stale.statusCode, stale.body).toBe(200);
    expect((await rowsOf(clientId)).map((row) => row.customerId)).toEqual([user.customer.id, null]);
    const customerField = await post({ clientId, customerId: other.customer.id, items: [page('/')] }, user.headers);
    expect(errorsOf(customerField, 400)[0]?.message).toContain('customerId');
  });

  it('keeps the rows when the customer is deleted (customer_id set null)', async () => {
    const user = await login(t);
    const clientId = randomUUID();
    expect((await post({ clientId, items: [page('/account')] }, user.headers)).statusCode).toBe(200);
    await t.db.delete(customers).where(eq(customers.id, user.customer.id));
    expect((await rowsOf(clientId)).map((row) => [row.name, row.customerId])).toEqual([['/account', null]]);
  });

  it('refuses bad batches with 400 in the error shape and stores nothing of them', async () => {
    const clientId = randomUUID();
    const tooMany = Array.from({ length: ANALYTICS_LIMITS.itemsPerRequest + 1 }, () => page('/'));
    const cases: { payload: unknown; mentions: string }[] = [
      { payload: { clientId, items: [] }, mentions: 'items' },
      { payload: { clientId, items: tooMany }, mentions: 'items' },
      { payload: { items: [page('/')] }, mentions: 'clientId' },
      { payload: { clientId: 'a b', items: [page('/')] }, mentions: 'clientId' },
      // A real path instead of the route's pattern (it could carry a repay token).
      { payload: { clientId, items: [page('/'), page('/r/abcdefghijklmnop')] }, mentions: 'items.1.name' },
      { payload: { clientId, items: [page('/'), { ...page('/'), props: { a: 1 } }] }, mentions: 'items.1.props' },
      { payload: { clientId, items: [event('register', { nested: { a: 1 } })] }, mentions: 'items.0.props' },
      { payload: { clientId, items: [event('register', { list: [1] })] }, mentions: 'items.0.props' },
      { payload: { clientId, items: [event('register', { 'bad key': 1 })] }, mentions: 'items.0.props' },
      {
        payload: { clientId, items: [event('register', { text: 'x'.repeat(ANALYTICS_LIMITS.propTextChars + 1) })] },
        mentions: 'items.0.props',
      },
      {
        payload: {
          clientId,
          items: [event('register', Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`p${i}`, i])))],
        },
        mentions: 'items.0.props',
      },
      { payload: { clientId, items: [event('register', { text: 'a\u0000b' })] }, mentions: 'items.0.props' },
      { payload: { clientId, items: [{ ...page('/'), occurredAt: 'ayer' }] }, mentions: 'items.0.occurredAt' },
      { payload: { clientId, items: [{ ...page('/'), kind: 'click' }] }, mentions: 'items.0.kind' },
      { payload: { clientId, items: [{ ...page('/'), extra: 1 }] }, mentions: 'items.0.extra' },
    ];
    for (const { payload, mentions } of cases) {
      const [error] = errorsOf(await post(payload), 400);
      expect(error?.code.name, JSON.stringify(payload).slice(0, 200)).toBe('ValidationError');
      expect(error?.message).toContain(mentions);
    }
    expect(await rowsOf(clientId)).toEqual([]);
  });

  it('refuses an unknown event name (the whole batch, 400) and stores nothing', async () => {
    const clientId = randomUUID();
    const [error] = errorsOf(await post({ clientId, items: [page('/'), event('loanRequested')] }), 400);
    expect(error?.code.name).toBe('ValidationError');
    expect(error?.message).toContain('items.1.name');
    expect(await rowsOf(clientId)).toEqual([]);
  });

  it('counts a device clock off by more than a day ahead or a week behind at the receipt', async () => {
    const clientId = randomUUID();
    const day = 86_400_000;
    const at = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();
    const items = [
      page('/', at(day - 1000)),
      page('/', at(day + 1000)),
      page('/', at(-7 * day + 1000)),
      page('/', at(-8 * day)),
    ];
    expect((await post({ clientId, items })).statusCode).toBe(200);
    expect((await rowsOf(clientId)).map((row) => row.occurredAt.toISOString())).toEqual([
      at(day - 1000),
      NOW,
      at(-7 * day + 1000),
      NOW,
    ]);
  });

  it(`one IP posts ${analyticsRateLimit.max} batches a minute, then 429`, async () => {
    const limited = await createTestApp({ database: t.handle, now: NOW });
    try {
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/analytics/events',
          remoteAddress: '192.0.2.23',
          payload: { clientId: randomUUID(), items: [page('/')] },
        });
      for (let attempt = 1; attempt <= analyticsRateLimit.max; attempt++) expect((await send()).statusCode).toBe(200);
      expect(errorsOf(await send(), 429)[0]?.code.name).toBe('TooManyRequests');
    } finally {
      await limited.close();
    }
  });
});

describe('GET /sandbox/analytics/counts', () => {
  it('counts page views and events per name per Madrid day', async () => {
    const clientId = randomUUID();
    // 2031-01-10 23:30 UTC is already 11 January in Madrid; 22:30 UTC still the 10th.
    t.clock.set('2031-01-11T12:00:00.000Z');
    try {
      const items = [
        page('/como-funciona', '2031-01-10T22:30:00.000Z'),
        page('/como-funciona', '2031-01-10T23:30:00.000Z'),
        page('/como-funciona', '2031-01-11T10:00:00.000Z'),
        event('rtb_success', { amount: 2500 }, '2031-01-11T10:00:00.000Z'),
        event('ftb_success', { amount: 300 }, '2031-01-11T11:00:00.000Z'),
      ];
      expect((await post({ clientId, items })).statusCode).toBe(200);
    } finally {
      t.clock.set(NOW);
    }
    expect(await counts('?from=2031-01-10&to=2031-01-11')).toEqual([
      { day: '2031-01-10', kind: 'page', name: '/como-funciona', count: 1 },
      { day: '2031-01-11', kind: 'event', name: 'ftb_success', count: 1 },
      { day: '2031-01-11', kind: 'event', name: 'rtb_success', count: 1 },
      { day: '2031-01-11', kind: 'page', name: '/como-funciona', count: 2 },
    ]);
    expect(await counts('?name=rtb_success&from=2031-01-01&to=2031-01-31')).toEqual([
      { day: '2031-01-11', kind: 'event', name: 'rtb_success', count: 1 },
    ]);
    expect(await counts('?from=2031-01-12&to=2031-01-20')).toEqual([]);
  });

  it('defaults to today in Madrid', async () => {
    const clientId = randomUUID();
    expect((await post({ clientId, items: [page('/preguntas-frecuentes')] })).statusCode).toBe(200);
    expect(await counts('?name=/preguntas-frecuentes')).toEqual([
      { day: TODAY, kind: 'page', name: '/preguntas-frecuentes', count: 1 },
    ]);
  });

  it('refuses unknown names and bad ranges (400), and does not exist while SANDBOX is off (404)', async () => {
    const bad = async (query: string) =>
      errorsOf(await t.app.inject({ method: 'GET', url: `/sandbox/analytics/counts${query}` }), 400);
    expect((await bad('?name=loanRequested'))[0]?.message).toContain('name');
    expect((await bad('?from=2031-02-05&to=2031-02-01'))[0]?.code.name).toBe('ValidationError');
    expect((await bad('?from=2029-01-01&to=2031-02-01'))[0]?.code.name).toBe('ValidationError');
    expect((await bad('?from=ayer'))[0]?.message).toContain('from');
    const off = await production.app.inject({ method: 'GET', url: '/sandbox/analytics/counts' });
    expect(off.statusCode).toBe(404);
    // The call itself is not a sandbox route: it stores without SANDBOX too.
    expect((await post({ clientId: randomUUID(), items: [page('/')] }, {}, production.app)).statusCode).toBe(200);
  });
});
