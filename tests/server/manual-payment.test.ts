import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRecords, bankStatementLines, installments, payments } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { pathOf, pressChallenge, threeDsState } from './helpers/cards.ts';
import { login, type LoggedIn } from './helpers/customers.ts';
import { codeOf, dataOf, expectForbidden, send } from './helpers/customer-file.ts';
import { errorsOf } from './helpers/membership-login.ts';
import { errorName, loansOf, payLoan, paymentsOfLoan, storeCard } from './helpers/payments.ts';
import { createRunningLoan, INSTALLMENT_CENTS } from './helpers/running-loans.ts';
import { staffSession, type StaffLoggedIn } from './helpers/staff.ts';

/**
 * Money received outside the app, matched by hand (docs/rules/payments.md "Manual matching"; issue 27 «Payments»): a
 * transfer arrives on the bank statement (the sandbox's feed), waits in the reconciliation view, and an agent's
 * PayLoanManualPost settles it on the instalment the customer's app then shows paid, with its audit record. The same
 * match again answers the same payment; a manual match and a card payment of one instalment at once settle it once.
 */

const NOW = '2026-11-24T10:00:00.000Z';
const REASON = 'Transferencia con el concepto mal escrito';
const DUE = INSTALLMENT_CENTS / 100;
let t: TestApp;
let agent: StaffLoggedIn;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW });
  agent = await staffSession(t, 'cam');
});
afterAll(() => t.close());

/** A transfer of `amount` euros arriving on the statement; its line's id. */
async function transferArrives(amount: number, description = 'Pago cuota Ana') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/sandbox/bank-statement/lines',
    payload: { amount, description, payerName: 'ANA GARCIA LOPEZ', externalId: `line-${randomUUID()}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: { id: number } }).data.id;
}

async function customerWithLoan(): Promise<{ who: LoggedIn; loanId: number; nextId: number; afterId: number }> {
  const who = await login(t, { status: 'securityChecked' });
  const loan = await createRunningLoan(t, who.customer.id, { nextDue: '2026-11-30', paid: 2 });
  const [, , , after] = loan.installmentIds;
  return { who, loanId: loan.loanId, nextId: loan.next.id, afterId: after! };
}

const match = (who: { headers: Record<string, string> }, body: Record<string, unknown>) =>
  send(t, 'POST', '/api/loan/payloanmanual', who, { reason: REASON, ...body });

const linesOf = async (status: 'unmatched' | 'matched') =>
  dataOf(await send(t, 'GET', `/api/inboundpayment/statementLines?status=${status}&pageSize=100`, agent)) as {
    items: Array<{ id: number; amount: number; status: string; match: unknown }>;
    total: number;
  };

const lineRow = async (id: number) =>
  (await t.db.select().from(bankStatementLines).where(eq(bankStatementLines.id, id)))[0]!;

describe('PayLoanManualPost: an agent matches a statement line to an instalment', () => {
  it('settles the line on the instalment, the customer sees it paid, the line leaves the waiting list, audited', async () => {
    const { who, loanId, nextId } = await customerWithLoan();
    const lineId = await transferArrives(DUE);
    const waiting = await linesOf('unmatched');
    expect(waiting.items.find((line) => line.id === lineId)).toMatchObject({
      amount: DUE,
      status: 'unmatched',
      match: null,
    });

    const data = dataOf(await match(agent, { statementLineId: lineId, loanId, installmentId: nextId })) as {
      paymentId: number;
    };
    expect(data).toMatchObject({
      loanId,
      customerId: who.customer.id,
      amount: DUE,
      paymentOption: 'pendingInstallments',
      status: 'success',
      loanStatus: 'issued',
    });

    // The customer's app: the instalment paid by a bank transfer of that amount.
    const [loan] = await loansOf(t, who);
    const paid = loan!.installments.find((installment) => installment.id === nextId)!;
    expect(paid.status).toBe('paid');
    expect(paid.payments).toEqual([expect.objectContaining({ amount: DUE, paymentSource: 'bank-transfer' })]);

    expect((await linesOf('unmatched')).items.map((line) => line.id)).not.toContain(lineId);
    const matched = (await linesOf('matched')).items.find((line) => line.id === lineId);
    expect(matched).toMatchObject({
      status: 'matched',
      match: {
        paymentId: data.paymentId,
        loanId,
        customerId: who.customer.id,
        matchedBy: { id: agent.staff.id, fullName: 'Empleada de Prueba' },
      },
    });

    const [record] = await t.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.callName, 'PayLoanManualPost'), eq(auditRecords.entityId, String(data.paymentId))));
    expect(record).toMatchObject({
      staffUserId: agent.staff.id,
      role: 'cam',
      entityType: 'payment',
      customerId: who.customer.id,
      loanId,
      reason: REASON,
    });
    const before = record!.before as {
      statementLine: { status: string };
      installments: Array<{ id: number; status: string }>;
    };
    const after = record!.after as {
      statementLine: { status: string };
      installments: Array<{ id: number; status: string }>;
    };
    expect(before.statementLine.status).toBe('unmatched');
    expect(after.statementLine.status).toBe('matched');
    expect(before.installments.find((row) => row.id === nextId)!.status).not.toBe('paid');
    expect(after.installments.find((row) => row.id === nextId)!.status).toBe('paid');
  });

  it('the same match again answers the same payment and pays nothing more; another loan is refused', async () => {
    const { loanId, nextId } = await customerWithLoan();
    const other = await customerWithLoan();
    const lineId = await transferArrives(DUE);
    const body = { statementLineId: lineId, loanId, installmentId: nextId };
    const first = dataOf(await match(agent, body)) as { paymentId: number };
    const again = dataOf(await match(agent, body)) as { paymentId: number };
    expect(again).toEqual(first);
    expect(await paymentsOfLoan(t, loanId)).toHaveLength(1);

    const elsewhere = await match(agent, {
      statementLineId: lineId,
      loanId: other.loanId,
      installmentId: other.nextId,
    });
    expect(codeOf(elsewhere)).toBe('StatementLineMatched');
    expect(errorsOf(elsewhere, 422)[0]!.message).toBe('Este movimiento del banco ya está asignado a otro pago.');
    expect(await paymentsOfLoan(t, other.loanId)).toHaveLength(0);
  });

  it('refuses an instalment that is not the first payable one, a repaid loan, unknown ids; the line waits', async () => {
    const { loanId, nextId, afterId } = await customerWithLoan();
    const lineId = await transferArrives(DUE);
    const later = await match(agent, { statementLineId: lineId, loanId, installmentId: afterId });
    expect(codeOf(later)).toBe('StaffInstallmentNotDue');
    const unknownLine = await match(agent, { statementLineId: 2_000_000_000, loanId, installmentId: nextId });
    expect(errorsOf(unknownLine, 404)[0]!.code.name).toBe('StatementLineNotFound');
    const unknownLoan = await match(agent, { statementLineId: lineId, loanId: 2_000_000_000, installmentId: nextId });
    expect(errorsOf(unknownLoan, 404)[0]!.code.name).toBe('StaffLoanNotFound');
    const noReason = await send(t, 'POST', '/api/loan/payloanmanual', agent, {
      statementLineId: lineId,
      loanId,
      installmentId: nextId,
    });
    expect(noReason.statusCode).toBe(400);
    expect(await lineRow(lineId)).toMatchObject({ status: 'unmatched', paymentId: null });
    expect(await paymentsOfLoan(t, loanId)).toHaveLength(0);

    const repaid = await login(t, { status: 'securityChecked' });
    const closed = await createRunningLoan(t, repaid.customer.id, { nextDue: '2026-11-30', paid: 0, status: 'repaid' });
    const refused = await match(agent, {
      statementLineId: lineId,
      loanId: closed.loanId,
      installmentId: closed.next.id,
    });
    expect(codeOf(refused)).toBe('LoanAlreadyRepaid');
  });

  it('closes the loan when the transfer reaches what closes it today', async () => {
    const { who, loanId, nextId } = await customerWithLoan();
    const [before] = await loansOf(t, who);
    const lineId = await transferArrives(before!.earlyClosureAmount);
    const data = dataOf(await match(agent, { statementLineId: lineId, loanId, installmentId: nextId }));
    expect(data).toMatchObject({ paymentOption: 'closeLoan', loanStatus: 'repaid' });
    const [after] = await loansOf(t, who);
    expect(after!.status).toBe('repaid');
  });

  it('is for agents and administrators: a collection company gets 403, and so does a customer', async () => {
    const { who, loanId, nextId } = await customerWithLoan();
    const lineId = await transferArrives(DUE);
    const company = await staffSession(t, 'collectioncompany');
    expectForbidden(await match(company, { statementLineId: lineId, loanId, installmentId: nextId }));
    expectForbidden(await send(t, 'GET', '/api/inboundpayment/statementLines', company));
    const asCustomer = await match(who, { statementLineId: lineId, loanId, installmentId: nextId });
    expect([401, 403]).toContain(asCustomer.statusCode);
    const admin = await staffSession(t, 'administrator');
    expect(dataOf(await match(admin, { statementLineId: lineId, loanId, installmentId: nextId }))).toMatchObject({
      status: 'success',
    });
  });
});

describe('a manual match and a card payment of the same instalment', () => {
  async function cardPayer(challenge: boolean) {
    const setup = await customerWithLoan();
    const cardId = await storeCard(t, setup.who.customer.id, { challenge });
    const cardBody = {
      loanId: setup.loanId,
      paymentOption: 'firstNotPaidInstallment' as const,
      installmentIds: [setup.nextId],
      amount: DUE,
      cardId,
    };
    return { ...setup, cardBody };
  }

  const paidCents = async (installmentId: number) =>
    (await t.db.select().from(installments).where(eq(installments.id, installmentId)))[0]!.paidCents;

  it('a card payment waiting for 3-D Secure: the match is 409 and the line waits; after the card, the instalment is not due', async () => {
    const { who, loanId, nextId, cardBody } = await cardPayer(true);
    const pending = (await payLoan(t, who, cardBody)).json().data;
    expect(pending).toMatchObject({ status: 'pending', threeDs: { event: { state: 'iframe' } } });
    const lineId = await transferArrives(DUE);
    const refused = await match(agent, { statementLineId: lineId, loanId, installmentId: nextId });
    expect(errorsOf(refused, 409)[0]!.code.name).toBe('RequestInProgress');
    expect(await lineRow(lineId)).toMatchObject({ status: 'unmatched' });

    await t.app.inject({ url: pathOf(pending.threeDs.event.url) });
    expect((await pressChallenge(t, pending.threeDs.event.transactionId, 'authorize')).statusCode).toBe(200);
    for (let poll = 0; poll < 4; poll += 1) {
      if ((await threeDsState(t, who, pending.threeDs.trackId)).event!.state === 'completed') break;
    }
    expect(await paidCents(nextId)).toBe(INSTALLMENT_CENTS);
    expect(codeOf(await match(agent, { statementLineId: lineId, loanId, installmentId: nextId }))).toBe(
      'StaffInstallmentNotDue',
    );
    expect(await lineRow(lineId)).toMatchObject({ status: 'unmatched' });
  });

  it('the match first: the card press for that instalment is refused (nothing charged)', async () => {
    const { who, loanId, nextId, cardBody } = await cardPayer(false);
    const lineId = await transferArrives(DUE);
    dataOf(await match(agent, { statementLineId: lineId, loanId, installmentId: nextId }));
    const card = await payLoan(t, who, cardBody);
    expect(card.statusCode).toBe(422);
    expect(errorName(card)).toBe('PaymentDueChanged');
    expect(await paidCents(nextId)).toBe(INSTALLMENT_CENTS);
  });

  it('both at once, ten times: each instalment is paid exactly once, by one of them; the other is refused', async () => {
    for (let round = 0; round < 10; round += 1) {
      const { who, loanId, nextId, cardBody } = await cardPayer(false);
      const lineId = await transferArrives(DUE);
      const [card, manual] = await Promise.all([
        payLoan(t, who, cardBody),
        match(agent, { statementLineId: lineId, loanId, installmentId: nextId }),
      ]);
      const settled = await t.db
        .select()
        .from(payments)
        .where(and(eq(payments.loanId, loanId), eq(payments.status, 'success')));
      expect(settled, `round ${round}`).toHaveLength(1);
      expect(await paidCents(nextId)).toBe(INSTALLMENT_CENTS);
      const cardPaid = card.statusCode === 200 && card.json().data.status === 'success';
      const manualPaid = manual.statusCode === 200;
      expect(cardPaid !== manualPaid, `round ${round}: card ${card.statusCode}, manual ${manual.statusCode}`).toBe(
        true,
      );
      if (manualPaid) expect(errorName(card)).toMatch(/^(PaymentDueChanged|RequestInProgress)$/);
      else {
        expect(errorName(manual)).toMatch(/^(StaffInstallmentNotDue|RequestInProgress)$/);
        expect(await lineRow(lineId)).toMatchObject({ status: 'unmatched' });
      }
    }
  });
});
