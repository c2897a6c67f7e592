import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creditDecisions,
  customers,
  customerStatusHistory,
  installments,
  installmentStatusHistory,
  loans,
  loanStatusHistory,
  paymentAllocations,
  payments,
  paymentStatusHistory,
} from '../../src/server/db/schema/index.ts';
import {
  createPendingPayment,
  failPayment,
  settlePayment,
  syncCollectionStatus,
  type NewPendingPayment,
} from '../../src/server/modules/payment/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createCustomer } from './helpers/customers.ts';
import { createRunningLoan, INSTALLMENT_CENTS } from './helpers/running-loans.ts';

/**
 * The settle core (agreement 3 of issue 13): allocation rows, instalments paid with history, the loan repaid when
 * nothing payable is left, payment history, RTB limit growth, collection statuses, exactly once.
 */

const NOW = '2026-11-24T10:00:00.000Z';
const AT = new Date(NOW);
const change = { changedBy: 'test', at: AT };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, ownDatabase: true, now: NOW });
});
afterAll(() => t.close());

const pending = (input: NewPendingPayment) => t.db.transaction((tx) => createPendingPayment(tx, input, change));
const settle = (paymentId: number) => t.db.transaction((tx) => settlePayment(tx, paymentId, change));

async function customerWithLoan(options: Parameters<typeof createRunningLoan>[2], limit = 250_000, miniLimit = 30_000) {
  const customer = await createCustomer(t, {
    status: 'securityChecked',
    creditLimitCents: limit,
    miniLimitCents: miniLimit,
  });
  const loan = await createRunningLoan(t, customer.id, options);
  return { customer, loan };
}

const installmentsOf = (loanId: number) =>
  t.db.select().from(installments).where(eq(installments.loanId, loanId)).orderBy(installments.number);

describe('settlePayment', () => {
  it('pays the first unpaid instalment: allocation, instalment paid with history, payment success with history', async () => {
    const { customer, loan } = await customerWithLoan({ nextDue: '2026-11-23', paid: 1 });
    const payment = await pending({
      customerId: customer.id,
      loanId: loan.loanId,
      installmentId: loan.next.id,
      paymentOption: 'firstNotPaidInstallment',
      source: 'debit-card',
      amountCents: INSTALLMENT_CENTS,
    });
    expect(payment.status).toBe('pending');
    const result = await settle(payment.id);
    expect(result).toEqual({ status: 'success', settledNow: true, loanRepaid: false });

    const rows = await installmentsOf(loan.loanId);
    expect(rows.map((row) => row.status).slice(0, 3)).toEqual(['paid', 'paid', 'notPaid']);
    expect(rows[1]).toMatchObject({ paidCents: INSTALLMENT_CENTS, paidAt: AT });
    const allocations = await t.db
      .select()
      .from(paymentAllocations)
      .where(eq(paymentAllocations.paymentId, payment.id));
    expect(allocations).toMatchObject([{ installmentId: loan.next.id, amountCents: INSTALLMENT_CENTS }]);
    const history = await t.db
      .select()
      .from(installmentStatusHistory)
      .where(eq(installmentStatusHistory.installmentId, loan.next.id));
    expect(history).toMatchObject([{ fromStatus: 'notPaid', toStatus: 'paid', reason: `payment:${payment.id}` }]);
    const paymentHistory = await t.db
      .select()
      .from(paymentStatusHistory)
      .where(eq(paymentStatusHistory.paymentId, payment.id))
      .orderBy(paymentStatusHistory.id);
    expect(paymentHistory.map((row) => [row.fromStatus, row.toStatus])).toEqual([
      [null, 'pending'],
      ['pending', 'success'],
    ]);
    const [stored] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(stored).toMatchObject({ status: 'success', settledAt: AT });
  });

  it('settles once: a second settle, or two at the same moment, change nothing more', async () => {
    const { customer, loan } = await customerWithLoan({ nextDue: '2026-11-30' });
    const payment = await pending({
      customerId: customer.id,
      loanId: loan.loanId,
      paymentOption: 'firstNotPaidInstallment',
      source: 'bank-transfer',
      amountCents: INSTALLMENT_CENTS,
    });
    const results = await Promise.all([settle(payment.id), settle(payment.id), settle(payment.id)]);
    expect(results.filter((result) => result.settledNow)).toHaveLength(1);
    expect(await settle(payment.id)).toEqual({ status: 'success', settledNow: false, loanRepaid: false });
    const allocations = await t.db
      .select()
      .from(paymentAllocations)
      .where(eq(paymentAllocations.paymentId, payment.id));
    expect(allocations).toHaveLength(1);
    expect((await installmentsOf(loan.loanId))[0]).toMatchObject({ status: 'paid', paidCents: INSTALLMENT_CENTS });
  });

  it('a second pending payment of the loan is RequestInProgress; a failed one frees the loan and never settles', async () => {
    const { customer, loan } = await customerWithLoan({ nextDue: '2026-11-30' });
    const input: NewPendingPayment = {
      customerId: customer.id,
      loanId: loan.loanId,
      paymentOption: 'firstNotPaidInstallment',
      source: 'debit-card',
      amountCents: INSTALLMENT_CENTS,
    };
    const first = await pending(input);
    await expect(pending(input)).rejects.toMatchObject({ codeName: 'RequestInProgress', statusCode: 409 });
    expect(
      await t.db.transaction((tx) => failPayment(tx, first.id, 'El banco emisor ha denegado el cargo.', change)),
    ).toBe(true);
    expect(await t.db.transaction((tx) => failPayment(tx, first.id, 'otra vez', change))).toBe(false);
    expect(await settle(first.id)).toMatchObject({ status: 'failed', settledNow: false });
    const [stored] = await t.db.select().from(payments).where(eq(payments.id, first.id));
    expect(stored).toMatchObject({ status: 'failed', message: 'El banco emisor ha denegado el cargo.' });
    expect((await installmentsOf(loan.loanId))[0]!.status).toBe('notPaid');
    const second = await pending(input);
    expect(second.id).not.toBe(first.id);
  });

  it('closes the loan: every instalment paid, the loan repaid with history, RTB limit growth with a decision row', async () => {
    const { customer, loan } = await customerWithLoan({ nextDue: '2026-12-10', paid: 2, count: 4 }, 250_000);
    const payment = await pending({
      customerId: customer.id,
      loanId: loan.loanId,
      paymentOption: 'closeLoan',
      source: 'debit-card',
      amountCents: 45_000,
    });
    expect(await settle(payment.id)).toEqual({ status: 'success', settledNow: true, loanRepaid: true });
    const rows = await installmentsOf(loan.loanId);
    expect(rows.every((row) => row.status === 'paid')).toBe(true);
    const allocations = await t.db
      .select()
      .from(paymentAllocations)
      .where(eq(paymentAllocations.paymentId, payment.id));
    expect(allocations.reduce((sum, row) => sum + row.amountCents, 0)).toBe(45_000);
    const [stored] = await t.db.select().from(loans).where(eq(loans.id, loan.loanId));
    expect(stored!.status).toBe('repaid');
    const loanHistory = await t.db.select().from(loanStatusHistory).where(eq(loanStatusHistory.loanId, loan.loanId));
    expect(loanHistory).toMatchObject([{ fromStatus: 'issued', toStatus: 'repaid', changedBy: 'test' }]);
    const [after] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
    // Both limits grow: the instalment loan's by 1.000 €, the minipréstamo's by 100 €.
    expect(after).toMatchObject({ isRtb: true, creditLimitCents: 350_000, miniLimitCents: 40_000 });
    const decisions = await t.db.select().from(creditDecisions).where(eq(creditDecisions.customerId, customer.id));
    expect(decisions).toMatchObject([
      {
        trigger: 'loanRepaid',
        limitCents: 350_000,
        miniLimitCents: 40_000,
        outcome: 'systemApproved',
        inputs: { loanId: loan.loanId, previousLimitCents: 250_000, previousMiniLimitCents: 30_000 },
      },
    ]);
  });

  it('no limit growth when an instalment was paid more than 30 days late, and never above 4.500 € and 600 €', async () => {
    const late = await customerWithLoan({ nextDue: '2026-10-01', count: 1 }, 250_000);
    const payment = await pending({
      customerId: late.customer.id,
      loanId: late.loan.loanId,
      paymentOption: 'pendingInstallments',
      source: 'bank-transfer',
      amountCents: INSTALLMENT_CENTS,
    });
    expect((await settle(payment.id)).loanRepaid).toBe(true);
    const [after] = await t.db.select().from(customers).where(eq(customers.id, late.customer.id));
    expect(after).toMatchObject({ isRtb: true, creditLimitCents: 250_000, miniLimitCents: 30_000 });

    const capped = await customerWithLoan({ nextDue: '2026-11-30', count: 1 }, 400_000, 55_000);
    const second = await pending({
      customerId: capped.customer.id,
      loanId: capped.loan.loanId,
      paymentOption: 'firstNotPaidInstallment',
      source: 'debit-card',
      amountCents: INSTALLMENT_CENTS,
    });
    await settle(second.id);
    const [raised] = await t.db.select().from(customers).where(eq(customers.id, capped.customer.id));
    expect(raised).toMatchObject({ creditLimitCents: 450_000, miniLimitCents: 60_000 });
  });

  it('a partial transfer pays part of the instalment, which stays unpaid', async () => {
    const { customer, loan } = await customerWithLoan({ nextDue: '2026-11-30' });
    const payment = await pending({
      customerId: customer.id,
      loanId: loan.loanId,
      paymentOption: 'pendingInstallments',
      source: 'bank-transfer',
      amountCents: 10_000,
    });
    await settle(payment.id);
    expect((await installmentsOf(loan.loanId))[0]).toMatchObject({ status: 'notPaid', paidCents: 10_000 });
  });
});

describe('collection statuses', () => {
  const statusOf = async (customerId: number) =>
    (await t.db.select({ status: customers.status }).from(customers).where(eq(customers.id, customerId)))[0]!.status;
  const sync = (customerId: number, today: string) =>
    t.db.transaction((tx) => syncCollectionStatus(tx, customerId, { today, changedBy: 'collection', at: AT }));

  it('follows the overdue days (31 → internal, 61 → external) and goes back when paid', async () => {
    const { customer, loan } = await customerWithLoan({ nextDue: '2026-10-01', paid: 1, count: 3 });
    expect(await sync(customer.id, '2026-10-31')).toBeNull();
    expect(await sync(customer.id, '2026-11-01')).toBe('internalCollection');
    expect(await sync(customer.id, '2026-12-01')).toBe('externalCollection');
    expect(await statusOf(customer.id)).toBe('externalCollection');

    const payment = await pending({
      customerId: customer.id,
      loanId: loan.loanId,
      paymentOption: 'pendingInstallments',
      source: 'bank-transfer',
      amountCents: 2 * INSTALLMENT_CENTS,
    });
    await settle(payment.id);
    expect(await statusOf(customer.id)).toBe('securityChecked');
    const history = await t.db
      .select()
      .from(customerStatusHistory)
      .where(eq(customerStatusHistory.customerId, customer.id))
      .orderBy(customerStatusHistory.id);
    expect(history.map((row) => row.toStatus)).toEqual(['internalCollection', 'externalCollection', 'securityChecked']);
  });

  it('never touches staff statuses (fraud, legal)', async () => {
    const customer = await createCustomer(t, { status: 'fraud' });
    await createRunningLoan(t, customer.id, { nextDue: '2026-08-01' });
    expect(await sync(customer.id, '2026-11-24')).toBeNull();
    expect(await statusOf(customer.id)).toBe('fraud');
    await t.db.delete(customers).where(inArray(customers.id, [customer.id]));
  });
});

describe('the collection-status job', () => {
  it('moves late customers into collection and back once paid, once however many runs', async () => {
    const late = await customerWithLoan({ nextDue: '2026-10-20', paid: 1, count: 3 });
    const farLate = await customerWithLoan({ nextDue: '2026-09-01', paid: 0, count: 3 });
    const onTime = await customerWithLoan({ nextDue: '2026-11-20', paid: 1, count: 3 });
    t.clock.set(AT);
    const first = await t.app.collection.runOnce();
    expect(first.moved).toBeGreaterThanOrEqual(2);
    const statusOf = async (customerId: number) =>
      (await t.db.select({ status: customers.status }).from(customers).where(eq(customers.id, customerId)))[0]!.status;
    expect(await statusOf(late.customer.id)).toBe('internalCollection');
    expect(await statusOf(farLate.customer.id)).toBe('externalCollection');
    expect(await statusOf(onTime.customer.id)).toBe('securityChecked');
    await Promise.all([t.app.collection.runOnce(), t.app.collection.runOnce()]);
    const history = await t.db
      .select()
      .from(customerStatusHistory)
      .where(eq(customerStatusHistory.customerId, late.customer.id));
    expect(history).toHaveLength(1);

    await t.db
      .update(installments)
      .set({ status: 'paid', paidCents: INSTALLMENT_CENTS })
      .where(eq(installments.loanId, late.loan.loanId));
    await t.app.collection.runOnce();
    expect(await statusOf(late.customer.id)).toBe('securityChecked');
  });
});
