import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditRecords,
  installmentStatusHistory,
  installments,
  loans,
  loanStatusHistory,
} from '../../src/server/db/schema/index.ts';
import { createPayoutJob } from '../../src/server/modules/payout/index.ts';
import { createPushSender } from '../../src/server/modules/push/index.ts';
import { assign, requestedLoan } from './helpers/agreement.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { codeOf, dataOf, expectForbidden, send, UNKNOWN_ID } from './helpers/customer-file.ts';
import { NOW, type Borrower } from './helpers/loan-request.ts';
import { errorsOf } from './helpers/membership-login.ts';
import { loansOf } from './helpers/payments.ts';
import { startLocalPushService, type LocalPushService } from './helpers/push-service.ts';
import { staffSession, type StaffLoggedIn } from './helpers/staff.ts';

/**
 * The staff's moves of a loan before its payout (docs/rules/loan-request.md "Staff moves before the payout"; issue 27
 * «Loans»: `updateloanstatus`, `setLoanIssued`, `setLoanCancelled`): a signed loan taken out of the payout job's hands
 * into the transfer's statuses and issued by hand as the job issues it (instalments, history, push); any loan not paid
 * out cancelled (the limit free again); every other move refused with the spec's error shape and nothing written; a
 * retry answers the loan as it is; the job and an agent at once issue it once.
 */

let t: TestApp;
let service: LocalPushService;
let agent: StaffLoggedIn;
let admin: StaffLoggedIn;
beforeAll(async () => {
  [t, service] = await Promise.all([createTestApp({ rateLimit: false, now: NOW }), startLocalPushService()]);
  [agent, admin] = await Promise.all([staffSession(t, 'cam'), staffSession(t, 'administrator')]);
});
afterAll(async () => {
  await t.close();
  await service.close();
});

/** A borrower whose loan is signed (AssignAgreementPost through the real app): agreementAssigned, payout due later. */
async function signedLoan(): Promise<Borrower & { loanId: number }> {
  const who = await requestedLoan(t);
  const response = await assign(t, who, { loanId: who.loanId, acceptAgreement: true });
  expect(response.statusCode, response.body).toBe(200);
  return who;
}

const move = (who: StaffLoggedIn, loanId: number, status: string, reason = 'Transferencia ordenada en el banco') =>
  send(t, 'POST', `/api/loan/updateloanstatus/${loanId}`, who, { status, reason });
const issue = (who: StaffLoggedIn, loanId: number, reason = 'Transferencia enviada a mano') =>
  send(t, 'POST', `/api/loan/setLoanIssued/${loanId}`, who, { reason });
const cancel = (who: StaffLoggedIn, loanId: number, reason = 'El cliente lo pide por teléfono') =>
  send(t, 'POST', `/api/loan/setLoanCancelled/${loanId}`, who, { reason });

const loanRow = async (loanId: number) => (await t.db.select().from(loans).where(eq(loans.id, loanId)))[0]!;
const historyOf = (loanId: number) =>
  t.db.select().from(loanStatusHistory).where(eq(loanStatusHistory.loanId, loanId)).orderBy(asc(loanStatusHistory.id));
const auditsOf = (loanId: number) =>
  t.db.select().from(auditRecords).where(eq(auditRecords.loanId, loanId)).orderBy(asc(auditRecords.id));

async function availableLimit(who: Borrower): Promise<number> {
  const response = await t.app.inject({ url: '/api/customer/creditlimit', headers: who.headers });
  return (dataOf(response) as { availableLimit: number }).availableLimit;
}

describe('a signed loan taken into the transfer and issued by hand', () => {
  it('leaves the payout job, moves with its history and audit, is issued as the job issues it, and pushes', async () => {
    const who = await signedLoan();
    const device = service.subscription();
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/communication/push/subscription',
      headers: who.headers,
      payload: device.json,
    });
    expect(subscribed.statusCode).toBe(200);

    expect(dataOf(await move(agent, who.loanId, 'transferRequested'))).toMatchObject({
      loanId: who.loanId,
      customerId: who.customer.id,
      from: 'agreementAssigned',
      status: 'transferRequested',
      changed: true,
    });
    // Its payout moment passes: the job leaves a loan staff took into their hands.
    const job = createPayoutJob({ db: t.db, clock: t.clock, log: t.app.log, send: createPushSender(t.secrets.vapid) });
    try {
      t.clock.set(new Date(new Date(NOW).getTime() + 60 * 60_000));
      expect((await job.runOnce()).issued).not.toContain(who.loanId);
    } finally {
      await job.stop();
      t.clock.set(NOW);
    }
    expect((await loanRow(who.loanId)).status).toBe('transferRequested');
    expect(dataOf(await move(admin, who.loanId, 'transferPending'))).toMatchObject({ status: 'transferPending' });

    const issued = dataOf(await issue(agent, who.loanId)) as { status: string; changed: boolean };
    expect(issued).toMatchObject({ from: 'transferPending', status: 'issued', changed: true });
    const row = await loanRow(who.loanId);
    expect(row).toMatchObject({ status: 'issued' });
    expect(row.issuedAt).not.toBeNull();
    expect((await loansOf(t, who))[0]).toMatchObject({ id: who.loanId, status: 'issued' });

    const history = (await historyOf(who.loanId)).map((one) => [
      one.fromStatus,
      one.toStatus,
      one.changedBy,
      one.reason,
    ]);
    expect(history.slice(-3)).toEqual([
      ['agreementAssigned', 'transferRequested', `staff:${agent.staff.id}`, 'Transferencia ordenada en el banco'],
      ['transferRequested', 'transferPending', `staff:${admin.staff.id}`, 'Transferencia ordenada en el banco'],
      ['transferPending', 'issued', `staff:${agent.staff.id}`, 'Transferencia enviada a mano'],
    ]);
    expect(history.slice(0, -3).map(([, to]) => to)).toEqual(['requested', 'agreementAssigned']);
    // Its instalments start to run, as the job's do (one history row each).
    const rows = await t.db.select().from(installments).where(eq(installments.loanId, who.loanId));
    expect(rows.length).toBe(12);
    const runs = await t.db
      .select()
      .from(installmentStatusHistory)
      .where(eq(installmentStatusHistory.installmentId, rows[0]!.id));
    expect(runs.map((one) => [one.toStatus, one.changedBy])).toEqual([['notPaid', `staff:${agent.staff.id}`]]);
    // The customer's push, as the job sends it.
    await expect
      .poll(() => device.messages().filter((one) => (one as { kind?: string }).kind === 'loanIssued'))
      .toHaveLength(1);

    const audits = await auditsOf(who.loanId);
    expect(audits.map((one) => [one.callName, one.before, one.after, one.staffUserId])).toEqual([
      ['LoanStatusPost', { status: 'agreementAssigned' }, { status: 'transferRequested' }, agent.staff.id],
      ['LoanStatusPost', { status: 'transferRequested' }, { status: 'transferPending' }, admin.staff.id],
      [
        'SetLoanIssuedPost',
        { status: 'transferPending' },
        { status: 'issued', customerMovedToSecurityChecked: false },
        agent.staff.id,
      ],
    ]);
    expect(audits[2]).toMatchObject({ entityType: 'loan', entityId: String(who.loanId), customerId: who.customer.id });

    // A retry (the answer was lost): the loan as it is, nothing written but the call's record.
    expect(dataOf(await issue(agent, who.loanId))).toMatchObject({ from: 'issued', status: 'issued', changed: false });
    expect((await historyOf(who.loanId)).filter((one) => one.toStatus === 'issued')).toHaveLength(1);
    expect((await auditsOf(who.loanId)).at(-1)).toMatchObject({
      before: { status: 'issued' },
      after: { status: 'issued' },
    });
  });

  it('the payout job and an agent at once: the loan is issued once', async () => {
    for (let round = 0; round < 4; round += 1) {
      const who = await signedLoan();
      await t.db
        .update(loans)
        .set({ payoutDueAt: new Date(new Date(NOW).getTime() - 1) })
        .where(eq(loans.id, who.loanId));
      const job = createPayoutJob({
        db: t.db,
        clock: t.clock,
        log: t.app.log,
        send: createPushSender(t.secrets.vapid),
      });
      try {
        const [run, answer] = await Promise.all([job.runOnce(), issue(agent, who.loanId)]);
        const changed = (dataOf(answer) as { changed: boolean }).changed;
        expect(run.issued.includes(who.loanId)).toBe(!changed);
      } finally {
        await job.stop();
      }
      const issuedRows = await t.db
        .select()
        .from(loanStatusHistory)
        .where(and(eq(loanStatusHistory.loanId, who.loanId), eq(loanStatusHistory.toStatus, 'issued')));
      expect(issuedRows).toHaveLength(1);
      const [first] = await t.db.select().from(installments).where(eq(installments.loanId, who.loanId)).limit(1);
      const runs = await t.db
        .select()
        .from(installmentStatusHistory)
        .where(eq(installmentStatusHistory.installmentId, first!.id));
      expect(runs).toHaveLength(1);
    }
  });
});

describe('cancelling a loan not paid out', () => {
  it('a requested or signed loan is cancelled: the limit is free again and the customer sees it cancelled', async () => {
    const requested = await requestedLoan(t);
    const before = await availableLimit(requested);
    expect(dataOf(await cancel(agent, requested.loanId))).toMatchObject({ from: 'requested', status: 'cancelled' });
    expect(await availableLimit(requested)).toBe(before + 2500);
    expect((await loansOf(t, requested))[0]).toMatchObject({ id: requested.loanId, status: 'cancelled' });

    const signed = await signedLoan();
    expect(dataOf(await move(admin, signed.loanId, 'transferRequested'))).toBeDefined();
    expect(dataOf(await move(admin, signed.loanId, 'queued'))).toBeDefined();
    expect(dataOf(await cancel(admin, signed.loanId))).toMatchObject({ from: 'queued', status: 'cancelled' });
    // Its payout never comes, and it cannot come back.
    await t.db
      .update(loans)
      .set({ payoutDueAt: new Date(new Date(NOW).getTime() - 1) })
      .where(eq(loans.id, signed.loanId));
    const job = createPayoutJob({ db: t.db, clock: t.clock, log: t.app.log, send: createPushSender(t.secrets.vapid) });
    try {
      expect((await job.runOnce()).issued).not.toContain(signed.loanId);
    } finally {
      await job.stop();
    }
    expect(codeOf(await issue(agent, signed.loanId))).toBe('LoanStatusMoveNotAllowed');
  });
});

describe('the moves staff may not make', () => {
  it('are refused with the spec error shape in Spanish, and nothing is written', async () => {
    const requested = await requestedLoan(t);
    const notSigned = await issue(agent, requested.loanId);
    expect(errorsOf(notSigned, 422)[0]).toMatchObject({
      code: { name: 'LoanStatusMoveNotAllowed', value: 2104 },
      title: 'Aviso',
      message: 'Un préstamo en estado «Solicitado» no puede pasar a «Activo».',
    });

    const signed = await signedLoan();
    expect(dataOf(await issue(admin, signed.loanId))).toMatchObject({ from: 'agreementAssigned', status: 'issued' });
    const refused = await cancel(admin, signed.loanId);
    expect(errorsOf(refused, 422)[0]!.message).toBe('Un préstamo en estado «Activo» no puede pasar a «Cancelado».');
    for (const status of [
      'repaid',
      'restructured',
      'rollovered',
      'arranged',
      'requested',
      'agreementAssigned',
      'notSet',
    ])
      expect(codeOf(await move(admin, signed.loanId, status))).toBe('LoanStatusMoveNotAllowed');
    expect(codeOf(await move(admin, requested.loanId, 'transferRequested'))).toBe('LoanStatusMoveNotAllowed');
    expect(await historyOf(signed.loanId)).toHaveLength(3);
    expect((await auditsOf(signed.loanId)).map((one) => one.callName)).toEqual(['SetLoanIssuedPost']);
    expect((await auditsOf(requested.loanId)).length).toBe(0);
    expect((await loanRow(requested.loanId)).status).toBe('requested');

    // A status that is not one, no reason: 400 in the spec's shape.
    expect(errorsOf(await move(admin, signed.loanId, 'paid'), 400)).toHaveLength(1);
    expect(errorsOf(await send(t, 'POST', `/api/loan/setLoanIssued/${signed.loanId}`, admin, {}), 400)).toHaveLength(1);
  });

  it('404 for an unknown loan; 403 for a collection company; 401 for a customer', async () => {
    expect(errorsOf(await issue(agent, UNKNOWN_ID), 404)[0]).toMatchObject({
      code: { name: 'StaffLoanNotFound' },
    });
    const company = await staffSession(t, 'collectioncompany');
    const signed = await signedLoan();
    expectForbidden(await issue(company, signed.loanId));
    expectForbidden(await move(company, signed.loanId, 'transferRequested'));
    expectForbidden(await cancel(company, signed.loanId));
    const asCustomer = await t.app.inject({
      method: 'POST',
      url: `/api/loan/setLoanCancelled/${signed.loanId}`,
      headers: { ...signed.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ reason: 'Lo cancelo yo mismo' }),
    });
    expect([401, 403]).toContain(asCustomer.statusCode);
    expect((await loanRow(signed.loanId)).status).toBe('agreementAssigned');
  });
});
