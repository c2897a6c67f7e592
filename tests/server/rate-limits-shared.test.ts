import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../../src/server/db/schema/index.ts';
import { CARD_CREATE_CUSTOMER_RATE_LIMIT } from '../../src/server/modules/card/index.ts';
import { LOGIN_PHONE_RATE_LIMIT } from '../../src/server/modules/membership/index.ts';
import { PAYMENT_CUSTOMER_RATE_LIMIT } from '../../src/server/modules/payment/index.ts';
import { EARLY_SYNC_FRACTION } from '../../src/server/plugins/rate-limit-counters.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { cardCustomer, cardForm, postCard, SANDBOX_TEST_CARDS } from './helpers/cards.ts';
import { login } from './helpers/customers.ts';
import { postLogin, uniqueMobilePhone } from './helpers/membership-login.ts';

/**
 * Rate limits shared by every server instance (issue 22 item 5): three apps on one database, as three servers on one
 * PostgreSQL, count into the same budgets (plugins/rate-limit-counters.ts). Exact budgets (per phone, per customer)
 * hold to the request; the global per-IP budget, counted locally and synced in batches, holds within its documented
 * bound (max + instances × (⌈max/20⌉ + the hits that arrive during a sync's round trip)).
 */

const GLOBAL_MAX = 300;
const namespace = `test-shared-${randomUUID()}:`;
let apps: TestApp[];

beforeAll(async () => {
  const first = await createTestApp({ rateLimit: { namespace } });
  apps = [first];
  for (let i = 0; i < 2; i++) apps.push(await createTestApp({ database: first.handle, rateLimit: { namespace } }));
}, 60_000);
afterAll(async () => {
  for (const t of apps.slice(1)) await t.close();
  await apps[0]!.close();
});

const appOf = (index: number) => apps[index % apps.length]!;
/** What the every-second syncs do: each instance sends its hits and reads back the totals of the keys it sent. */
async function syncAll() {
  for (const t of apps) await t.app.rateLimits.sync();
}
const loans = (index: number, headers: Record<string, string>, remoteAddress: string) =>
  appOf(index).app.inject({ method: 'GET', url: '/api/loan/customerAllLoans', headers, remoteAddress });

function expectTooMany(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(429);
  expect((response.json() as { errors: Array<{ code: { name: string } }> }).errors[0]?.code.name).toBe(
    'TooManyRequests',
  );
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('rate limits shared by three server instances on one database', () => {
  it(`login: one phone gets ${LOGIN_PHONE_RATE_LIMIT.max} attempts a minute in total over the three, even all at once`, async () => {
    const phone = uniqueMobilePhone();
    const answers = await Promise.all(
      Array.from({ length: 3 * LOGIN_PHONE_RATE_LIMIT.max }, (_, index) =>
        postLogin(appOf(index).app, { phoneNumber: phone, password: '1234' }, { remoteAddress: `198.51.100.${index}` }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode !== 429)).toHaveLength(LOGIN_PHONE_RATE_LIMIT.max);
    for (const answer of answers.filter((response) => response.statusCode === 429)) expectTooMany(answer);
    // And afterwards on every instance, from a new IP.
    for (let index = 0; index < 3; index++)
      expectTooMany(
        await postLogin(appOf(index).app, { phoneNumber: phone, password: '1234' }, { remoteAddress: '192.0.2.99' }),
      );
    // An instance that has seen the phone over its budget refuses it without counting again: a flood costs nothing.
    const hitsOf = async () =>
      (
        await apps[0]!.db
          .select({ hits: rateLimitCounters.hits })
          .from(rateLimitCounters)
          .where(
            sql`${rateLimitCounters.budget} = ${`${namespace}login-phone`} and ${rateLimitCounters.key} = ${phone}`,
          )
      )[0]?.hits;
    const before = await hitsOf();
    for (let index = 0; index < 20; index++)
      expectTooMany(
        await postLogin(apps[0]!.app, { phoneNumber: phone, password: '1234' }, { remoteAddress: '192.0.2.98' }),
      );
    expect(await hitsOf()).toBe(before);
    // Another phone is not affected.
    const other = await postLogin(apps[0]!.app, { phoneNumber: uniqueMobilePhone(), password: '1234' });
    expect(other.statusCode).not.toBe(429);
  });

  it(`card creation: ${CARD_CREATE_CUSTOMER_RATE_LIMIT.max} per customer per 10 minutes, from 4 IPs over the three; then 429`, async () => {
    const who = await cardCustomer(apps[0]!);
    const ips = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'];
    const send = (index: number) =>
      appOf(index).app.inject({
        method: 'POST',
        url: '/api/card/createAndValidate',
        headers: { ...who.headers, 'idempotency-key': randomUUID() },
        payload: cardForm(SANDBOX_TEST_CARDS.declined),
        remoteAddress: ips[index % ips.length]!,
      });
    for (let index = 0; index < CARD_CREATE_CUSTOMER_RATE_LIMIT.max; index++) {
      const response = await send(index);
      expect(response.statusCode, response.body).toBe(200);
    }
    for (let index = 0; index < 4; index++) expectTooMany(await send(CARD_CREATE_CUSTOMER_RATE_LIMIT.max + index));
    // Another customer, from the same IPs, still adds a card.
    const other = await cardCustomer(apps[0]!);
    const response = await postCard(appOf(1), other, cardForm(SANDBOX_TEST_CARDS.frictionless));
    expect(response.statusCode, response.body).toBe(200);
    // The window is 10 minutes, whichever instance started it: then the customer may try again.
    for (const t of apps) t.clock.advance(CARD_CREATE_CUSTOMER_RATE_LIMIT.timeWindow);
    const again = await send(0);
    expect(again.statusCode, again.body).toBe(200);
  });

  it(`payment attempts: ${PAYMENT_CUSTOMER_RATE_LIMIT.max} per customer per 10 minutes over the three instances`, async () => {
    const who = await login(apps[0]!, { status: 'securityChecked' });
    const pay = (index: number) =>
      appOf(index).app.inject({
        method: 'POST',
        url: '/api/loan/payloan',
        headers: { ...who.headers, 'idempotency-key': randomUUID() },
        // A loan that is not theirs: each attempt is refused (422), and each counts.
        payload: { loanId: 999_999_999, paymentOption: 'firstNotPaidInstallment', amount: 10, cardId: 999_999_999 },
        remoteAddress: `203.0.113.${20 + (index % 4)}`,
      });
    const answers = [];
    for (let index = 0; index < PAYMENT_CUSTOMER_RATE_LIMIT.max + 3; index++) answers.push(await pay(index));
    // Refused bodies are still attempts: what counts is that the 11th is refused whatever the IP and instance.
    expect(answers.slice(0, PAYMENT_CUSTOMER_RATE_LIMIT.max).every((answer) => answer.statusCode !== 429)).toBe(true);
    for (const answer of answers.slice(PAYMENT_CUSTOMER_RATE_LIMIT.max)) expectTooMany(answer);
    // A rollover charges the card too: it shares the budget.
    expectTooMany(
      await appOf(1).app.inject({
        method: 'POST',
        url: '/api/loan/rollover',
        headers: { ...who.headers, 'idempotency-key': randomUUID() },
        payload: { loanId: 999_999_999, rolloverDate: '2030-01-15', cardId: 999_999_999 },
        remoteAddress: '203.0.113.30',
      }),
    );
  });

  it(`the global per-IP budget (${GLOBAL_MAX}/min) holds over the three within max + 3 × (⌈max/20⌉ + 5), and then on each`, async () => {
    const who = await login(apps[0]!);
    const ip = '203.0.113.50';
    let admitted = 0;
    for (let index = 0; index < 1.5 * GLOBAL_MAX; index++) {
      const response = await loans(index, who.headers, ip);
      if (response.statusCode === 200) admitted += 1;
      else expectTooMany(response);
    }
    expect(admitted).toBeGreaterThanOrEqual(GLOBAL_MAX);
    // The documented bound; 5 a instance for the requests that arrive while a sync's statement runs (these are sent
    // one after another, a few milliseconds each).
    expect(admitted).toBeLessThanOrEqual(GLOBAL_MAX + 3 * (Math.ceil(GLOBAL_MAX * EARLY_SYNC_FRACTION) + 5));
    // Once synced (every second, or now), every instance refuses, with the X-RateLimit headers.
    await syncAll();
    for (let index = 0; index < 3; index++) {
      const response = await loans(index, who.headers, ip);
      expectTooMany(response);
      expect(response.headers['x-ratelimit-limit']).toBe(String(GLOBAL_MAX));
      expect(response.headers['x-ratelimit-remaining']).toBe('0');
    }
    // Another IP is not affected.
    expect((await loans(0, who.headers, '203.0.113.51')).statusCode).toBe(200);
  }, 60_000);

  it('requests refused with 401 (bad or missing tokens) count against the global per-IP budget', async () => {
    const who = await login(apps[0]!);
    const ip = '203.0.113.60';
    const bad = { authorization: 'Bearer aaaa.bbbb.cccc', 'x-member-id': String(who.customer.id) };
    for (let index = 0; index < GLOBAL_MAX; index++) {
      const response = await loans(index, index % 2 === 0 ? bad : {}, ip);
      expect(response.statusCode).toBe(401);
    }
    await syncAll();
    // Every one of them was counted, on whichever instance it reached.
    const [row] = await apps[0]!.db
      .select({ hits: rateLimitCounters.hits })
      .from(rateLimitCounters)
      .where(sql`${rateLimitCounters.budget} = ${`${namespace}global`} and ${rateLimitCounters.key} = ${ip}`);
    expect(row?.hits).toBe(GLOBAL_MAX);
    // The same IP with a valid session is over its budget: an instance that has not read the total since its own
    // hits may admit one more (the documented bound); once that hit is synced, every instance refuses.
    for (let index = 0; index < 3; index++) await loans(index, who.headers, ip);
    await syncAll();
    for (let index = 0; index < 3; index++) expectTooMany(await loans(index, who.headers, ip));
  }, 60_000);

  it('expired counters are purged; live ones are kept', async () => {
    const first = apps[0]!;
    const phone = uniqueMobilePhone();
    await postLogin(first.app, { phoneNumber: phone, password: '1234' });
    const rows = () =>
      first.db
        .select({ budget: rateLimitCounters.budget })
        .from(rateLimitCounters)
        .where(sql`starts_with(${rateLimitCounters.budget}, ${namespace}) and ${rateLimitCounters.key} = ${phone}`);
    expect(await rows()).toHaveLength(1);
    expect(await first.app.rateLimits.purge()).toBeGreaterThanOrEqual(0);
    expect(await rows()).toHaveLength(1);
    first.clock.advance(60 * 60_000);
    expect(await first.app.rateLimits.purge()).toBeGreaterThan(0);
    expect(await rows()).toHaveLength(0);
  });
});
