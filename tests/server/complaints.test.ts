import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ComplaintHistoryGet, ComplaintsGet, complaintSchema, type Complaint } from '../../src/shared/api/complaint.ts';
import { issueStaffSession } from '../../src/server/auth/staff-sessions.ts';
import { auditRecords, complaintCases } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { dataOf, expectForbidden, expectNotFound, send, UNKNOWN_ID } from './helpers/customer-file.ts';
import { createCustomer } from './helpers/customers.ts';
import { errorsOf } from './helpers/membership-login.ts';
import { createRunningLoan } from './helpers/running-loans.ts';
import { staffSession, type StaffLoggedIn } from './helpers/staff.ts';

/**
 * Complaints with their deadline (docs/backoffice.md §5 "Complaints", docs/rules/complaints.md) through the
 * contract: the last day from the filing's Madrid date (a month from date to date, 15 business days without weekends
 * and national holidays), the days left and the Spanish text as of today (as of the answer once answered), the
 * status moves with their history rows, the void that keeps the row, an audit record with before and after on every
 * write, and the 400, 403 and 404 answers.
 */

// Tuesday 1 December 2026, 11:00 in Madrid.
const NOW = '2026-12-01T10:00:00.000Z';
const BASE = '/api/customer/complaintCase';

let t: TestApp;
let agent: StaffLoggedIn;
let admin: StaffLoggedIn;
let company: StaffLoggedIn;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW });
  agent = await staffSession(t, 'cam');
  admin = await staffSession(t, 'administrator');
  company = await staffSession(t, 'collectioncompany');
});
afterEach(() => at(NOW));
afterAll(() => t.close());

/** A new session of the same staff member (an idle one ends after 15 minutes of the fake clock). */
async function reissued(who: StaffLoggedIn): Promise<StaffLoggedIn> {
  const { token } = await issueStaffSession(t, { id: who.staff.id, role: who.staff.role });
  return { ...who, token, headers: { ...who.headers, authorization: `Bearer ${token}` } };
}

/** Moves the clock to `instant`, with fresh sessions for the agent and the administrator. */
async function at(instant: string): Promise<void> {
  t.clock.set(instant);
  agent = await reissued(agent);
  admin = await reissued(admin);
}

const complaintOf = (response: LightMyRequestResponse): Complaint => complaintSchema.parse(dataOf(response));

const body = (customerId: number, fields: Record<string, unknown> = {}) => ({
  customerId,
  channel: 'phone',
  category: 'loan',
  subject: 'Cobro duplicado',
  description: 'El cliente dice que se le cobró dos veces la cuota de noviembre.',
  ...fields,
});

const create = (customerId: number, fields: Record<string, unknown> = {}, who = agent) =>
  send(t, 'POST', BASE, who, body(customerId, fields));

async function created(fields: Record<string, unknown> = {}, customerId?: number): Promise<Complaint> {
  return complaintOf(await create(customerId ?? (await createCustomer(t)).id, fields));
}

const move = (id: number, payload: Record<string, unknown>, who = agent) =>
  send(t, 'POST', `${BASE}/${id}/status`, who, { reason: 'Revisado con el cliente', ...payload });

const update = (id: number, payload: Record<string, unknown>, who = agent) =>
  send(t, 'PUT', `${BASE}/${id}`, who, payload);

const voidIt = (id: number, payload: Record<string, unknown> = { reason: 'Registrada por error' }, who = admin) =>
  t.app.inject({
    method: 'DELETE',
    url: `${BASE}/${id}`,
    headers: { ...who.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

async function history(id: number) {
  return ComplaintHistoryGet.response.parse(dataOf(await send(t, 'GET', `${BASE}/${id}/history`, agent)));
}

async function list(query: string, who = agent) {
  return ComplaintsGet.response.parse(dataOf(await send(t, 'GET', `/api/customer/complaintCases?${query}`, who)));
}

const auditOf = (id: number) =>
  t.db
    .select()
    .from(auditRecords)
    .where(and(eq(auditRecords.entityType, 'complaint'), eq(auditRecords.entityId, String(id))))
    .orderBy(auditRecords.id);

const codeOf = (response: LightMyRequestResponse, status = 422) => errorsOf(response, status)[0]!;

describe('the deadline', () => {
  it('defaults to one month from the filing, now: due 1 January, 31 days left, with the Spanish text', async () => {
    const customer = await createCustomer(t);
    const complaint = complaintOf(await create(customer.id));
    expect(complaint).toMatchObject({
      customerId: customer.id,
      customerName: 'Ana Prueba Test',
      loanId: null,
      channel: 'phone',
      category: 'loan',
      status: 'open',
      receivedAt: NOW,
      deadlineRule: 'consumerOneMonth',
      dueOn: '2027-01-01',
      daysLeft: 31,
      overdue: false,
      deadlineText: 'Plazo de respuesta: hasta el 01/01/2027 (quedan 31 días)',
      assignedStaff: null,
      resolution: null,
      answerText: null,
      answeredAt: null,
      createdBy: { id: agent.staff.id, fullName: 'Empleada de Prueba' },
      createdAt: NOW,
    });
  });

  it.each([
    ['2026-01-31T12:00:00.000Z', '2026-02-28', -276, NOW],
    // A leap year: read on 1 March 2028.
    ['2028-01-31T12:00:00.000Z', '2028-02-29', -1, '2028-03-01T10:00:00.000Z'],
    // 23:30 UTC on 31 January is 1 February in Madrid: the month runs from there.
    ['2026-01-31T23:30:00.000Z', '2026-03-01', -275, NOW],
  ])('counts a month from the Madrid date of %s: due %s, passed', async (receivedAt, dueOn, daysLeft, now) => {
    await at(now);
    const complaint = await created({ receivedAt });
    expect(complaint).toMatchObject({ dueOn, daysLeft, overdue: true, deadlineText: 'Plazo vencido' });
  });

  it('gives two months to a non-consumer, date to date', async () => {
    const complaint = await created({ receivedAt: '2026-10-31T10:00:00.000Z', deadlineRule: 'nonConsumerTwoMonths' });
    expect(complaint).toMatchObject({ dueOn: '2026-12-31', daysLeft: 30 });
  });

  it('counts 15 business days for payment services, skipping weekends and 8 December; singular on the last eve', async () => {
    const rule = { deadlineRule: 'paymentServices15BusinessDays' };
    const complaint = await created({ ...rule, receivedAt: '2026-12-01T09:00:00.000Z' });
    expect(complaint).toMatchObject({
      dueOn: '2026-12-23',
      daysLeft: 22,
      deadlineText: 'Plazo de respuesta: hasta el 23/12/2026 (quedan 22 días)',
    });
    // Filed on Friday 4 December: 6 December is a Sunday, 8 December and 25 December holidays.
    await at('2026-12-04T12:00:00.000Z');
    expect((await created({ ...rule, receivedAt: '2026-12-04T11:00:00.000Z' })).dueOn).toBe('2026-12-29');

    await at('2026-12-22T09:00:00.000Z');
    const [eve] = (await list(`customerId=${complaint.customerId}`)).items;
    expect(eve).toMatchObject({ daysLeft: 1, deadlineText: 'Plazo de respuesta: hasta el 23/12/2026 (queda 1 día)' });
    await at('2026-12-23T22:59:00.000Z');
    expect((await list(`customerId=${complaint.customerId}`)).items[0]).toMatchObject({ daysLeft: 0, overdue: false });
    await at('2026-12-23T23:00:00.000Z');
    expect((await list(`customerId=${complaint.customerId}`)).items[0]).toMatchObject({
      daysLeft: -1,
      overdue: true,
      deadlineText: 'Plazo vencido',
    });
  });

  it('refuses a filing date later than now or more than two years ago', async () => {
    const customer = await createCustomer(t);
    const response = await create(customer.id, { receivedAt: '2026-12-01T10:00:01.000Z' });
    expect(codeOf(response)).toMatchObject({
      code: { name: 'ComplaintReceivedInFuture', value: 2065 },
      message: 'La fecha en que el cliente presentó la reclamación no puede ser posterior a hoy.',
    });
    // Two years back in Madrid: 1 December 2024 from its first minute (23:00 UTC the day before).
    expect(codeOf(await create(customer.id, { receivedAt: '2024-11-30T22:59:59.000Z' }))).toMatchObject({
      code: { name: 'ComplaintReceivedTooLongAgo', value: 2068 },
      message: 'La fecha en que el cliente presentó la reclamación no puede ser de hace más de dos años.',
    });
    expect(codeOf(await create(customer.id, { receivedAt: '0001-01-01T00:00:00.000Z' })).code.name).toBe(
      'ComplaintReceivedTooLongAgo',
    );
    expect(await t.db.select().from(complaintCases).where(eq(complaintCases.customerId, customer.id))).toEqual([]);
    expect((await created({ receivedAt: '2024-11-30T23:00:00.000Z' }, customer.id)).dueOn).toBe('2025-01-01');
  });
});

describe('ComplaintCreatePost', () => {
  it('records the complaint, its first history row and an audit record with the values after', async () => {
    const customer = await createCustomer(t);
    const { loanId } = await createRunningLoan(t, customer.id, { nextDue: '2026-12-15' });
    const complaint = complaintOf(
      await create(customer.id, { loanId, channel: 'bde', assignedStaffId: agent.staff.id }),
    );
    expect(complaint).toMatchObject({
      loanId,
      channel: 'bde',
      assignedStaff: { id: agent.staff.id, fullName: 'Empleada de Prueba' },
    });
    expect(await history(complaint.id)).toEqual([
      {
        id: expect.any(Number),
        fromStatus: null,
        toStatus: 'open',
        changedBy: `staff:${agent.staff.id}`,
        reason: null,
        at: NOW,
      },
    ]);
    const [record, ...more] = await auditOf(complaint.id);
    expect(more).toEqual([]);
    expect(record).toMatchObject({
      staffUserId: agent.staff.id,
      callName: 'ComplaintCreatePost',
      customerId: customer.id,
      loanId,
      before: null,
      after: {
        status: 'open',
        loanId,
        channel: 'bde',
        subject: 'Cobro duplicado',
        receivedAt: NOW,
        deadlineRule: 'consumerOneMonth',
        dueOn: '2027-01-01',
        assignedStaffId: agent.staff.id,
      },
    });
  });

  it('answers 404 for an unknown customer or another customer’s loan, 422 for an assignee who is no agent', async () => {
    expectNotFound(await create(UNKNOWN_ID));
    const customer = await createCustomer(t);
    const other = await createCustomer(t);
    const { loanId } = await createRunningLoan(t, other.id, { nextDue: '2026-12-15' });
    for (const id of [loanId, UNKNOWN_ID]) {
      expect(codeOf(await create(customer.id, { loanId: id }), 404)).toMatchObject({
        code: { name: 'StaffLoanNotFound' },
        message: 'No hemos encontrado ese préstamo.',
      });
    }
    for (const id of [company.staff.id, UNKNOWN_ID]) {
      expect(codeOf(await create(customer.id, { assignedStaffId: id })).code.name).toBe('ComplaintAssigneeNotFound');
    }
    expect(await t.db.select().from(complaintCases).where(eq(complaintCases.customerId, customer.id))).toEqual([]);
  });

  it('answers 400 for an unknown channel, category or rule, a short subject, or an unknown field', async () => {
    const customer = await createCustomer(t);
    for (const fields of [
      { channel: 'fax' },
      { category: 'weather' },
      { deadlineRule: 'tenYears' },
      { subject: 'no' },
      { description: '' },
      { status: 'closed' },
    ]) {
      expect((await create(customer.id, fields)).statusCode, JSON.stringify(fields)).toBe(400);
    }
    expect(errorsOf(await create(customer.id, { subject: 'no' }), 400)[0]!.message).toContain(
      'Escribe el asunto (al menos 3 caracteres)',
    );
  });
});

describe('ComplaintUpdatePut', () => {
  it('changes only the fields sent; a new rule moves the deadline; the audit keeps before and after', async () => {
    const complaint = await created();
    t.clock.advance(60_000);
    const changed = complaintOf(
      await update(complaint.id, {
        subject: 'Cobro duplicado de noviembre',
        category: 'payments',
        deadlineRule: 'paymentServices15BusinessDays',
        assignedStaffId: admin.staff.id,
        reason: 'El cliente pagó con tarjeta',
      }),
    );
    expect(changed).toMatchObject({
      subject: 'Cobro duplicado de noviembre',
      category: 'payments',
      channel: 'phone',
      deadlineRule: 'paymentServices15BusinessDays',
      dueOn: '2026-12-23',
      assignedStaff: { id: admin.staff.id },
      updatedAt: '2026-12-01T10:01:00.000Z',
    });
    const [, record] = await auditOf(complaint.id);
    expect(record).toMatchObject({
      callName: 'ComplaintUpdatePut',
      reason: 'El cliente pagó con tarjeta',
      before: {
        subject: 'Cobro duplicado',
        category: 'loan',
        deadlineRule: 'consumerOneMonth',
        dueOn: '2027-01-01',
        assignedStaffId: null,
      },
      after: {
        subject: 'Cobro duplicado de noviembre',
        category: 'payments',
        deadlineRule: 'paymentServices15BusinessDays',
        dueOn: '2026-12-23',
        assignedStaffId: admin.staff.id,
      },
    });
    expect(Object.keys(record!.after!).sort()).toEqual(
      ['assignedStaffId', 'category', 'deadlineRule', 'dueOn', 'subject'].sort(),
    );

    const received = complaintOf(await update(complaint.id, { receivedAt: '2026-11-27T10:00:00.000Z' }));
    expect(received.dueOn).toBe('2026-12-21');
  });

  it('refuses the values already stored, an unknown complaint (404) and other customers’ loans', async () => {
    const complaint = await created();
    const same = await update(complaint.id, { subject: 'Cobro duplicado', channel: 'phone' });
    expect(codeOf(same)).toMatchObject({
      code: { name: 'ComplaintNothingToChange', value: 2064 },
      message: 'La reclamación ya tiene esos datos: no hay nada que cambiar.',
    });
    expect(codeOf(await update(UNKNOWN_ID, { subject: 'Otro asunto' }), 404)).toMatchObject({
      code: { name: 'StaffComplaintNotFound', value: 2060 },
      message: 'No hemos encontrado esa reclamación.',
    });
    const other = await createCustomer(t);
    const { loanId } = await createRunningLoan(t, other.id, { nextDue: '2026-12-15' });
    expect(codeOf(await update(complaint.id, { loanId }), 404).code.name).toBe('StaffLoanNotFound');
    expect(codeOf(await update(complaint.id, { receivedAt: '2026-12-02T00:00:00.000Z' })).code.name).toBe(
      'ComplaintReceivedInFuture',
    );
    expect(await auditOf(complaint.id)).toHaveLength(1);
  });
});

describe('ComplaintGet', () => {
  it('answers one case with its deadline as of today, and 404 for an unknown one', async () => {
    const complaint = await created({ receivedAt: '2026-11-02T09:00:00.000Z' });
    await at('2026-12-03T10:00:00.000Z');
    const read = complaintOf(await send(t, 'GET', `${BASE}/${complaint.id}`, agent));
    expect(read).toMatchObject({
      id: complaint.id,
      status: 'open',
      dueOn: '2026-12-02',
      daysLeft: -1,
      overdue: true,
      deadlineText: 'Plazo vencido',
    });
    expect(codeOf(await send(t, 'GET', `${BASE}/${UNKNOWN_ID}`, agent), 404)).toMatchObject({
      code: { name: 'StaffComplaintNotFound', value: 2060 },
    });
  });
});

describe('ComplaintStatusPost', () => {
  it('moves open → inProgress → answered → closed with history rows, audit records, and the clock stopped by the answer', async () => {
    const complaint = await created({ deadlineRule: 'paymentServices15BusinessDays' });
    const closedMove = await move(complaint.id, { status: 'closed' });
    expect(codeOf(closedMove)).toMatchObject({
      code: { name: 'ComplaintStatusMoveNotAllowed', value: 2061 },
      message: 'Una reclamación abierta no puede pasar a cerrada.',
    });
    expect(complaintOf(await move(complaint.id, { status: 'inProgress', reason: 'Lo revisa cobros' })).status).toBe(
      'inProgress',
    );

    expect(
      codeOf(await move(complaint.id, { status: 'answered', answerText: 'Le devolvemos la cuota.' })),
    ).toMatchObject({
      code: { name: 'ComplaintAnswerRequired', value: 2062 },
    });
    expect(codeOf(await move(complaint.id, { status: 'answered', resolution: 'upheld' })).code.name).toBe(
      'ComplaintAnswerRequired',
    );

    await at('2026-12-10T09:00:00.000Z');
    const answered = complaintOf(
      await move(complaint.id, {
        status: 'answered',
        answerText: 'Le devolvemos la cuota cobrada dos veces.',
        resolution: 'upheld',
        reason: 'Respuesta enviada por correo',
      }),
    );
    expect(answered).toMatchObject({
      status: 'answered',
      resolution: 'upheld',
      answerText: 'Le devolvemos la cuota cobrada dos veces.',
      answeredAt: '2026-12-10T09:00:00.000Z',
      dueOn: '2026-12-23',
      daysLeft: 13,
    });
    // Weeks later, the deadline still reads as of the answer: answered in time.
    await at('2027-01-20T09:00:00.000Z');
    expect(complaintOf(await move(complaint.id, { status: 'closed' }))).toMatchObject({
      status: 'closed',
      daysLeft: 13,
      overdue: false,
      deadlineText: 'Plazo de respuesta: hasta el 23/12/2026 (quedan 13 días)',
    });

    const rows = await history(complaint.id);
    expect(rows.map((row) => [row.fromStatus, row.toStatus, row.reason])).toEqual([
      ['answered', 'closed', 'Revisado con el cliente'],
      ['inProgress', 'answered', 'Respuesta enviada por correo'],
      ['open', 'inProgress', 'Lo revisa cobros'],
      [null, 'open', null],
    ]);
    expect(rows.every((row) => row.changedBy === `staff:${agent.staff.id}`)).toBe(true);

    const records = await auditOf(complaint.id);
    expect(records.map((record) => [record.callName, record.before, record.after, record.reason])).toEqual([
      ['ComplaintCreatePost', null, expect.objectContaining({ status: 'open' }), null],
      ['ComplaintStatusPost', { status: 'open' }, { status: 'inProgress' }, 'Lo revisa cobros'],
      [
        'ComplaintStatusPost',
        { status: 'inProgress' },
        {
          status: 'answered',
          answerText: 'Le devolvemos la cuota cobrada dos veces.',
          resolution: 'upheld',
          answeredAt: '2026-12-10T09:00:00.000Z',
        },
        'Respuesta enviada por correo',
      ],
      ['ComplaintStatusPost', { status: 'answered' }, { status: 'closed' }, 'Revisado con el cliente'],
    ]);

    expect(codeOf(await update(complaint.id, { subject: 'Otro asunto' }))).toMatchObject({
      code: { name: 'ComplaintNotEditable', value: 2063 },
      message: 'La reclamación está cerrada: ya no se puede modificar.',
    });
    expect(codeOf(await move(complaint.id, { status: 'inProgress' })).message).toBe(
      'Una reclamación cerrada no puede pasar a en curso.',
    );
  });

  it('answers straight from open; an answer after the last day stays overdue; no answer text on other moves', async () => {
    const complaint = await created({ receivedAt: '2026-10-15T10:00:00.000Z' });
    expect(codeOf(await move(complaint.id, { status: 'inProgress', resolution: 'rejected' }))).toMatchObject({
      code: { name: 'ComplaintAnswerNotExpected', value: 2067 },
    });
    const answered = complaintOf(
      await move(complaint.id, { status: 'answered', answerText: 'No procede.', resolution: 'rejected' }),
    );
    expect(answered).toMatchObject({ status: 'answered', dueOn: '2026-11-15', overdue: true, daysLeft: -16 });
  });

  it('answers 400 without a reason or for a status it may not set, 404 for an unknown complaint', async () => {
    const complaint = await created();
    expect((await send(t, 'POST', `${BASE}/${complaint.id}/status`, agent, { status: 'inProgress' })).statusCode).toBe(
      400,
    );
    for (const status of ['void', 'open', 'lost']) {
      expect((await move(complaint.id, { status })).statusCode, status).toBe(400);
    }
    expect(codeOf(await move(UNKNOWN_ID, { status: 'inProgress' }), 404).code.name).toBe('StaffComplaintNotFound');
    expect(codeOf(await send(t, 'GET', `${BASE}/${UNKNOWN_ID}/history`, agent), 404).code.name).toBe(
      'StaffComplaintNotFound',
    );
  });
});

describe('ComplaintDelete', () => {
  it('voids with the reason and keeps the row, its history and its audit record; only administrators', async () => {
    const complaint = await created();
    expectForbidden(await voidIt(complaint.id, undefined, agent));
    expect((await voidIt(complaint.id, {})).statusCode).toBe(400);

    await at('2026-12-05T10:00:00.000Z');
    const voided = complaintOf(await voidIt(complaint.id));
    expect(voided).toMatchObject({
      status: 'void',
      voidReason: 'Registrada por error',
      voidedAt: '2026-12-05T10:00:00.000Z',
      daysLeft: 27,
    });
    const [row] = await t.db.select().from(complaintCases).where(eq(complaintCases.id, complaint.id));
    expect(row).toMatchObject({ status: 'void', voidedBy: admin.staff.id, subject: 'Cobro duplicado' });
    expect((await history(complaint.id))[0]).toMatchObject({
      fromStatus: 'open',
      toStatus: 'void',
      reason: 'Registrada por error',
      changedBy: `staff:${admin.staff.id}`,
    });
    expect((await auditOf(complaint.id)).at(-1)).toMatchObject({
      callName: 'ComplaintDelete',
      staffUserId: admin.staff.id,
      reason: 'Registrada por error',
      before: { status: 'open' },
      after: { status: 'void', voidReason: 'Registrada por error', voidedBy: admin.staff.id },
    });

    expect(codeOf(await voidIt(complaint.id)).message).toBe('La reclamación está anulada: ya no se puede modificar.');
    expect(codeOf(await move(complaint.id, { status: 'inProgress' })).message).toBe(
      'Una reclamación anulada no puede pasar a en curso.',
    );
    expect(codeOf(await update(complaint.id, { subject: 'Otro asunto' })).code.name).toBe('ComplaintNotEditable');
    expect(codeOf(await voidIt(UNKNOWN_ID), 404).code.name).toBe('StaffComplaintNotFound');
  });
});

describe('ComplaintsGet', () => {
  it('filters by customer, status, assignee and overdue, sorts by dueOn both ways, and pages', async () => {
    const customer = await createCustomer(t);
    const other = await createCustomer(t);
    const assignee = await staffSession(t, 'cam');
    const add = (fields: Record<string, unknown>, customerId = customer.id) => created(fields, customerId);
    const late = await add({ receivedAt: '2026-10-01T10:00:00.000Z' });
    const soon = await add({ receivedAt: '2026-11-20T10:00:00.000Z', assignedStaffId: assignee.staff.id });
    const later = await add({ deadlineRule: 'nonConsumerTwoMonths' });
    const answeredLate = await add({ receivedAt: '2026-09-01T10:00:00.000Z' });
    complaintOf(await move(answeredLate.id, { status: 'answered', answerText: 'Respuesta.', resolution: 'withdrawn' }));
    const elsewhere = await add({ assignedStaffId: assignee.staff.id }, other.id);

    const ids = async (query: string) => (await list(query)).items.map((item) => item.id);
    expect(await ids(`customerId=${customer.id}`)).toEqual([answeredLate.id, late.id, soon.id, later.id]);
    expect(await ids(`customerId=${customer.id}&sort=-dueOn`)).toEqual([later.id, soon.id, late.id, answeredLate.id]);
    expect(await ids(`customerId=${customer.id}&status=open`)).toEqual([late.id, soon.id, later.id]);
    expect(await ids(`customerId=${customer.id}&status=answered`)).toEqual([answeredLate.id]);
    expect(await ids(`customerId=${customer.id}&overdue=true`)).toEqual([answeredLate.id, late.id]);
    expect(await ids(`customerId=${customer.id}&overdue=false`)).toEqual([soon.id, later.id]);
    expect(await ids(`assignedStaffId=${assignee.staff.id}`)).toEqual([soon.id, elsewhere.id]);
    expect(await ids(`assignedStaffId=${assignee.staff.id}&customerId=${other.id}`)).toEqual([elsewhere.id]);

    const page = await list(`customerId=${customer.id}&pageSize=10&page=1`);
    expect(page).toMatchObject({ page: 1, pageSize: 10, total: 4, totalCapped: false });
    expect(page.items[1]).toMatchObject({ id: late.id, overdue: true, deadlineText: 'Plazo vencido' });
    const second = await list(`customerId=${customer.id}&pageSize=10&page=2`);
    expect(second).toMatchObject({ page: 2, total: 4, items: [] });

    // Answered in time (due 25 December), then read after its last day: not overdue; `soon` (unanswered) now is.
    const inTime = await add({ receivedAt: '2026-11-25T10:00:00.000Z' });
    complaintOf(await move(inTime.id, { status: 'answered', answerText: 'Respuesta.', resolution: 'upheld' }));
    await at('2026-12-28T10:00:00.000Z');
    expect(await ids(`customerId=${customer.id}&overdue=true`)).toEqual([answeredLate.id, late.id, soon.id]);
    expect(await ids(`customerId=${customer.id}&overdue=false`)).toEqual([inTime.id, later.id]);
    expect((await list(`customerId=${customer.id}&status=answered`)).items.map((item) => item.overdue)).toEqual([
      true,
      false,
    ]);
  });

  it('answers 404 for an unknown customer and 400 for bad filters', async () => {
    expectNotFound(await send(t, 'GET', `/api/customer/complaintCases?customerId=${UNKNOWN_ID}`, agent));
    for (const query of ['status=lost', 'overdue=yes', 'sort=createdAt', 'pageSize=7', 'page=0', 'extra=1']) {
      expect((await send(t, 'GET', `/api/customer/complaintCases?${query}`, agent)).statusCode, query).toBe(400);
    }
  });
});

describe('roles', () => {
  it('answers 403 to a collection company’s user on every complaint call', async () => {
    const complaint = await created();
    expectForbidden(await create((await createCustomer(t)).id, {}, company));
    expectForbidden(await update(complaint.id, { subject: 'Otro asunto' }, company));
    expectForbidden(await move(complaint.id, { status: 'inProgress' }, company));
    expectForbidden(await send(t, 'GET', `${BASE}/${complaint.id}`, company));
    expectForbidden(await send(t, 'GET', `${BASE}/${complaint.id}/history`, company));
    expectForbidden(await send(t, 'GET', '/api/customer/complaintCases', company));
    expectForbidden(await voidIt(complaint.id, undefined, company));
    expect(await auditOf(complaint.id)).toHaveLength(1);
  });
});
