import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  installments,
  loans,
  paymentAllocations,
  payments,
  paymentStatusHistory,
} from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import {
  callback,
  closureCents,
  errorOf,
  INSTALLMENT_CENTS,
  loanPayments,
  NOW,
  orderRow,
  startOrder,
  transferBorrower,
  widgetPay,
  type TransferBorrower,
} from './helpers/direct-transfer.ts';

/**
 * The direct transfer settles through the payment module's core (agreements 3 and 5): the widget's 'Pagar' makes
 * the sandbox provider call the signed callback, which creates and settles the payment in one transaction; a
 * repeated or concurrent callback moves nothing twice.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW });
});
afterAll(async () => {
  await t?.close();
});

const installmentRows = (loanId: number) =>
  t.db.select().from(installments).where(eq(installments.loanId, loanId)).orderBy(asc(installments.number));
const allocationsOf = (paymentIds: number[]) =>
  paymentIds.length === 0
    ? Promise.resolve([])
    : t.db.select().from(paymentAllocations).where(inArray(paymentAllocations.paymentId, paymentIds));

async function loanView(who: TransferBorrower) {
  const response = await t.app.inject({ method: 'GET', url: '/api/loan/customerAllLoans', headers: who.headers });
  expect(response.statusCode).toBe(200);
  type View = {
    id: number;
    status: string;
    earlyClosureAmount: number;
    installments: Array<{ id: number; status: string; payments: Array<Record<string, unknown>> }>;
  };
  return (response.json() as { data: View[] }).data.find((loan) => loan.id === who.loan.loanId)!;
}

/** Pays the first unpaid instalment through the widget; returns the order id. */
async function payThroughWidget(who: TransferBorrower, amountCents = INSTALLMENT_CENTS) {
  const { orderId } = await startOrder(t, who, amountCents);
  const paid = await widgetPay(t, orderId);
  expect(paid.statusCode).toBe(200);
  return { orderId, result: (paid.json() as { data: { result: string } }).data.result };
}

describe('a widget payment', () => {
  it("'Pagar' settles the first unpaid instalment: order completed, payment success from direct-transfer", async () => {
    const who = await transferBorrower(t);
    const { orderId, result } = await payThroughWidget(who);
    expect(result).toBe('success');
    const [payment, ...others] = await loanPayments(t, who.loan.loanId);
    expect(others).toEqual([]);
    expect(payment).toMatchObject({
      customerId: who.customer.id,
      source: 'direct-transfer',
      paymentOption: 'firstNotPaidInstallment',
      amountCents: INSTALLMENT_CENTS,
      status: 'success',
      providerReference: orderId,
      cardId: null,
    });
    expect(payment!.settledAt).toEqual(new Date(NOW));
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'completed', paymentId: payment!.id });
    const allocations = await allocationsOf([payment!.id]);
    expect(allocations).toMatchObject([{ installmentId: who.loan.next.id, amountCents: INSTALLMENT_CENTS }]);
    const rows = await installmentRows(who.loan.loanId);
    expect(rows[1]).toMatchObject({ status: 'paid', paidCents: INSTALLMENT_CENTS });
    expect(rows[2]).toMatchObject({ status: 'notPaid', paidCents: 0 });
    const history = await t.db
      .select()
      .from(paymentStatusHistory)
      .where(eq(paymentStatusHistory.paymentId, payment!.id))
      .orderBy(asc(paymentStatusHistory.id));
    expect(history.map((row) => [row.fromStatus, row.toStatus, row.changedBy])).toEqual([
      [null, 'pending', 'direct-transfer'],
      ['pending', 'success', 'direct-transfer'],
    ]);
  });

  it('the Loan view shows the instalment paid, with the payment from direct-transfer', async () => {
    const who = await transferBorrower(t);
    const before = await loanView(who);
    await payThroughWidget(who);
    const view = await loanView(who);
    const paid = view.installments.find((installment) => installment.id === who.loan.next.id)!;
    expect(paid.status).toBe('paid');
    expect(paid.payments).toEqual([
      {
        type: 'firstNotPaidInstallment',
        amount: 299.99,
        paymentSource: 'direct-transfer',
        paymentDate: new Date(NOW).toISOString(),
      },
    ]);
    expect(view.status).toBe('issued');
    expect(view.earlyClosureAmount).toBeLessThan(before.earlyClosureAmount);
  });

  it('closing the loan through the widget (earlyClosureAmount) makes it repaid', async () => {
    const who = await transferBorrower(t);
    // The amount the dashboard shows (the Loan view) is the one the widget accepts and closes the loan with.
    const closure = await closureCents(t, who);
    const { orderId, result } = await payThroughWidget(who, closure);
    expect(result).toBe('success');
    const [payment] = await loanPayments(t, who.loan.loanId);
    expect(payment).toMatchObject({ paymentOption: 'closeLoan', amountCents: closure, status: 'success' });
    expect((await orderRow(t, orderId)).status).toBe('completed');
    const [loan] = await t.db.select().from(loans).where(eq(loans.id, who.loan.loanId));
    expect(loan!.status).toBe('repaid');
    expect((await installmentRows(who.loan.loanId)).every((row) => row.status === 'paid')).toBe(true);
    // A repaid loan cannot be paid again.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/inboundpayment/init/unnax',
      headers: { ...who.headers, 'idempotency-key': 'after-repaid' },
      payload: {
        amount: 299.99,
        loanId: who.loan.loanId,
        successPage: '/payment/success',
        errorPage: '/dashboard',
        doneMessage: 'ok',
      },
    });
    expect(again.statusCode).toBe(422);
    expect(errorOf(again).code.name).toBe('LoanAlreadyRepaid');
  });
});

describe('exactly once', () => {
  it('a repeated callback (authorized again, then paid) answers completed and moves nothing twice', async () => {
    const who = await transferBorrower(t);
    const { orderId } = await payThroughWidget(who);
    const body = { orderId, amountCents: INSTALLMENT_CENTS };
    for (const event of ['authorized', 'paid', 'authorized']) {
      const response = await callback(t, event, body);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { orderId, status: 'completed' } });
    }
    const rows = await loanPayments(t, who.loan.loanId);
    expect(rows).toHaveLength(1);
    expect(await allocationsOf(rows.map((row) => row.id))).toHaveLength(1);
    const installmentsAfter = await installmentRows(who.loan.loanId);
    expect(installmentsAfter[1]).toMatchObject({ status: 'paid', paidCents: INSTALLMENT_CENTS });
    expect(installmentsAfter[2]).toMatchObject({ status: 'notPaid', paidCents: 0 });
    // A late `failed` does not undo a completed order.
    expect((await callback(t, 'failed', body)).json()).toEqual({ data: { orderId, status: 'completed' } });
  });

  it('callbacks arriving at once settle one payment', async () => {
    const who = await transferBorrower(t);
    const { orderId } = await startOrder(t, who);
    const body = { orderId, amountCents: INSTALLMENT_CENTS };
    const answers = await Promise.all(
      ['authorized', 'paid', 'authorized', 'paid', 'authorized', 'paid'].map((event) => callback(t, event, body)),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ data: { orderId, status: 'completed' } });
    }
    const rows = await loanPayments(t, who.loan.loanId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('success');
    expect(await allocationsOf(rows.map((row) => row.id))).toHaveLength(1);
    const installmentsAfter = await installmentRows(who.loan.loanId);
    expect(installmentsAfter.filter((row) => row.status === 'paid')).toHaveLength(2); // the seed's one + this one
  });

  it('two orders of one loan paid at once: each settles its own instalment, never the same one twice', async () => {
    const who = await transferBorrower(t);
    const first = await startOrder(t, who);
    const second = await startOrder(t, who);
    const answers = await Promise.all(
      [first, second].map(({ orderId }) => callback(t, 'authorized', { orderId, amountCents: INSTALLMENT_CENTS })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const rows = await loanPayments(t, who.loan.loanId);
    expect(rows).toHaveLength(2);
    const allocations = await allocationsOf(rows.map((row) => row.id));
    expect(new Set(allocations.map((row) => row.installmentId)).size).toBe(2);
    const installmentsAfter = await installmentRows(who.loan.loanId);
    expect(installmentsAfter.slice(0, 3).map((row) => [row.status, row.paidCents])).toEqual([
      ['paid', INSTALLMENT_CENTS],
      ['paid', INSTALLMENT_CENTS],
      ['paid', INSTALLMENT_CENTS],
    ]);
  });
});

describe('when the loan changed meanwhile', () => {
  it('another payment pending (a card in 3-D Secure): 409, the order stays authorized, a later call settles', async () => {
    const who = await transferBorrower(t);
    const { orderId } = await startOrder(t, who);
    const [card] = await t.db
      .insert(payments)
      .values({
        customerId: who.customer.id,
        loanId: who.loan.loanId,
        paymentOption: 'firstNotPaidInstallment',
        source: 'debit-card',
        amountCents: INSTALLMENT_CENTS,
        status: 'pending',
      })
      .returning({ id: payments.id });
    const body = { orderId, amountCents: INSTALLMENT_CENTS };
    const busy = await callback(t, 'authorized', body);
    expect(busy.statusCode).toBe(409);
    expect(errorOf(busy).code.name).toBe('RequestInProgress');
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'authorized', paymentId: null });
    const listed = await t.app.inject({ method: 'GET', url: '/api/inboundpayment/orders/unnax', headers: who.headers });
    expect((listed.json() as { data: Array<{ status: string }> }).data[0]!.status).toBe('authorized');
    // The card payment fails; the provider calls again.
    await t.db.update(payments).set({ status: 'failed' }).where(eq(payments.id, card!.id));
    const settled = await callback(t, 'paid', body);
    expect(settled.statusCode).toBe(200);
    expect(settled.json()).toEqual({ data: { orderId, status: 'completed' } });
    expect((await installmentRows(who.loan.loanId))[1]!.status).toBe('paid');
  });

  it("the sandbox calls again after a 409: once the other payment is over, the widget's payment settles", async () => {
    const who = await transferBorrower(t);
    const { orderId } = await startOrder(t, who);
    const [card] = await t.db
      .insert(payments)
      .values({
        customerId: who.customer.id,
        loanId: who.loan.loanId,
        paymentOption: 'firstNotPaidInstallment',
        source: 'debit-card',
        amountCents: INSTALLMENT_CENTS,
        status: 'pending',
      })
      .returning({ id: payments.id });
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const paid = await widgetPay(t, orderId);
      expect((paid.json() as { data: { result: string } }).data.result).toBe('failure');
      expect((await orderRow(t, orderId)).status).toBe('authorized');
      // The card payment fails; the provider's next call settles the transfer.
      await t.db.update(payments).set({ status: 'failed' }).where(eq(payments.id, card!.id));
      await vi.advanceTimersByTimeAsync(30_000);
    } finally {
      vi.useRealTimers();
    }
    await vi.waitFor(async () => expect((await orderRow(t, orderId)).status).toBe('completed'));
    expect((await installmentRows(who.loan.loanId))[1]!.status).toBe('paid');
  });

  it('an order for an amount the loan no longer owes fails and moves no money', async () => {
    const who = await transferBorrower(t);
    const closure = await closureCents(t, who);
    const closing = await startOrder(t, who, closure);
    // The first instalment is paid meanwhile: the closure amount is now smaller.
    await payThroughWidget(who);
    const response = await callback(t, 'authorized', { orderId: closing.orderId, amountCents: closure });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { orderId: closing.orderId, status: 'failed' } });
    expect(await loanPayments(t, who.loan.loanId)).toHaveLength(1);
    const [loan] = await t.db.select().from(loans).where(eq(loans.id, who.loan.loanId));
    expect(loan!.status).toBe('issued');
  });
});
