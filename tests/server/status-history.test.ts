import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerStatusHistory,
  installmentStatusHistory,
  loanStatusHistory,
} from '../../src/server/db/schema/index.ts';
import { recordStatusChange, recordStatusChanges } from '../../src/server/db/status-history.ts';
import { moveCustomerStatus } from '../../src/server/modules/customer/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createCustomer } from './helpers/customers.ts';
import { createRunningLoan } from './helpers/running-loans.ts';

/** The one status-history writer: each kind of entity to its own table, in the caller's transaction. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false });
});
afterAll(async () => {
  await t?.close();
});

const at = new Date('2026-03-02T10:00:00.000Z');
const customerHistory = (customerId: number) =>
  t.db
    .select()
    .from(customerStatusHistory)
    .where(eq(customerStatusHistory.customerId, customerId))
    .orderBy(asc(customerStatusHistory.id));

describe('status history', () => {
  it('writes a customer, loan and instalment change to the history table of its kind', async () => {
    const customer = await createCustomer(t, { status: 'registered' });
    const loan = await createRunningLoan(t, customer.id, { nextDue: '2026-04-01' });
    const installmentId = loan.installmentIds[0]!;

    await recordStatusChange(t.db, 'customer', {
      id: customer.id,
      from: 'registered',
      to: 'systemApproved',
      changedBy: 'system',
      reason: 'ruleEngine',
      at,
    });
    await recordStatusChanges(t.db, 'loan', [
      { id: loan.loanId, from: null, to: 'requested', changedBy: 'customer', at },
      { id: loan.loanId, from: 'requested', to: 'issued', changedBy: 'payout', at },
    ]);
    await recordStatusChange(t.db, 'installment', {
      id: installmentId,
      from: 'notPaid',
      to: 'paid',
      changedBy: 'customer',
      at,
    });
    await recordStatusChanges(t.db, 'installment', []);

    expect(await customerHistory(customer.id)).toMatchObject([
      {
        fromStatus: 'registered',
        toStatus: 'systemApproved',
        changedBy: 'system',
        reason: 'ruleEngine',
        createdAt: at,
      },
    ]);
    const loanRows = await t.db
      .select()
      .from(loanStatusHistory)
      .where(eq(loanStatusHistory.loanId, loan.loanId))
      .orderBy(asc(loanStatusHistory.id));
    expect(loanRows.map((row) => [row.fromStatus, row.toStatus, row.reason])).toEqual([
      [null, 'requested', null],
      ['requested', 'issued', null],
    ]);
    const installmentRows = await t.db
      .select()
      .from(installmentStatusHistory)
      .where(eq(installmentStatusHistory.installmentId, installmentId));
    expect(installmentRows).toMatchObject([{ fromStatus: 'notPaid', toStatus: 'paid', changedBy: 'customer' }]);
  });

  it('writes in the caller’s transaction: a rollback leaves neither the status nor its history row', async () => {
    const customer = await createCustomer(t, { status: 'preRegistered' });
    const move = {
      id: customer.id,
      from: 'preRegistered',
      to: 'registered',
      changedBy: 'customer',
      reason: 'addressSaved',
      at,
    } as const;
    await expect(
      t.db.transaction(async (tx) => {
        expect(await moveCustomerStatus(tx, move)).toBe(true);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await customerHistory(customer.id)).toEqual([]);

    expect(await t.db.transaction((tx) => moveCustomerStatus(tx, move))).toBe(true);
    // The customer is no longer preRegistered: the same move changes nothing and writes no second row.
    expect(await t.db.transaction((tx) => moveCustomerStatus(tx, move))).toBe(false);
    expect(await customerHistory(customer.id)).toMatchObject([{ fromStatus: 'preRegistered', toStatus: 'registered' }]);
  });
});
