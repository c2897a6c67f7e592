import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankStatementLines } from '../../src/server/db/schema/index.ts';
import { createTestApp, productionEnv, type TestApp } from './helpers/app.ts';
import { login } from './helpers/customers.ts';
import { loansOf, paymentsOfLoan } from './helpers/payments.ts';
import { createRunningLoan, INSTALLMENT_CENTS } from './helpers/running-loans.ts';

/**
 * The bank-transfer reconciliation sandbox action (docs/rules/payments.md "Bank transfer reconciliation"): a statement
 * line '<reference code>-CN<loan id>' settles a bank-transfer payment; only while SANDBOX is on.
 */

const NOW = '2026-11-24T10:00:00.000Z';
let t: TestApp;
let production: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW });
  production = await createTestApp({
    database: t.handle,
    env: {
      ...productionEnv(),
    },
  });
});
afterAll(async () => {
  await production.close();
  await t.close();
});

const reconcile = (payload: object, app: TestApp = t) =>
  app.app.inject({ method: 'POST', url: '/sandbox/bank-transfer/reconcile', payload });

async function borrower() {
  const who = await login(t, { status: 'securityChecked' });
  const loan = await createRunningLoan(t, who.customer.id, { nextDue: '2026-11-23', paid: 1, count: 3 });
  return { who, loan, reference: `T${who.customer.phone}-CN${loan.loanId}` };
}

describe('POST /sandbox/bank-transfer/reconcile', () => {
  it('settles a bank-transfer payment: the instalment paid, the Loan view shows it; a line id answers once', async () => {
    const { who, loan, reference } = await borrower();
    const lineId = `line-${randomUUID()}`;
    const response = await reconcile({ reference, amount: INSTALLMENT_CENTS / 100, lineId });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      loanId: loan.loanId,
      status: 'success',
      paymentOption: 'pendingInstallments',
      amount: INSTALLMENT_CENTS / 100,
      loanStatus: 'issued',
    });
    const again = await reconcile({ reference, amount: INSTALLMENT_CENTS / 100, lineId });
    expect(again.json().data.paymentId).toBe(response.json().data.paymentId);
    // The line is on the statement, matched by the reconciliation (no staff member), to that payment.
    const [line] = await t.db.select().from(bankStatementLines).where(eq(bankStatementLines.externalId, lineId));
    expect(line).toMatchObject({
      status: 'matched',
      paymentId: response.json().data.paymentId,
      matchedByStaffId: null,
      amountCents: INSTALLMENT_CENTS,
      description: reference,
    });
    expect(await paymentsOfLoan(t, loan.loanId)).toHaveLength(1);
    const [view] = await loansOf(t, who);
    expect(view!.installments[1]).toMatchObject({
      status: 'paid',
      payments: [{ type: 'pendingInstallments', paymentSource: 'bank-transfer', amount: INSTALLMENT_CENTS / 100 }],
    });
  });

  it('a partial amount leaves the instalment unpaid; the early closure amount (any case) closes the loan', async () => {
    const { who, loan, reference } = await borrower();
    await reconcile({ reference: reference.toLowerCase(), amount: 100 });
    let [view] = await loansOf(t, who);
    expect(view!.installments[1]).toMatchObject({ status: 'notPaid', payments: [{ amount: 100 }] });
    const closing = await reconcile({ reference, amount: view!.earlyClosureAmount });
    expect(closing.json().data).toMatchObject({ paymentOption: 'closeLoan', loanStatus: 'repaid' });
    [view] = await loansOf(t, who);
    expect(view!.status).toBe('repaid');
    const lateLine = `late-${randomUUID()}`;
    const late = await reconcile({ reference, amount: 10, lineId: lateLine });
    expect(late.json().errors[0].code.name).toBe('LoanAlreadyRepaid');
    // Money for a repaid loan stays on the statement, waiting for an agent (a refund).
    const [waiting] = await t.db.select().from(bankStatementLines).where(eq(bankStatementLines.externalId, lateLine));
    expect(waiting).toMatchObject({ status: 'unmatched', paymentId: null, amountCents: 1000 });
    expect(loan.loanId).toBe(view!.id);
  });

  it('an unknown reference, another customer’s loan or a bad body is refused; without SANDBOX it does not exist', async () => {
    const first = await borrower();
    const second = await borrower();
    const mixed = `T${first.who.customer.phone}-CN${second.loan.loanId}`;
    expect((await reconcile({ reference: mixed, amount: 10 })).statusCode).toBe(404);
    const unread = `unread-${randomUUID()}`;
    expect((await reconcile({ reference: 'nothing', amount: 10, lineId: unread })).statusCode).toBe(404);
    // What it could not read waits on the statement for an agent.
    const [line] = await t.db.select().from(bankStatementLines).where(eq(bankStatementLines.externalId, unread));
    expect(line).toMatchObject({ status: 'unmatched', paymentId: null, amountCents: 1000, description: 'nothing' });
    expect((await reconcile({ reference: 'X-CN99999999999', amount: 10 })).statusCode).toBe(404);
    expect((await reconcile({ reference: first.reference, amount: -1 })).statusCode).toBe(400);
    expect((await reconcile({ reference: first.reference, amount: 1.001 })).statusCode).toBe(400);
    expect((await reconcile({ reference: first.reference, amount: 10 }, production)).statusCode).toBe(404);
    expect(await paymentsOfLoan(t, second.loan.loanId)).toEqual([]);
  });
});
