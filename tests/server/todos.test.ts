import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TodoItem } from '../../src/shared/api/todo.ts';
import { auditRecords, todoItems } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createCustomer, type TestCustomer } from './helpers/customers.ts';
import { errorsOf } from './helpers/membership-login.ts';
import { createRunningLoan } from './helpers/running-loans.ts';
import { staffSession, type StaffLoggedIn } from './helpers/staff.ts';

/**
 * The staff's to-dos (docs/backoffice.md §5 "To-dos and call timing"): create, read, change, mark done with the
 * outcome, cancel (the row stays), the paged list with its filters; every write one audit record with the fields
 * before and after. Agents and administrators only.
 *
 * A database of its own: the team's queue and the totals would otherwise count other files' welcome calls.
 */

const NOW = '2026-11-25T10:00:00.000Z';
const UNKNOWN = 2_000_000_000;

let t: TestApp;
let agent: StaffLoggedIn;
let otherAgent: StaffLoggedIn;
let admin: StaffLoggedIn;
let company: StaffLoggedIn;
let customer: TestCustomer;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW, ownDatabase: true });
  agent = await staffSession(t, 'cam');
  otherAgent = await staffSession(t, 'cam');
  admin = await staffSession(t, 'administrator');
  company = await staffSession(t, 'collectioncompany');
  customer = await createCustomer(t, { firstName: 'Lucía', lastName: 'Martín Sáez' });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const send = (who: StaffLoggedIn, method: Method, url: string, body?: unknown) =>
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

const create = (who: StaffLoggedIn, body: Record<string, unknown>) => send(who, 'POST', '/api/todo/create', body);
const created = async (who: StaffLoggedIn, body: Record<string, unknown> = {}) =>
  dataOf<TodoItem>(
    await create(who, {
      customerId: customer.id,
      kind: 'callBack',
      title: 'Devolver la llamada',
      dueAt: '2026-11-26T09:00:00Z',
      ...body,
    }),
  );
const update = (who: StaffLoggedIn, id: number, body: Record<string, unknown>) =>
  send(who, 'PUT', `/api/todo/update/${id}`, body);
const cancel = (who: StaffLoggedIn, id: number, body: Record<string, unknown> = {}) =>
  send(who, 'DELETE', `/api/todo/${id}`, body);
const get = (who: StaffLoggedIn, id: number) => send(who, 'GET', `/api/todo/getToDoItem/${id}`);
const page = async (who: StaffLoggedIn, body: Record<string, unknown>) =>
  dataOf<{ items: TodoItem[]; page: number; pageSize: number; total: number }>(
    await send(who, 'POST', '/api/todo/paginated', body),
  );

const auditOf = (id: number) =>
  t.db
    .select()
    .from(auditRecords)
    .where(and(eq(auditRecords.entityType, 'todo'), eq(auditRecords.entityId, String(id))))
    .orderBy(auditRecords.id);

describe('create and read', () => {
  it("creates an open to-do, the author's by default, audited; TodoItemGet and TodoItemsGet read it", async () => {
    const todo = await created(agent, { notes: '  Prefiere por la tarde ' });
    expect(todo).toMatchObject({
      customerId: customer.id,
      customerName: 'Lucía Martín Sáez',
      loanId: null,
      callBookingId: null,
      kind: 'callBack',
      title: 'Devolver la llamada',
      notes: 'Prefiere por la tarde',
      dueAt: '2026-11-26T09:00:00.000Z',
      status: 'open',
      assignedTo: { id: agent.staff.id, fullName: 'Empleada de Prueba' },
      createdBy: { id: agent.staff.id, fullName: 'Empleada de Prueba' },
      doneAt: null,
      doneBy: null,
      outcome: null,
    });
    expect(dataOf(await get(admin, todo.id))).toEqual(todo);
    const [record] = await auditOf(todo.id);
    expect(record).toMatchObject({
      callName: 'TodoCreatePost',
      staffUserId: agent.staff.id,
      customerId: customer.id,
      before: null,
      after: {
        kind: 'callBack',
        title: 'Devolver la llamada',
        dueAt: '2026-11-26T09:00:00.000Z',
        assignedStaffId: agent.staff.id,
        status: 'open',
      },
    });

    const later = await created(admin, { dueAt: '2026-11-30T09:00:00Z', assignedStaffId: null, kind: 'general' });
    expect(later.assignedTo).toBeNull();
    const earlier = await created(admin, { dueAt: '2026-11-25T12:00:00Z', assignedStaffId: otherAgent.staff.id });
    expect(earlier.assignedTo?.id).toBe(otherAgent.staff.id);
    const list = dataOf<TodoItem[]>(await send(agent, 'GET', `/api/todo/getToDoItems?customerId=${customer.id}`));
    const ids = list.map((one) => one.id);
    expect(ids.indexOf(earlier.id)).toBeLessThan(ids.indexOf(todo.id));
    expect(ids.indexOf(todo.id)).toBeLessThan(ids.indexOf(later.id));
  });

  it('links a loan of the customer; refuses another customer’s loan, unknown customers and assignees, welcome calls', async () => {
    const { loanId } = await createRunningLoan(t, customer.id, { nextDue: '2026-12-05' });
    expect((await created(agent, { loanId, kind: 'general' })).loanId).toBe(loanId);
    const other = await createCustomer(t);
    expect(errorName(await create(agent, { ...base(), customerId: other.id, loanId }), 404)).toBe('StaffLoanNotFound');
    expect(errorName(await create(agent, { ...base(), customerId: UNKNOWN }), 404)).toBe('StaffCustomerNotFound');
    expect(errorName(await create(agent, { ...base(), assignedStaffId: company.staff.id }))).toBe(
      'TodoAssigneeInvalid',
    );
    expect(errorName(await create(agent, { ...base(), assignedStaffId: UNKNOWN }))).toBe('TodoAssigneeInvalid');
    for (const body of [
      { ...base(), kind: 'welcomeCall' },
      { ...base(), customerId: undefined, loanId },
      { ...base(), title: '  ' },
      { ...base(), dueAt: 'mañana' },
      { ...base(), extra: 1 },
    ]) {
      expect((await create(agent, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(errorName(await get(agent, UNKNOWN), 404)).toBe('TodoNotFound');
    expect(errorName(await send(agent, 'GET', `/api/todo/getToDoItems?customerId=${UNKNOWN}`), 404)).toBe(
      'StaffCustomerNotFound',
    );
    // A to-do without a customer is fine (an internal task).
    expect((await created(agent, { customerId: undefined, kind: 'general' })).customerId).toBeNull();
  });

  it('is refused to the collection company (403)', async () => {
    expect(errorName(await create(company, base()), 403)).toBe('Forbidden');
    expect(errorName(await send(company, 'POST', '/api/todo/paginated', {}), 403)).toBe('Forbidden');
  });
});

function base() {
  return { customerId: customer.id, kind: 'callBack', title: 'Llamar', dueAt: '2026-11-26T09:00:00Z' };
}

describe('change, done, cancel', () => {
  it('changes the fields given, audited with only what changed; the same values are NothingToChange', async () => {
    const todo = await created(agent);
    const changed = dataOf<TodoItem>(
      await update(agent, todo.id, { title: 'Llamar por la nómina', assignedStaffId: null, notes: 'Tras las 17:00' }),
    );
    expect(changed).toMatchObject({ title: 'Llamar por la nómina', assignedTo: null, notes: 'Tras las 17:00' });
    const records = await auditOf(todo.id);
    expect(records.at(-1)).toMatchObject({
      callName: 'TodoUpdatePut',
      before: { title: 'Devolver la llamada', assignedStaffId: agent.staff.id, notes: null },
      after: { title: 'Llamar por la nómina', assignedStaffId: null, notes: 'Tras las 17:00' },
    });
    expect(errorName(await update(agent, todo.id, { title: 'Llamar por la nómina' }))).toBe('NothingToChange');
    const moved = dataOf<TodoItem>(await update(agent, todo.id, { dueAt: '2026-11-27T08:30:00+01:00', notes: null }));
    expect(moved).toMatchObject({ dueAt: '2026-11-27T07:30:00.000Z', notes: null });
    expect(errorName(await update(agent, todo.id, { assignedStaffId: company.staff.id }))).toBe('TodoAssigneeInvalid');
    expect(errorName(await update(agent, UNKNOWN, { title: 'x' }), 404)).toBe('TodoNotFound');
  });

  it('marks it done with the outcome (who and when kept); done is final', async () => {
    const todo = await created(agent);
    expect((await update(agent, todo.id, { status: 'done' })).statusCode).toBe(400);
    expect((await update(agent, todo.id, { outcome: 'Hablado' })).statusCode).toBe(400);
    t.clock.set('2026-11-25T10:05:00Z');
    const done = dataOf<TodoItem>(
      await update(otherAgent, todo.id, { status: 'done', outcome: 'Hablado con la clienta: paga el viernes' }),
    );
    t.clock.set(NOW);
    expect(done).toMatchObject({
      status: 'done',
      outcome: 'Hablado con la clienta: paga el viernes',
      doneAt: '2026-11-25T10:05:00.000Z',
      doneBy: { id: otherAgent.staff.id },
    });
    expect((await auditOf(todo.id)).at(-1)).toMatchObject({
      staffUserId: otherAgent.staff.id,
      before: { status: 'open', outcome: null, doneBy: null },
      after: { status: 'done', outcome: 'Hablado con la clienta: paga el viernes', doneBy: otherAgent.staff.id },
    });
    expect(errorName(await update(agent, todo.id, { title: 'Otra cosa' }))).toBe('TodoClosed');
    expect(errorName(await cancel(agent, todo.id))).toBe('TodoClosed');
  });

  it('TodoDelete cancels it: the row stays, readable, audited with the reason; cancelled is final', async () => {
    const todo = await created(agent);
    const cancelled = dataOf<TodoItem>(await cancel(admin, todo.id, { reason: 'La clienta ya ha llamado' }));
    expect(cancelled.status).toBe('cancelled');
    expect(dataOf<TodoItem>(await get(agent, todo.id)).status).toBe('cancelled');
    expect(await t.db.select().from(todoItems).where(eq(todoItems.id, todo.id))).toHaveLength(1);
    expect((await auditOf(todo.id)).at(-1)).toMatchObject({
      callName: 'TodoDelete',
      reason: 'La clienta ya ha llamado',
      before: { status: 'open' },
      after: { status: 'cancelled' },
    });
    expect(errorName(await cancel(admin, todo.id))).toBe('TodoClosed');
    expect(errorName(await update(admin, todo.id, { notes: 'x' }))).toBe('TodoClosed');
    expect(errorName(await cancel(admin, UNKNOWN), 404)).toBe('TodoNotFound');
  });
});

describe('TodoPagedPost: filters and pages', () => {
  it('filters by assignee (me, team, all), Madrid days, kind, status and customer; pages and sorts by due time', async () => {
    await t.db.delete(todoItems);
    const mine = await staffSession(t, 'cam');
    const someone = await createCustomer(t);
    const of = (body: Record<string, unknown>) => created(mine, { customerId: someone.id, ...body });
    // 23:30 UTC on the 25th is already the 26th in Madrid.
    const a = await of({ dueAt: '2026-11-25T22:30:00Z', kind: 'callBack' });
    const b = await of({ dueAt: '2026-11-25T23:30:00Z', kind: 'general' });
    const c = await of({ dueAt: '2026-11-27T10:00:00Z', kind: 'callBack', assignedStaffId: null });
    const d = await of({ dueAt: '2026-11-28T10:00:00Z', kind: 'documentReview', assignedStaffId: agent.staff.id });
    dataOf(await update(mine, a.id, { status: 'done', outcome: 'Hecho sin más' }));
    const ids = async (body: Record<string, unknown>) => (await page(mine, body)).items.map((todo) => todo.id);

    expect(await ids({})).toEqual([a.id, b.id, c.id, d.id]);
    expect(await ids({ sort: '-dueAt' })).toEqual([d.id, c.id, b.id, a.id]);
    expect(await ids({ assigned: 'me' })).toEqual([a.id, b.id]);
    expect(await ids({ assigned: 'team' })).toEqual([c.id]);
    expect((await page(agent, { assigned: 'me' })).items.map((todo) => todo.id)).toEqual([d.id]);
    expect(await ids({ from: '2026-11-26', to: '2026-11-27' })).toEqual([b.id, c.id]);
    expect(await ids({ to: '2026-11-25' })).toEqual([a.id]);
    expect(await ids({ from: '2026-11-28' })).toEqual([d.id]);
    expect(await ids({ kind: 'callBack' })).toEqual([a.id, c.id]);
    expect(await ids({ status: 'open' })).toEqual([b.id, c.id, d.id]);
    expect(await ids({ status: 'done', assigned: 'me' })).toEqual([a.id]);
    expect(await ids({ customerId: customer.id })).toEqual([]);
    expect(errorName(await send(mine, 'POST', '/api/todo/paginated', { from: '2026-11-27', to: '2026-11-26' }))).toBe(
      'DateRangeInvalid',
    );

    for (let index = 0; index < 9; index += 1) await of({ dueAt: `2026-12-01T1${index}:00:00Z`, kind: 'general' });
    const second = await page(mine, { pageSize: 10, page: 2 });
    expect(second).toMatchObject({ page: 2, pageSize: 10, total: 13 });
    expect(second.items).toHaveLength(3);
    expect(second.items.at(-1)?.dueAt).toBe('2026-12-01T18:00:00.000Z');
    expect((await send(mine, 'POST', '/api/todo/paginated', { pageSize: 7 })).statusCode).toBe(400);
    expect((await send(mine, 'POST', '/api/todo/paginated', { assigned: 'others' })).statusCode).toBe(400);
  });
});
