import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditRecords,
  bankStatementLines,
  installments,
  loanStatusHistory,
  paymentStatusHistory,
} from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login, type LoggedIn } from './helpers/customers.ts';
import { codeOf, dataOf, expectForbidden, send } from './helpers/customer-file.ts';
import { errorsOf } from './helpers/membership-login.ts';
import { loansOf, payLoan, storeCard } from './helpers/payments.ts';
import { createMiniLoan, createRunningLoan, INSTALLMENT_CENTS } from './helpers/running-loans.ts';
import { staffSession, type StaffLoggedIn } from './helpers/staff.ts';

/**
 * Annulled payments (docs/rules/payments.md "Annulled payments"; issue 27 «Payments»): an agent or an administrator
 * proposes to annul a transfer matched by mistake, an administrator a chargeback of a card payment, either of them to
 * put one back; another administrator approves, and the loan is re-settled in that transaction — the instalment
 * unpaid again in the customer's app, the loan running again, the early closure as before the payment, the
 * transfer's line back in the reconciliation — with the payment's history and audit record.
 */

const NOW = '2026-11-24T10:00:00.000Z';
const DUE = INSTALLMENT_CENTS / 100;
let t: TestApp;
let agent: StaffLoggedIn;
let admin: StaffLoggedIn;
let checker: StaffLoggedIn;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW });
  [agent, admin, checker] = await Promise.all([
    staffSession(t, 'cam'),
    staffSession(t, 'administrator'),
    staffSession(t, 'administrator'),
  ]);
});
afterAll(() => t.close());

async function transferArrives(amount: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/sandbox/bank-statement/lines',
    payload: { amount, description: 'Pago cuota', payerName: 'ANA GARCIA LOPEZ', externalId: `line-${randomUUID()}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: { id: number } }).data.id;
}

interface Setup {
  who: LoggedIn;
  loanId: number;
  installmentIds: number[];
  nextId: number;
}

async function customerWithLoan(paid = 2): Promise<Setup> {
  const who = await login(t, { status: 'securityChecked' });
  const loan = await createRunningLoan(t, who.customer.id, { nextDue: '2026-11-30', paid });
  return { who, loanId: loan.loanId, installmentIds: loan.installmentIds, nextId: loan.next.id };
}

/** An agent matches a transfer of `amount` euros to the loan's first payable instalment; the payment's id. */
async function matched(setup: Setup, amount = DUE, installmentId = setup.nextId) {
  const lineId = await transferArrives(amount);
  const data = dataOf(
    await send(t, 'POST', '/api/loan/payloanmanual', agent, {
      statementLineId: lineId,
      loanId: setup.loanId,
      installmentId,
      reason: 'Concepto ilegible',
    }),
  ) as { paymentId: number };
  return { paymentId: data.paymentId, lineId };
}

const propose = (who: StaffLoggedIn, path: string, paymentId: number, reason = 'Asignada al préstamo equivocado') =>
  send(t, 'POST', `/api/loan/${path}/${paymentId}`, who, { reason });
const approve = (who: StaffLoggedIn, proposalId: number) =>
  send(t, 'POST', `/api/membership/proposals/${proposalId}/approve`, who, { note: 'Comprobado con el extracto' });
const proposalOf = (response: Parameters<typeof dataOf>[0]) => dataOf(response) as { id: number; status: string };

const installmentRow = async (id: number) =>
  (await t.db.select().from(installments).where(eq(installments.id, id)))[0]!;
const lineRow = async (id: number) =>
  (await t.db.select().from(bankStatementLines).where(eq(bankStatementLines.id, id)))[0]!;
const paymentsList = async (loanId: number) =>
  dataOf(await send(t, 'GET', `/api/loan/payments/${loanId}`, agent)) as Array<{
    id: number;
    status: string;
    message: string;
    statementLineId: number | null;
    allocations: Array<{ installmentId: number; amount: number }>;
    actions: { delete: boolean; chargeback: boolean; restore: boolean };
  }>;
const checkStatus = async (who: LoggedIn, paymentId: number) =>
  (await t.app.inject({ url: `/api/loan/checkstatus?paymentId=${paymentId}`, headers: who.headers })).json().data as {
    status: string;
    message: string;
  };

describe('DeletePaymentPost, approved by another administrator', () => {
  it('puts the instalment back to unpaid in the customer’s app, the line back in the reconciliation, audited', async () => {
    const setup = await customerWithLoan();
    const [before] = await loansOf(t, setup.who);
    const { paymentId, lineId } = await matched(setup);
    expect((await paymentsList(setup.loanId))[0]).toMatchObject({
      id: paymentId,
      status: 'success',
      statementLineId: lineId,
      allocations: [{ installmentId: setup.nextId, amount: DUE }],
      actions: { delete: true, chargeback: false, restore: false },
    });

    // An agent proposes: nothing changes yet.
    const proposal = proposalOf(await propose(agent, 'deletePayment', paymentId));
    expect(codeOf(await propose(agent, 'deletePayment', paymentId, 'Otra vez'))).toBe('PaymentProposalPending');
    expect((await installmentRow(setup.nextId)).status).toBe('paid');
    const inbox = dataOf(await send(t, 'GET', '/api/membership/proposals?status=pending&pageSize=100', admin)) as {
      items: Array<{ id: number; kind: string; customerId: number; payment?: { id: number; amount: number } }>;
    };
    expect(inbox.items.find((item) => item.id === proposal.id)).toMatchObject({
      kind: 'paymentDelete',
      customerId: setup.who.customer.id,
      payment: { id: paymentId, amount: DUE, status: 'success', source: 'bank-transfer', loanId: setup.loanId },
    });

    // An agent does not decide; an administrator does.
    expectForbidden(await approve(agent, proposal.id));
    expect(proposalOf(await approve(admin, proposal.id)).status).toBe('approved');

    const [after] = await loansOf(t, setup.who);
    const installment = after!.installments.find((row) => row.id === setup.nextId)!;
    expect(installment.status).toBe('notPaid');
    expect(installment.payments).toEqual([]);
    expect(after!.earlyClosureAmount).toBe(before!.earlyClosureAmount);
    expect(await installmentRow(setup.nextId)).toMatchObject({ paidCents: 0, status: 'notPaid', paidAt: null });
    expect(await checkStatus(setup.who, paymentId)).toEqual({
      paymentId,
      loanId: setup.loanId,
      status: 'failed',
      amount: DUE,
      message: 'Este pago se ha anulado: no cuenta para tu préstamo.',
    });
    expect(await lineRow(lineId)).toMatchObject({ status: 'unmatched', paymentId: null, matchedByStaffId: null });
    expect((await paymentsList(setup.loanId))[0]).toMatchObject({
      status: 'deleted',
      actions: { delete: false, chargeback: false, restore: true },
    });

    const history = await t.db.select().from(paymentStatusHistory).where(eq(paymentStatusHistory.paymentId, paymentId));
    expect(history.at(-1)).toMatchObject({
      fromStatus: 'success',
      toStatus: 'deleted',
      changedBy: `staff:${admin.staff.id}`,
      reason: `paymentDeleted:${paymentId}`,
    });
    const [record] = await t.db
      .select()
      .from(auditRecords)
      .where(
        and(
          eq(auditRecords.entityType, 'payment'),
          eq(auditRecords.entityId, String(paymentId)),
          eq(auditRecords.callName, 'ProposalApprovePost'),
        ),
      );
    expect(record).toMatchObject({
      staffUserId: admin.staff.id,
      customerId: setup.who.customer.id,
      proposalId: proposal.id,
      reason: 'Asignada al préstamo equivocado',
    });
    const state = (value: unknown) =>
      value as { payment: { status: string }; installments: Array<{ id: number; status: string; paidCents: number }> };
    expect(state(record!.before).payment.status).toBe('success');
    expect(state(record!.after).payment.status).toBe('deleted');
    expect(state(record!.before).installments.find((row) => row.id === setup.nextId)).toMatchObject({ status: 'paid' });
    expect(state(record!.after).installments.find((row) => row.id === setup.nextId)).toMatchObject({
      status: 'notPaid',
      paidCents: 0,
    });
  });

  it('a transfer that repaid the loan: the loan runs again; put back, it is repaid again and the line matched again', async () => {
    const setup = await customerWithLoan(11);
    const [before] = await loansOf(t, setup.who);
    const { paymentId, lineId } = await matched(setup, before!.earlyClosureAmount);
    expect((await loansOf(t, setup.who))[0]!.status).toBe('repaid');

    const paidBefore = await Promise.all(setup.installmentIds.map(installmentRow));
    const deletion = proposalOf(await propose(admin, 'deletePayment', paymentId));
    expect(codeOf(await approve(admin, deletion.id))).toBe('OwnProposal');
    expect(proposalOf(await approve(checker, deletion.id)).status).toBe('approved');
    const [running] = await loansOf(t, setup.who);
    expect(running!.status).toBe('issued');
    expect(running!.earlyClosureAmount).toBe(before!.earlyClosureAmount);
    const loanHistory = await t.db.select().from(loanStatusHistory).where(eq(loanStatusHistory.loanId, setup.loanId));
    expect(loanHistory.map((row) => `${row.fromStatus}→${row.toStatus}`)).toEqual(['issued→repaid', 'repaid→issued']);

    const restore = proposalOf(await propose(agent, 'undeletePayment', paymentId, 'Anulado por error'));
    expect(proposalOf(await approve(checker, restore.id)).status).toBe('approved');
    const [repaid] = await loansOf(t, setup.who);
    expect(repaid!.status).toBe('repaid');
    // Each instalment as the closure left it (the last one paid with the early closure's discount).
    expect(await Promise.all(setup.installmentIds.map(installmentRow))).toEqual(paidBefore);
    expect(await lineRow(lineId)).toMatchObject({
      status: 'matched',
      paymentId,
      matchedByStaffId: checker.staff.id,
    });
    expect(await checkStatus(setup.who, paymentId)).toMatchObject({ status: 'success', message: '' });
  });

  it('the agent who proposed it may withdraw it; the payment stays as it was', async () => {
    const setup = await customerWithLoan();
    const { paymentId } = await matched(setup);
    const proposal = proposalOf(await propose(agent, 'deletePayment', paymentId));
    const cancelled = proposalOf(
      await send(t, 'POST', `/api/membership/proposals/${proposal.id}/cancel`, agent, { note: 'Era correcta' }),
    );
    expect(cancelled.status).toBe('cancelled');
    expect((await installmentRow(setup.nextId)).status).toBe('paid');
    expect(proposalOf(await propose(agent, 'deletePayment', paymentId)).status).toBe('pending');
  });

  it('two approvals at once apply it once', async () => {
    const setup = await customerWithLoan();
    const { paymentId } = await matched(setup);
    const proposal = proposalOf(await propose(agent, 'deletePayment', paymentId));
    const answers = await Promise.all([approve(admin, proposal.id), approve(checker, proposal.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    expect(codeOf(answers.find((answer) => answer.statusCode === 422)!)).toBe('ProposalNotPending');
    expect(await installmentRow(setup.nextId)).toMatchObject({ paidCents: 0, status: 'notPaid' });
    const history = await t.db.select().from(paymentStatusHistory).where(eq(paymentStatusHistory.paymentId, paymentId));
    expect(history.filter((row) => row.toStatus === 'deleted')).toHaveLength(1);
  });
});

describe('what cannot be taken back or put back', () => {
  it('only the loan’s last settled payment; a payment settled after the proposal stops its approval', async () => {
    const setup = await customerWithLoan();
    const first = await matched(setup);
    const second = await matched(setup, DUE, setup.installmentIds[3]!);
    expect(codeOf(await propose(agent, 'deletePayment', first.paymentId))).toBe('PaymentNotLast');
    expect(errorsOf(await propose(agent, 'deletePayment', first.paymentId), 422)[0]!.message).toBe(
      'Solo se puede anular el último pago cobrado del préstamo: anula antes los posteriores.',
    );
    const list = await paymentsList(setup.loanId);
    expect(list.map((row) => [row.id, row.actions.delete])).toEqual([
      [second.paymentId, true],
      [first.paymentId, false],
    ]);

    const proposal = proposalOf(await propose(agent, 'deletePayment', second.paymentId));
    await matched(setup, DUE, setup.installmentIds[4]!);
    expect(codeOf(await approve(admin, proposal.id))).toBe('PaymentNotLast');
    expect(await installmentRow(setup.installmentIds[3]!)).toMatchObject({ status: 'paid' });
    expect(
      proposalOf(
        await send(t, 'POST', `/api/membership/proposals/${proposal.id}/reject`, admin, { note: 'Ya no procede' }),
      ).status,
    ).toBe('rejected');
  });

  it('a card payment is not annulled but charged back (administrators only); a transfer has no chargeback', async () => {
    const setup = await customerWithLoan();
    const cardId = await storeCard(t, setup.who.customer.id);
    const paid = await payLoan(t, setup.who, {
      loanId: setup.loanId,
      paymentOption: 'firstNotPaidInstallment',
      installmentId: setup.nextId,
      amount: DUE,
      cardId,
    });
    const paymentId = (paid.json() as { data: { paymentId: number; status: string } }).data.paymentId;
    expect(codeOf(await propose(agent, 'deletePayment', paymentId))).toBe('PaymentNotTransfer');
    expectForbidden(await propose(agent, 'chargebacks', paymentId));
    const asCustomer = await send(t, 'POST', `/api/loan/chargebacks/${paymentId}`, setup.who, { reason: 'Por probar' });
    expect([401, 403]).toContain(asCustomer.statusCode);

    const chargeback = proposalOf(await propose(admin, 'chargebacks', paymentId, 'Contracargo del banco emisor'));
    expect(proposalOf(await approve(checker, chargeback.id)).status).toBe('approved');
    expect(await checkStatus(setup.who, paymentId)).toMatchObject({
      status: 'failed',
      message: 'Tu banco ha devuelto este pago (contracargo): no cuenta para tu préstamo.',
    });
    expect(await installmentRow(setup.nextId)).toMatchObject({ status: 'notPaid', paidCents: 0 });
    expect((await paymentsList(setup.loanId))[0]).toMatchObject({ status: 'chargedBack', actions: { restore: true } });
    expect(codeOf(await propose(admin, 'chargebacks', paymentId))).toBe('PaymentNotSettled');

    const transfer = await matched(setup);
    expect(codeOf(await propose(admin, 'chargebacks', transfer.paymentId))).toBe('PaymentNotCard');
    // The chargeback cannot be put back over the transfer settled since.
    expect(codeOf(await propose(admin, 'undeletePayment', paymentId))).toBe('PaymentRestoreBlocked');
  });

  it('nothing to restore on a settled payment; a line assigned elsewhere since cannot be restored; unknown ids 404', async () => {
    const setup = await customerWithLoan();
    const { paymentId, lineId } = await matched(setup);
    expect(codeOf(await propose(agent, 'undeletePayment', paymentId))).toBe('PaymentNotReversed');
    approvedNow(await approve(admin, proposalOf(await propose(agent, 'deletePayment', paymentId)).id));

    // The line goes to the right customer's loan.
    const other = await customerWithLoan();
    dataOf(
      await send(t, 'POST', '/api/loan/payloanmanual', agent, {
        statementLineId: lineId,
        loanId: other.loanId,
        installmentId: other.nextId,
        reason: 'Era de otro cliente',
      }),
    );
    expect(codeOf(await propose(agent, 'undeletePayment', paymentId))).toBe('StatementLineReassigned');
    expect(errorsOf(await propose(agent, 'deletePayment', 2_000_000_000), 404)[0]!.code.name).toBe(
      'StaffPaymentNotFound',
    );
    const company = await staffSession(t, 'collectioncompany');
    expectForbidden(await propose(company, 'deletePayment', paymentId));
    expect(errorsOf(await send(t, 'GET', `/api/loan/payments/${setup.loanId}`, company), 404)[0]!.code.name).toBe(
      'StaffLoanNotFound',
    );
  });
});

describe('an interest-free first loan', () => {
  it('repaid on its date, annulled, lapses unpaid: its payment is not put back over the lapsed interest', async () => {
    const who = await login(t, { status: 'securityChecked', miniLimitCents: 30_000 });
    const due = NOW.slice(0, 10);
    const { loanId, installmentId } = await createMiniLoan(t, who.customer.id, { due });
    const setup = { who, loanId, installmentIds: [installmentId], nextId: installmentId };
    const { paymentId } = await matched(setup, 300);
    expect((await loansOf(t, who))[0]!.status).toBe('repaid');
    approvedNow(await approve(admin, proposalOf(await propose(agent, 'deletePayment', paymentId)).id));

    t.clock.set(new Date(new Date(NOW).getTime() + 2 * 86_400_000));
    try {
      const later = await staffSession(t, 'cam');
      // The staff's read of the loans lapses the promotion, as the customer's would.
      dataOf(await send(t, 'GET', `/api/loan/loans?customerId=${who.customer.id}`, later));
      expect(await installmentRow(installmentId)).toMatchObject({ totalCents: 34_500, status: 'notPaid' });
      expect(codeOf(await propose(later, 'undeletePayment', paymentId))).toBe('PaymentLoanChanged');
    } finally {
      t.clock.set(NOW);
    }
  });
});

function approvedNow(response: Parameters<typeof dataOf>[0]) {
  expect(proposalOf(response).status).toBe('approved');
}
