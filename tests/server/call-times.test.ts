import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AvailableCallTimesGet, type AvailableCallDay } from '../../src/shared/api/calls.ts';
import { callBookings } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login, type LoggedIn } from './helpers/customers.ts';
import { errorsOf } from './helpers/membership-login.ts';

/**
 * Welcome-call scheduling (second document §2, §3, §7.1, §8): AvailableCallTimesGet from the call timing
 * definitions in Madrid time, and ChooseCallTimePost with one booking per slot and one per customer.
 */

let t: TestApp;
beforeAll(async () => {
  // Its own database: on a shared PostgreSQL the role walk, the fuzz and the bad-input tests send the staff's
  // call-timing writes (CallTimingAddPost, CallTimingRemovePost of a seeded definition), which change every slot.
  t = await createTestApp({ rateLimit: false, now: '2026-11-25T10:00:00Z', ownDatabase: true });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(callBookings);
});

type Headers = Record<string, string>;

const SLOT_MS = 30 * 60_000;
const slotIdAt = (iso: string) => Date.parse(iso) / SLOT_MS;

const list = (headers: Headers, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/todo/getAvailableCallTimesByDates${query}`, headers });
const choose = (headers: Headers, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/todo/chooseCallTimeForCustomer', headers, payload: body as object });

const dataOf = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: unknown }).data;
};
const days = async (headers: Headers, query = ''): Promise<AvailableCallDay[]> =>
  AvailableCallTimesGet.response.parse(dataOf(await list(headers, query)));
const slotIds = async (headers: Headers) =>
  (await days(headers)).flatMap((day) => day.times.map((time) => time.availableCallTimeId));
const book = async (who: LoggedIn, availableCallTimeId: number) =>
  dataOf(await choose(who.headers, { customerId: who.customer.id, availableCallTimeId, subject: 'welcomeCall' }));

const weekdayTimes = (() => {
  const times: string[] = [];
  for (let minutes = 9 * 60; minutes < 21 * 60; minutes += 30) {
    times.push(`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
  }
  return times;
})();

describe('AvailableCallTimesGet: the slots of the call timing definitions, in Madrid time', () => {
  it('lists today and the next 6 days in Madrid, not UTC; no Sunday; 09:00–21:00 on weekdays in 30-minute slots', async () => {
    t.clock.set('2026-11-24T23:30:00Z');
    const me = await login(t);
    const answer = await days(me.headers);
    expect(answer.map((day) => day.date)).toEqual([
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-30',
      '2026-12-01',
    ]);
    const wednesday = answer[0];
    expect(wednesday?.times.map((time) => time.startTime)).toEqual(weekdayTimes);
    expect(wednesday?.times.at(-1)).toMatchObject({ startTime: '20:30', endTime: '21:00' });
    // 09:00 in Madrid in winter is 08:00 UTC; the id is the start instant in half-hours since 1970.
    expect(wednesday?.times[0]?.availableCallTimeId).toBe(slotIdAt('2026-11-25T08:00:00Z'));
    // Saturday: 10:00–14:00.
    expect(answer[3]?.times.map((time) => time.startTime)).toEqual([
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
      '12:30',
      '13:00',
      '13:30',
    ]);
    expect(answer[3]?.times[0]?.availableCallTimeId).toBe(slotIdAt('2026-11-28T09:00:00Z'));
  });

  it('follows summer time across the change (Sunday 29 March 2026), and leaves out Viernes Santo and started slots', async () => {
    t.clock.set('2026-03-28T10:10:00Z');
    const me = await login(t);
    const answer = await days(me.headers);
    // Sunday 29 closed; Friday 3 April is Viernes Santo, a national holiday.
    expect(answer.map((day) => day.date)).toEqual([
      '2026-03-28',
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
      '2026-04-02',
    ]);
    const saturday = answer[0];
    expect(saturday?.times.map((time) => time.startTime)).toEqual(['11:30', '12:00', '12:30', '13:00', '13:30']);
    expect(saturday?.times[0]?.availableCallTimeId).toBe(slotIdAt('2026-03-28T10:30:00Z'));
    // Monday 30 March, 09:00 in Madrid is 07:00 UTC (summer time, UTC+2).
    expect(answer[1]?.times[0]).toEqual({
      availableCallTimeId: slotIdAt('2026-03-30T07:00:00Z'),
      startTime: '09:00',
      endTime: '09:30',
    });
    expect(answer[1]?.times).toHaveLength(24);
  });

  it("offers a slot until it starts: at 20:29:59 the 20:30 slot is the day's last, at 20:30 the day is gone", async () => {
    t.clock.set('2026-11-25T19:29:59Z');
    const me = await login(t);
    let answer = await days(me.headers);
    expect(answer[0]).toEqual({
      date: '2026-11-25',
      times: [{ availableCallTimeId: slotIdAt('2026-11-25T19:30:00Z'), startTime: '20:30', endTime: '21:00' }],
    });
    t.clock.set('2026-11-25T19:30:00Z');
    answer = await days(me.headers);
    expect(answer[0]?.date).toBe('2026-11-26');
    expect(answer.map((day) => day.date)).not.toContain('2026-11-25');
  });

  it('filters by fromDate and toDate inside the window', async () => {
    t.clock.set('2026-11-25T10:00:00Z');
    const me = await login(t);
    expect((await days(me.headers, '?fromDate=2026-11-27&toDate=2026-11-28')).map((day) => day.date)).toEqual([
      '2026-11-27',
      '2026-11-28',
    ]);
    expect((await days(me.headers, '?fromDate=2026-11-30')).map((day) => day.date)).toEqual([
      '2026-11-30',
      '2026-12-01',
    ]);
    expect(await days(me.headers, '?fromDate=2026-12-10')).toEqual([]);
    expect(await days(me.headers, '?fromDate=2026-11-28&toDate=2026-11-27')).toEqual([]);
  });

  it('answers 401 without a session and 400 for a date that is not one', async () => {
    t.clock.set('2026-11-25T10:00:00Z');
    expect(errorsOf(await list({}), 401)[0]?.code.name).toBe('Unauthorized');
    const me = await login(t);
    for (const query of ['?fromDate=2026-13-01', '?toDate=mañana', '?other=1']) {
      expect((await list(me.headers, query)).statusCode, query).toBe(400);
    }
  });
});

describe('ChooseCallTimePost: one booking per slot, one welcome call per customer', () => {
  beforeEach(() => {
    t.clock.set('2026-11-25T10:00:00Z');
  });

  it('books a free slot (true), which then disappears for everyone; another customer booking it gets false', async () => {
    const [ana, bea] = [await login(t), await login(t)];
    const slot = slotIdAt('2026-11-26T10:00:00Z');
    expect(await slotIds(bea.headers)).toContain(slot);
    expect(await book(ana, slot)).toBe(true);
    expect(await slotIds(bea.headers)).not.toContain(slot);
    expect(await slotIds(ana.headers)).not.toContain(slot);
    expect(await book(bea, slot)).toBe(false);
    const rows = await t.db.select().from(callBookings).where(eq(callBookings.slotId, slot));
    expect(rows).toEqual([
      expect.objectContaining({
        customerId: ana.customer.id,
        subject: 'welcomeCall',
        startsAt: new Date('2026-11-26T10:00:00Z'),
        endsAt: new Date('2026-11-26T10:30:00Z'),
      }),
    ]);
    // Choosing one's own slot again is still true, and changes nothing.
    expect(await book(ana, slot)).toBe(true);
    expect(await t.db.select().from(callBookings)).toHaveLength(1);
  });

  it("moves the customer's booking when they choose another slot; the old slot is free again", async () => {
    const ana = await login(t);
    const first = slotIdAt('2026-11-26T10:00:00Z');
    const second = slotIdAt('2026-11-27T15:30:00Z');
    expect(await book(ana, first)).toBe(true);
    expect(await book(ana, second)).toBe(true);
    const ids = await slotIds(ana.headers);
    expect(ids).toContain(first);
    expect(ids).not.toContain(second);
    const rows = await t.db.select().from(callBookings).where(eq(callBookings.customerId, ana.customer.id));
    expect(rows.map((row) => row.slotId)).toEqual([second]);
  });

  it("keeps the customer's booking when the slot they move to is taken", async () => {
    const [ana, bea] = [await login(t), await login(t)];
    const mine = slotIdAt('2026-11-26T10:00:00Z');
    const theirs = slotIdAt('2026-11-26T10:30:00Z');
    expect(await book(ana, mine)).toBe(true);
    expect(await book(bea, theirs)).toBe(true);
    expect(await book(ana, theirs)).toBe(false);
    const rows = await t.db.select().from(callBookings).where(eq(callBookings.customerId, ana.customer.id));
    expect(rows.map((row) => row.slotId)).toEqual([mine]);
    expect(await slotIds(ana.headers)).not.toContain(mine);
  });

  it('answers false for a slot not on offer: started, past, outside the hours or the window, a Sunday, not a slot', async () => {
    const ana = await login(t);
    const notOffered = [
      slotIdAt('2026-11-25T09:30:00Z'), // 10:30 today: started
      slotIdAt('2026-11-24T10:00:00Z'), // yesterday
      slotIdAt('2026-11-25T20:00:00Z'), // 21:00: after hours
      slotIdAt('2026-11-25T07:30:00Z'), // 08:30: before hours
      slotIdAt('2026-11-29T10:00:00Z'), // Sunday
      slotIdAt('2026-12-02T10:00:00Z'), // 8th day: outside the window
      1,
    ];
    for (const id of notOffered) expect(await book(ana, id), String(id)).toBe(false);
    expect(await t.db.select().from(callBookings)).toEqual([]);
  });

  it("refuses another customer's id with 403 in the error shape, and writes nothing", async () => {
    const [ana, bea] = [await login(t), await login(t)];
    const response = await choose(ana.headers, {
      customerId: bea.customer.id,
      availableCallTimeId: slotIdAt('2026-11-26T10:00:00Z'),
      subject: 'welcomeCall',
    });
    expect(errorsOf(response, 403)[0]?.code.name).toBe('Forbidden');
    expect(await t.db.select().from(callBookings)).toEqual([]);
  });

  it('answers 401 without a session and 400 for bad input', async () => {
    const ana = await login(t);
    const valid = {
      customerId: ana.customer.id,
      availableCallTimeId: slotIdAt('2026-11-26T10:00:00Z'),
      subject: 'welcomeCall',
    };
    expect(errorsOf(await choose({}, valid), 401)[0]?.code.name).toBe('Unauthorized');
    const bad: unknown[] = [
      {},
      { ...valid, subject: 'other' },
      { customerId: ana.customer.id, availableCallTimeId: slotIdAt('2026-11-26T10:00:00Z') },
      { ...valid, availableCallTimeId: 'x' },
      { ...valid, availableCallTimeId: 0 },
      { ...valid, availableCallTimeId: 1.5 },
      { ...valid, customerId: -1 },
      { ...valid, extra: true },
      [],
    ];
    for (const body of bad) expect((await choose(ana.headers, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect(await t.db.select().from(callBookings)).toEqual([]);
  });

  it('of customers booking the same slot at once, exactly one gets it', async () => {
    const customers = await Promise.all(Array.from({ length: 5 }, () => login(t)));
    const slot = slotIdAt('2026-11-30T16:00:00Z');
    const answers = await Promise.all(customers.map((who) => book(who, slot)));
    expect(answers.filter((answer) => answer === true)).toHaveLength(1);
    expect(answers.filter((answer) => answer === false)).toHaveLength(4);
    const rows = await t.db.select().from(callBookings);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.customerId).toBe(customers[answers.indexOf(true)]?.customer.id);
    expect(await slotIds(customers[0]!.headers)).not.toContain(slot);
  });
});
