import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AvailableCallTimesGet, type AvailableCallDay } from '../../src/shared/api/calls.ts';
import type { CallTimingDefinition } from '../../src/shared/api/calls-staff.ts';
import type { TodoItem } from '../../src/shared/api/todo.ts';
import { auditRecords, callBookings, callTimingDefinitions, todoItems } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login, type LoggedIn } from './helpers/customers.ts';
import { errorsOf } from './helpers/membership-login.ts';
import { staffSession, type StaffLoggedIn } from './helpers/staff.ts';

/**
 * The call timing definitions (docs/backoffice.md §5 "To-dos and call timing"; docs/rules/): staff add and remove
 * them, the customer's slots (AvailableCallTimesGet) follow at once — open definitions cover a slot, a closed one
 * takes it away, capacities add up and bookings fill them, under the slot's lock — and a booking makes its
 * welcome-call to-do, assigned to the agent whose hours gave the place, moved with the booking.
 *
 * A database of its own: the definitions it adds would change the slots of call-times.test.ts on a shared
 * PostgreSQL.
 */

const NOW = '2026-11-25T10:00:00Z'; // Wednesday, 11:00 in Madrid.
const SLOT_MS = 30 * 60_000;
const slotIdAt = (iso: string) => Date.parse(iso) / SLOT_MS;

let t: TestApp;
let admin: StaffLoggedIn;
let agent: StaffLoggedIn;
let otherAgent: StaffLoggedIn;
let company: StaffLoggedIn;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW, ownDatabase: true });
  admin = await staffSession(t, 'administrator');
  agent = await staffSession(t, 'cam');
  otherAgent = await staffSession(t, 'cam');
  company = await staffSession(t, 'collectioncompany');
});
afterAll(() => t.close());

const send = (who: { headers: Record<string, string> }, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...who.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

function dataOf<T>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: T }).data;
}
const errorName = (response: LightMyRequestResponse, status = 422) => errorsOf(response, status)[0]?.code.name;

const add = (who: StaffLoggedIn, body: Record<string, unknown>) =>
  send(who, 'POST', '/api/todo/callTimingDefinition/add', body);
const added = async (who: StaffLoggedIn, body: Record<string, unknown>) =>
  dataOf<CallTimingDefinition>(await add(who, body));
const remove = (who: StaffLoggedIn, id: number, reason?: string) =>
  send(who, 'POST', '/api/todo/callTimingDefinition/remove', { id, ...(reason ? { reason } : {}) });
const definitions = async (who: StaffLoggedIn, query = '') =>
  dataOf<CallTimingDefinition[]>(await send(who, 'GET', `/api/todo/callTimingDefinitions${query}`));
const autoInsert = (who: StaffLoggedIn) => send(who, 'POST', '/api/todo/callTimingDefinition/autoInsert');

const days = async (who: LoggedIn): Promise<AvailableCallDay[]> =>
  AvailableCallTimesGet.response.parse(dataOf(await send(who, 'GET', '/api/todo/getAvailableCallTimesByDates')));
const timesOf = async (who: LoggedIn, date: string) =>
  (await days(who)).find((day) => day.date === date)?.times.map((time) => time.startTime) ?? [];
const book = async (who: LoggedIn, availableCallTimeId: number) =>
  dataOf<boolean>(
    await send(who, 'POST', '/api/todo/chooseCallTimeForCustomer', {
      customerId: who.customer.id,
      availableCallTimeId,
      subject: 'welcomeCall',
    }),
  );

const todoPage = async (who: StaffLoggedIn, body: Record<string, unknown>) =>
  dataOf<{ items: TodoItem[]; total: number }>(await send(who, 'POST', '/api/todo/paginated', body));
const todoOfBooking = async (customerId: number) =>
  (await t.db.select().from(todoItems).where(eq(todoItems.customerId, customerId)))[0];

const auditOf = (entityId: number | string) =>
  t.db
    .select()
    .from(auditRecords)
    .where(and(eq(auditRecords.entityType, 'callTiming'), eq(auditRecords.entityId, String(entityId))));

/** Each test starts from the default hours, inserted by CallTimingAutoInsertPost into an emptied table. */
beforeEach(async () => {
  t.clock.set(NOW);
  await t.db.delete(todoItems);
  await t.db.delete(callBookings);
  await t.db.delete(callTimingDefinitions);
  dataOf(await autoInsert(admin));
});

describe('the definitions: the default hours, list, add, remove, each write audited', () => {
  it('seeds the default hours (the migration and CallTimingAutoInsertPost), which only fill an empty table', async () => {
    const list = await definitions(agent);
    expect(
      list.map(({ weekday, onDate, startTime, endTime, capacity, staff, kind }) => ({
        weekday,
        onDate,
        startTime,
        endTime,
        capacity,
        staff,
        kind,
      })),
    ).toEqual([
      ...[1, 2, 3, 4, 5].map((weekday) => ({
        weekday,
        onDate: null,
        startTime: '09:00',
        endTime: '21:00',
        capacity: 1,
        staff: null,
        kind: 'open',
      })),
      { weekday: 6, onDate: null, startTime: '10:00', endTime: '14:00', capacity: 1, staff: null, kind: 'open' },
    ]);
    expect(list[0]?.createdBy).toEqual({ id: admin.staff.id, fullName: 'Empleada de Prueba' });
    expect(errorName(await autoInsert(agent))).toBe('CallTimingDefinitionsExist');
    expect(await t.db.select().from(callTimingDefinitions)).toHaveLength(6);
    const [record] = await auditOf('defaults');
    expect(record).toMatchObject({ callName: 'CallTimingAutoInsertPost', staffUserId: admin.staff.id, before: null });
  });

  it("an agent's hours are their own (omitted: theirs); an administrator adds anyone's or the team's", async () => {
    const mine = await added(agent, { day: '2026-11-27', startTime: '21:00', endTime: '22:00', kind: 'open' });
    expect(mine).toMatchObject({
      weekday: null,
      onDate: '2026-11-27',
      startTime: '21:00',
      endTime: '22:00',
      capacity: 1,
      staff: { id: agent.staff.id },
      kind: 'open',
      createdBy: { id: agent.staff.id },
    });
    const [record] = await auditOf(mine.id);
    expect(record).toMatchObject({
      callName: 'CallTimingAddPost',
      staffUserId: agent.staff.id,
      before: null,
      after: { onDate: '2026-11-27', startsAt: '21:00', endsAt: '22:00', staffUserId: agent.staff.id, kind: 'open' },
    });
    const others = { day: '2026-11-27', startTime: '08:00', endTime: '09:00', kind: 'open' };
    expect(errorName(await add(agent, { ...others, staffUserId: otherAgent.staff.id }))).toBe('CallTimingOthersHours');
    const theirs = await added(admin, { ...others, staffUserId: otherAgent.staff.id });
    expect(theirs.staff?.id).toBe(otherAgent.staff.id);
    const team = await added(admin, { day: 6, startTime: '16:00', endTime: '24:00', capacity: 3, kind: 'open' });
    expect(team).toMatchObject({ weekday: 6, onDate: null, staff: null, capacity: 3, endTime: '24:00' });
    expect(errorName(await add(admin, { ...others, staffUserId: company.staff.id }))).toBe('CallTimingStaffInvalid');

    // Listed: weekdays first, then the dates from today on (an earlier date only when asked for).
    const old = await added(admin, { day: '2026-11-20', startTime: '09:00', endTime: '10:00', kind: 'closed' });
    const ids = (await definitions(agent)).map((definition) => definition.id);
    expect(ids.slice(-3)).toEqual([team.id, theirs.id, mine.id]);
    expect(ids).not.toContain(old.id);
    expect((await definitions(agent, '?fromDate=2026-11-20')).map((definition) => definition.id)).toContain(old.id);
  });

  it('removes a definition (audited with what it was); an agent only their own; unknown 404', async () => {
    const mine = await added(agent, { day: '2026-11-27', startTime: '21:00', endTime: '22:00', kind: 'open' });
    const team = (await definitions(admin))[0]!;
    expect(errorName(await remove(agent, team.id))).toBe('CallTimingOthersHours');
    expect(errorName(await remove(otherAgent, mine.id))).toBe('CallTimingOthersHours');
    expect(dataOf(await remove(agent, mine.id, 'Ya no estaré esa tarde'))).toBe(true);
    expect(errorName(await remove(agent, mine.id), 404)).toBe('CallTimingNotFound');
    const records = await auditOf(mine.id);
    expect(records.at(-1)).toMatchObject({
      callName: 'CallTimingRemovePost',
      reason: 'Ya no estaré esa tarde',
      before: { onDate: '2026-11-27', startsAt: '21:00', endsAt: '22:00', staffUserId: agent.staff.id },
      after: null,
    });
    expect(dataOf(await remove(admin, team.id))).toBe(true);
  });

  it('refuses bad definitions (400) and the collection company (403)', async () => {
    const valid = { day: '2026-11-27', startTime: '09:00', endTime: '10:00', kind: 'open' };
    for (const body of [
      { ...valid, weekday: 5 },
      { startTime: '09:00', endTime: '10:00', kind: 'open' },
      { ...valid, day: '27/11/2026' },
      { ...valid, day: 0 },
      { ...valid, startTime: '09:15' },
      { ...valid, endTime: '24:30' },
      { ...valid, capacity: 0 },
      { ...valid, kind: 'busy' },
      { ...valid, day: 8 },
    ]) {
      expect((await add(admin, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const [startTime, endTime] of [
      ['10:00', '09:00'],
      ['10:00', '10:00'],
    ]) {
      expect(errorName(await add(admin, { ...valid, startTime, endTime }))).toBe('CallTimingTimesInvalid');
    }
    expect(errorName(await add(company, valid), 403)).toBe('Forbidden');
    expect(errorName(await send(company, 'GET', '/api/todo/callTimingDefinitions'), 403)).toBe('Forbidden');
  });
});

describe("the customer's slots follow the definitions at once", () => {
  it("an agent's added hours for a date appear in AvailableCallTimesGet at once, and go when removed", async () => {
    const ana = await login(t);
    expect(await timesOf(ana, '2026-11-27')).not.toContain('21:00');
    const mine = await added(agent, { day: '2026-11-27', startTime: '21:00', endTime: '22:00', kind: 'open' });
    const friday = await timesOf(ana, '2026-11-27');
    expect(friday.slice(-3)).toEqual(['20:30', '21:00', '21:30']);
    dataOf(await remove(agent, mine.id));
    expect((await timesOf(ana, '2026-11-27')).at(-1)).toBe('20:30');
  });

  it('opens a Saturday evening and a holiday stays closed; a Sunday definition offers nothing', async () => {
    const ana = await login(t);
    await added(admin, { day: 6, startTime: '16:00', endTime: '18:00', kind: 'open' });
    expect((await timesOf(ana, '2026-11-28')).slice(-4)).toEqual(['16:00', '16:30', '17:00', '17:30']);
    await added(admin, { day: 7, startTime: '10:00', endTime: '14:00', kind: 'open' });
    await added(admin, { day: '2026-11-29', startTime: '10:00', endTime: '14:00', kind: 'open' });
    expect((await days(ana)).map((day) => day.date)).not.toContain('2026-11-29');
    // 8 December (Inmaculada Concepción) is a national holiday.
    t.clock.set('2026-12-07T10:00:00Z');
    await added(await staffSession(t, 'administrator'), {
      day: '2026-12-08',
      startTime: '10:00',
      endTime: '14:00',
      kind: 'open',
    });
    const dates = (await days(await login(t))).map((day) => day.date);
    expect(dates).toContain('2026-12-09');
    expect(dates).not.toContain('2026-12-08');
  });

  it("a closed definition removes the slots it overlaps; an agent's closed hours remove only theirs", async () => {
    const ana = await login(t);
    const closed = await added(admin, { day: 4, startTime: '12:00', endTime: '13:00', kind: 'closed' });
    const thursday = await timesOf(ana, '2026-11-26');
    expect(thursday).toContain('11:30');
    expect(thursday).not.toContain('12:00');
    expect(thursday).not.toContain('12:30');
    expect(thursday).toContain('13:00');
    dataOf(await remove(admin, closed.id));
    expect(await timesOf(ana, '2026-11-26')).toContain('12:00');

    await added(agent, { day: '2026-11-26', startTime: '21:00', endTime: '22:00', kind: 'open' });
    await added(agent, { day: '2026-11-26', startTime: '21:00', endTime: '21:30', kind: 'closed' });
    expect((await timesOf(ana, '2026-11-26')).slice(-2)).toEqual(['20:30', '21:30']);
  });
});

describe('capacity: the bookings of a slot up to its summed capacity, counted under its lock', () => {
  it('capacity 2 lets two customers book the same slot and refuses a third, even sent at once', async () => {
    await added(admin, { day: '2026-11-27', startTime: '09:00', endTime: '10:00', kind: 'open' });
    const slot = slotIdAt('2026-11-27T08:00:00Z'); // 09:00 in Madrid
    const customers = await Promise.all(Array.from({ length: 3 }, () => login(t)));
    const answers = await Promise.all(customers.map((who) => book(who, slot)));
    expect(answers.filter(Boolean)).toHaveLength(2);
    expect(await t.db.select().from(callBookings).where(eq(callBookings.slotId, slot))).toHaveLength(2);
    expect(await timesOf(customers[0]!, '2026-11-27')).not.toContain('09:00');
    expect(await book(await login(t), slot)).toBe(false);
  });

  it('one booking leaves the slot on offer while its capacity has room', async () => {
    await added(admin, { day: '2026-11-27', startTime: '09:00', endTime: '10:00', capacity: 1, kind: 'open' });
    const [ana, bea, eva] = [await login(t), await login(t), await login(t)];
    const slot = slotIdAt('2026-11-27T08:00:00Z');
    expect(await book(ana, slot)).toBe(true);
    expect(await timesOf(bea, '2026-11-27')).toContain('09:00');
    expect(await book(bea, slot)).toBe(true);
    expect(await timesOf(eva, '2026-11-27')).not.toContain('09:00');
    // Ana moves away: the place is free again.
    expect(await book(ana, slotIdAt('2026-11-27T09:00:00Z'))).toBe(true);
    expect(await book(eva, slot)).toBe(true);
  });
});

describe("the booking's welcome-call to-do", () => {
  it('appears for the agent whose hours gave the place, and moves with the booking (to the team in team hours)', async () => {
    await added(agent, { day: '2026-11-27', startTime: '21:00', endTime: '22:00', kind: 'open' });
    const ana = await login(t);
    expect(await book(ana, slotIdAt('2026-11-27T20:00:00Z'))).toBe(true);
    let mine = await todoPage(agent, { assigned: 'me', kind: 'welcomeCall' });
    expect(mine.items).toEqual([
      expect.objectContaining({
        kind: 'welcomeCall',
        title: 'Llamada de bienvenida',
        customerId: ana.customer.id,
        dueAt: '2026-11-27T20:00:00.000Z',
        status: 'open',
        assignedTo: { id: agent.staff.id, fullName: 'Empleada de Prueba' },
        createdBy: null,
      }),
    ]);
    const todoId = mine.items[0]!.id;
    expect((await todoPage(otherAgent, { assigned: 'me' })).items).toEqual([]);

    expect(await book(ana, slotIdAt('2026-11-27T20:30:00Z'))).toBe(true);
    mine = await todoPage(agent, { assigned: 'me' });
    expect(mine.items.map((todo) => [todo.id, todo.dueAt])).toEqual([[todoId, '2026-11-27T20:30:00.000Z']]);

    // To a slot of the team's default hours: the same to-do, now the team's.
    expect(await book(ana, slotIdAt('2026-11-26T10:00:00Z'))).toBe(true);
    expect((await todoPage(agent, { assigned: 'me' })).items).toEqual([]);
    const team = await todoPage(agent, { assigned: 'team' });
    expect(team.items.map((todo) => [todo.id, todo.dueAt, todo.assignedTo])).toEqual([
      [todoId, '2026-11-26T10:00:00.000Z', null],
    ]);
    expect(await t.db.select().from(todoItems)).toHaveLength(1);
  });

  it("fills the agent's capacity first, then the team's; a booked call's time cannot be moved by hand", async () => {
    await added(agent, { day: 4, startTime: '10:00', endTime: '12:00', kind: 'open' });
    const slot = slotIdAt('2026-11-26T10:00:00Z'); // Thursday 11:00: the team's 1 and the agent's 1
    const [ana, bea] = [await login(t), await login(t)];
    expect(await book(ana, slot)).toBe(true);
    expect(await book(bea, slot)).toBe(true);
    expect((await todoOfBooking(ana.customer.id))?.assignedStaffId).toBe(agent.staff.id);
    expect((await todoOfBooking(bea.customer.id))?.assignedStaffId).toBeNull();

    const todo = (await todoOfBooking(ana.customer.id))!;
    const moved = await send(agent, 'PUT', `/api/todo/update/${todo.id}`, { dueAt: '2026-11-26T15:00:00Z' });
    expect(errorName(moved)).toBe('TodoDueFromBooking');
    // Done: a new booking then gets a to-do of its own, the done one keeps its outcome.
    const done = await send(agent, 'PUT', `/api/todo/update/${todo.id}`, {
      status: 'done',
      outcome: 'Llamada hecha, dudas resueltas',
    });
    expect(dataOf<TodoItem>(done).status).toBe('done');
    expect(await book(ana, slotIdAt('2026-11-26T11:00:00Z'))).toBe(true);
    const rows = await t.db.select().from(todoItems).where(eq(todoItems.customerId, ana.customer.id));
    expect(rows.map((row) => [row.status, row.callBookingId === null, row.dueAt.toISOString()]).sort()).toEqual([
      ['done', true, '2026-11-26T10:00:00.000Z'],
      ['open', false, '2026-11-26T11:00:00.000Z'],
    ]);
  });
});
