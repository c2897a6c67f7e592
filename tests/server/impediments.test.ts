import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRecords } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login, type LoggedIn } from './helpers/customers.ts';
import { codeOf, dataOf, expectForbidden, send, UNKNOWN_ID } from './helpers/customer-file.ts';
import { errorsOf } from './helpers/membership-login.ts';
import { createRunningLoan } from './helpers/running-loans.ts';
import { staffSession, type StaffLoggedIn } from './helpers/staff.ts';

/**
 * Impediments (issue 27 «Loans»: create, list, status, `customerCanCreateImpediment`; docs/rules/payments.md
 * "Impediments"): the customer tells us why they cannot pay, one at a time per loan; an agent finds it in the queue,
 * takes it and closes it with a note, audited; then the customer may write again.
 */

const NOW = '2026-11-24T10:00:00.000Z';
let t: TestApp;
let agent: StaffLoggedIn;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW });
  agent = await staffSession(t, 'cam');
});
afterAll(() => t.close());

const create = (who: LoggedIn, loanId: number, reason = 'salaryDelay') =>
  t.app.inject({
    method: 'POST',
    url: '/api/loan/impediments/create',
    headers: who.headers,
    payload: { loanId, reason, comment: 'Me pagan la nómina el día 15' },
  });
const allowed = async (who: LoggedIn, loanId: number) =>
  dataOf(await t.app.inject({ url: `/api/loan/customerCanCreateImpediment?loanId=${loanId}`, headers: who.headers }));
const move = (impedimentId: number, status: string, reason: string, who = agent) =>
  send(t, 'POST', `/api/loan/setImpedimentStatus/${impedimentId}`, who, { status, reason });
const queue = async (query: string) =>
  dataOf(await send(t, 'GET', `/api/loan/getAllImpediments?${query}`, agent)) as {
    items: Array<Record<string, unknown>>;
    total: number;
  };

async function borrower() {
  const who = await login(t, { status: 'securityChecked', firstName: 'Lucía', lastName: 'Impedimento Prueba' });
  const loan = await createRunningLoan(t, who.customer.id, { nextDue: '2026-12-10', paid: 1 });
  return { who, loan };
}

describe('impediments', () => {
  it('one at a time per loan: the customer is told, the queue shows it, an agent takes and closes it', async () => {
    const { who, loan } = await borrower();
    expect(await allowed(who, loan.loanId)).toEqual({ canCreate: true, reason: null });
    const first = await create(who, loan.loanId);
    expect(first.statusCode, first.body).toBe(200);
    const { id } = first.json().data as { id: number };

    expect(await allowed(who, loan.loanId)).toEqual({ canCreate: false, reason: 'alreadyOpen' });
    const again = await create(who, loan.loanId, 'illness');
    expect(errorsOf(again, 422)[0]).toMatchObject({
      code: { name: 'ImpedimentAlreadyOpen', value: 1225 },
      message: 'Ya nos contaste qué te pasa con este préstamo: lo estamos revisando y te llamaremos pronto.',
    });

    const page = await queue(`customerId=${who.customer.id}`);
    expect(page.items).toEqual([
      {
        id,
        customerId: who.customer.id,
        customerName: 'Lucía Impedimento Prueba',
        loanId: loan.loanId,
        reason: 'salaryDelay',
        comment: 'Me pagan la nómina el día 15',
        status: 'open',
        createdAt: NOW,
        handledBy: null,
        handledAt: null,
        note: null,
      },
    ]);

    expect(dataOf(await move(id, 'inReview', 'La llamo esta tarde'))).toMatchObject({
      status: 'inReview',
      handledBy: { id: agent.staff.id },
      note: 'La llamo esta tarde',
    });
    expect(await allowed(who, loan.loanId)).toMatchObject({ canCreate: false });
    expect(dataOf(await move(id, 'resolved', 'Cambiamos la fecha de la cuota al día 16'))).toMatchObject({
      status: 'resolved',
      note: 'Cambiamos la fecha de la cuota al día 16',
    });
    expect((await queue(`status=resolved&loanId=${loan.loanId}`)).total).toBe(1);
    expect((await queue(`status=open&loanId=${loan.loanId}`)).total).toBe(0);
    // Closed: the customer may write again.
    expect(await allowed(who, loan.loanId)).toEqual({ canCreate: true, reason: null });

    const audits = await t.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.entityId, String(id)))
      .orderBy(asc(auditRecords.id));
    expect(audits.filter((one) => one.entityType === 'impediment').map((one) => [one.before, one.after])).toEqual([
      [{ status: 'open' }, { status: 'inReview' }],
      [{ status: 'inReview' }, { status: 'resolved' }],
    ]);
  });

  it('refuses a move back from a closed impediment, in the spec error shape; the same status again changes nothing', async () => {
    const { who, loan } = await borrower();
    const { id } = (await create(who, loan.loanId)).json().data as { id: number };
    expect(dataOf(await move(id, 'rejected', 'No es un impedimento: ya pagó'))).toMatchObject({ status: 'rejected' });
    const [refused] = errorsOf(await move(id, 'open', 'Reabrir'), 422);
    expect(refused).toMatchObject({
      code: { name: 'ImpedimentMoveNotAllowed', value: 2115 },
      message: 'Un impedimento en estado «Rechazado» no puede pasar a «Abierto».',
    });
    expect(dataOf(await move(id, 'rejected', 'Otra vez'))).toMatchObject({
      status: 'rejected',
      note: 'No es un impedimento: ya pagó',
    });
  });

  it('a loan not running cannot have one; another customer’s loan is 404; staff 404 and 403', async () => {
    const { who } = await borrower();
    const repaid = await createRunningLoan(t, who.customer.id, { nextDue: '2026-12-10', status: 'repaid', count: 2 });
    expect(await allowed(who, repaid.loanId)).toEqual({ canCreate: false, reason: 'notRunning' });
    expect(codeOf(await create(who, repaid.loanId))).toBe('LoanNotFound');
    const other = await borrower();
    const foreign = await t.app.inject({
      url: `/api/loan/customerCanCreateImpediment?loanId=${other.loan.loanId}`,
      headers: who.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(errorsOf(await move(UNKNOWN_ID, 'inReview', 'La llamo'), 404)[0]!.code.name).toBe('StaffImpedimentNotFound');
    const company = await staffSession(t, 'collectioncompany');
    expectForbidden(await send(t, 'GET', '/api/loan/getAllImpediments', company));
  });
});
