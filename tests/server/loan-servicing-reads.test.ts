import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login, type LoggedIn } from './helpers/customers.ts';
import { codeOf, dataOf, send } from './helpers/customer-file.ts';
import { errorsOf } from './helpers/membership-login.ts';
import { loansOf } from './helpers/payments.ts';
import { createRunningLoan, INSTALLMENT_CENTS } from './helpers/running-loans.ts';
import { staffSession, type StaffLoggedIn } from './helpers/staff.ts';

/**
 * Two reads of issue 27's loan catalogue (docs/backoffice.md §8): an instalment's status history
 * (`installmentStatusHistory`) and what closes a loan on a chosen day (`calculateFutureCloseAmount`), each scoped as
 * the customer file is — another company's customer is a 404 to a collection company's user, as an unknown id.
 */

const NOW = '2026-11-24T10:00:00.000Z';
const TODAY = '2026-11-24';
let t: TestApp;
let agent: StaffLoggedIn;
let company: StaffLoggedIn;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW });
  agent = await staffSession(t, 'cam');
  company = await staffSession(t, 'collectioncompany');
});
afterAll(() => t.close());

async function borrower(overrides: Parameters<typeof login>[1] = {}) {
  const who = await login(t, { status: 'securityChecked', ...overrides });
  const loan = await createRunningLoan(t, who.customer.id, { nextDue: '2026-11-30', paid: 2, count: 6 });
  return { who, loan };
}

const historyOf = (installmentId: number, who: StaffLoggedIn = agent) =>
  send(t, 'GET', `/api/loan/installmentStatusHistory/${installmentId}`, who);
const closeOn = (loanId: number, date: string, who: StaffLoggedIn = agent) =>
  send(t, 'GET', `/api/loan/calculateFutureCloseAmount/${loanId}?date=${date}`, who);

async function paidByHand(who: LoggedIn, loanId: number, installmentId: number) {
  const line = await t.app.inject({
    method: 'POST',
    url: '/sandbox/bank-statement/lines',
    payload: { amount: INSTALLMENT_CENTS / 100, description: 'cuota', externalId: `line-${randomUUID()}` },
  });
  const statementLineId = (line.json() as { data: { id: number } }).data.id;
  return dataOf(
    await send(t, 'POST', '/api/loan/payloanmanual', agent, {
      statementLineId,
      loanId,
      installmentId,
      reason: 'Transferencia sin referencia',
    }),
  ) as { paymentId: number };
}

describe('InstallmentStatusHistoryGet', () => {
  it('answers the instalment’s changes newest first: paid by which payment, by whom', async () => {
    const { who, loan } = await borrower();
    expect(dataOf(await historyOf(loan.next.id))).toEqual([]);
    const { paymentId } = await paidByHand(who, loan.loanId, loan.next.id);
    expect(dataOf(await historyOf(loan.next.id))).toEqual([
      {
        id: expect.any(Number),
        fromStatus: 'notPaid',
        toStatus: 'paid',
        changedBy: `staff:${agent.staff.id}`,
        reason: `payment:${paymentId}`,
        at: NOW,
      },
    ]);
  });

  it('answers 404 for an unknown instalment, and for another company’s customer to a collection company', async () => {
    expect(errorsOf(await historyOf(2_000_000_000), 404)[0]).toMatchObject({
      code: { name: 'StaffInstallmentNotFound', value: 2085 },
      message: 'No hemos encontrado esa cuota.',
    });
    const theirs = await borrower();
    expect(errorsOf(await historyOf(theirs.loan.next.id, company), 404)[0]!.code.name).toBe('StaffInstallmentNotFound');
    const mine = await borrower({ collectionCompanyId: company.staff.collectionCompanyId });
    expect(dataOf(await historyOf(mine.loan.next.id, company))).toEqual([]);
  });
});

describe('FutureCloseAmountGet', () => {
  it('today, what the customer’s Loan view says closes it; on the last due date, every unpaid instalment whole', async () => {
    const { who, loan } = await borrower();
    const [view] = await loansOf(t, who);
    const today = dataOf(await closeOn(loan.loanId, TODAY)) as { amount: number; todayAmount: number };
    expect(today).toMatchObject({ loanId: loan.loanId, date: TODAY, today: TODAY, amount: view!.earlyClosureAmount });
    expect(today.todayAmount).toBe(view!.earlyClosureAmount);

    const lastDue = view!.installments.at(-1)!;
    const unpaid = view!.installments.filter((row) => row.status !== 'paid');
    const atLast = dataOf(await closeOn(loan.loanId, lastDue.expectedDate)) as { amount: number; todayAmount: number };
    expect(atLast.amount).toBeCloseTo(
      unpaid.reduce((sum, row) => sum + row.totalPayment, 0),
      2,
    );
    expect(atLast.todayAmount).toBe(view!.earlyClosureAmount);
    // A day in between is no less than today's and no more than the last day's.
    const between = dataOf(await closeOn(loan.loanId, '2027-01-15')) as { amount: number };
    expect(between.amount).toBeGreaterThanOrEqual(today.amount);
    expect(between.amount).toBeLessThanOrEqual(atLast.amount);
  });

  it('refuses a day before today or after the last due date, a repaid loan, and another company’s loan', async () => {
    const { who, loan } = await borrower();
    const [view] = await loansOf(t, who);
    const last = view!.installments.at(-1)!.expectedDate;
    const [year, month, day] = last.split('-');
    for (const date of ['2026-11-23', '2031-01-01']) {
      const refused = await closeOn(loan.loanId, date);
      expect(codeOf(refused), date).toBe('StaffCloseDateOutOfRange');
      expect(errorsOf(refused, 422)[0]!.message).toBe(
        `Elige un día entre hoy y el último vencimiento del préstamo (${day}/${month}/${year}).`,
      );
    }
    expect((await closeOn(loan.loanId, '2026-02-30')).statusCode).toBe(400);
    const repaid = await login(t, { status: 'securityChecked' });
    const closed = await createRunningLoan(t, repaid.customer.id, { nextDue: '2026-11-30', paid: 0, status: 'repaid' });
    expect(codeOf(await closeOn(closed.loanId, TODAY))).toBe('StaffLoanNotPayable');
    expect(errorsOf(await closeOn(loan.loanId, TODAY, company), 404)[0]!.code.name).toBe('StaffLoanNotFound');
  });
});
