import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditRecords,
  bankAccounts,
  installments,
  loans,
  loanStatusHistory,
} from '../../src/server/db/schema/index.ts';
import { assign, requestedLoan } from './helpers/agreement.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login } from './helpers/customers.ts';
import { codeOf, dataOf, expectForbidden, send, UNKNOWN_ID } from './helpers/customer-file.ts';
import { errorsOf } from './helpers/membership-login.ts';
import { loansOf } from './helpers/payments.ts';
import { createRunningLoan } from './helpers/running-loans.ts';
import { staffSession, type StaffLoggedIn } from './helpers/staff.ts';

/**
 * The staff's changes of a loan's terms (issue 27 «Loans»: `changeExpectedDate`, `changeLoanToAccount`; docs/rules/
 * payments.md "Changing an instalment's date"): an unpaid instalment moves to a working day of the lender's calendar
 * inside its window and the customer's app and the days late follow; a loan not paid out yet goes to another of the
 * customer's active accounts. A database of its own: the test adds a holiday of the lender.
 */

const NOW = '2026-11-24T10:00:00Z';
let t: TestApp;
let agent: StaffLoggedIn;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, ownDatabase: true, now: NOW });
  agent = await staffSession(t, 'cam');
});
afterAll(() => t.close());

const moveDate = (installmentId: number, expectedDate: string, who = agent) =>
  send(t, 'POST', `/api/loan/changeExpectedDate/${installmentId}`, who, {
    expectedDate,
    reason: 'El cliente cobra la nómina más tarde',
  });
const dateOf = async (installmentId: number) =>
  (await t.db.select().from(installments).where(eq(installments.id, installmentId)))[0]!.expectedDate;

describe('changeExpectedDate', () => {
  it("moves an unpaid instalment within its window: the customer's Loan view and the audit follow", async () => {
    const who = await login(t, { status: 'securityChecked' });
    const loan = await createRunningLoan(t, who.customer.id, { nextDue: '2026-12-10', paid: 1, count: 3 });
    const [, second] = loan.installmentIds;

    expect(dataOf(await moveDate(second!, '2026-12-15'))).toEqual({
      installmentId: second,
      loanId: loan.loanId,
      number: 2,
      from: '2026-12-10',
      expectedDate: '2026-12-15',
      changed: true,
    });
    const view = (await loansOf(t, who)).find((one) => one.id === loan.loanId)!;
    expect(view.installments.map((one) => one.expectedDate)).toEqual(['2026-11-10', '2026-12-15', '2027-01-10']);
    const [record] = await t.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.loanId, loan.loanId))
      .orderBy(asc(auditRecords.id));
    expect(record).toMatchObject({
      callName: 'ChangeExpectedDatePost',
      entityType: 'installment',
      entityId: String(second),
      customerId: who.customer.id,
      before: { expectedDate: '2026-12-10' },
      after: { expectedDate: '2026-12-15' },
      reason: 'El cliente cobra la nómina más tarde',
      staffUserId: agent.staff.id,
    });
    // The same date again (a retry): nothing changes.
    expect(dataOf(await moveDate(second!, '2026-12-15'))).toMatchObject({ changed: false, from: '2026-12-15' });
  });

  it('refuses a weekend, a national or lender holiday, a day outside its window, and names the window', async () => {
    const who = await login(t, { status: 'securityChecked' });
    const loan = await createRunningLoan(t, who.customer.id, { nextDue: '2026-12-10', paid: 1, count: 3 });
    const [first, second] = loan.installmentIds;
    const holiday = await send(t, 'POST', '/api/loan/holliday', agent, {
      day: '2026-12-14',
      name: 'Fiesta de la empresa',
      reason: 'Cierre de oficinas',
    });
    expect(holiday.statusCode, holiday.body).toBe(200);

    for (const day of ['2026-12-12', '2026-12-08', '2026-12-14', '2026-11-23', '2027-01-10']) {
      const [error] = errorsOf(await moveDate(second!, day), 422);
      expect(error, day).toMatchObject({
        code: { name: 'ExpectedDateNotAllowed', value: 2105 },
        message: 'La cuota nº 2 solo puede pasar a un día laborable entre el 24/11/2026 y el 09/01/2027.',
      });
    }
    expect(await dateOf(second!)).toBe('2026-12-10');
    // The window's other bound: 31 days after its date.
    const late = await createRunningLoan(t, who.customer.id, { nextDue: '2026-11-30', count: 3 });
    expect(errorsOf(await moveDate(late.installmentIds[0]!, '2027-01-04'), 422)[0]!.message).toBe(
      'La cuota nº 1 solo puede pasar a un día laborable entre el 24/11/2026 y el 29/12/2026.',
    );
    expect(codeOf(await moveDate(first!, '2026-12-01'))).toBe('StaffInstallmentNotUnpaid');
  });

  it('an overdue instalment moved to a later day is no longer late: the search and the Loan view say so', async () => {
    const who = await login(t, { status: 'securityChecked' });
    const loan = await createRunningLoan(t, who.customer.id, { nextDue: '2026-11-10', count: 2 });
    const search = async () =>
      (
        dataOf(await send(t, 'GET', `/api/loan/searchLoans?customerId=${who.customer.id}`, agent)) as {
          items: Array<{ overdueDays: number }>;
        }
      ).items[0]!.overdueDays;
    expect(await search()).toBe(14);
    expect((await loansOf(t, who))[0]!.overdueDay).not.toBe(0);
    expect(dataOf(await moveDate(loan.installmentIds[0]!, '2026-11-27'))).toMatchObject({ changed: true });
    expect(await search()).toBe(0);
    expect((await loansOf(t, who))[0]).toMatchObject({ status: 'issued' });
  });

  it('a loan not running is refused; 404 for an unknown instalment; 403 for a collection company', async () => {
    const who = await login(t, { status: 'securityChecked' });
    const repaid = await createRunningLoan(t, who.customer.id, { nextDue: '2026-12-10', status: 'repaid', count: 2 });
    expect(codeOf(await moveDate(repaid.installmentIds[1]!, '2026-12-11'))).toBe('StaffLoanNotRunning');
    expect(errorsOf(await moveDate(UNKNOWN_ID, '2026-12-11'), 404)[0]!.code.name).toBe('StaffInstallmentNotFound');
    const company = await staffSession(t, 'collectioncompany');
    expectForbidden(await moveDate(repaid.installmentIds[1]!, '2026-12-11', company));
  });
});

describe('changeLoanToAccount', () => {
  const changeAccount = (loanId: number, accountId: number) =>
    send(t, 'POST', `/api/loan/changeLoanToAccount/${loanId}`, agent, {
      accountId,
      reason: 'El cliente cambió de banco',
    });
  const account = async (customerId: number, status = 'active') =>
    (
      await t.db
        .insert(bankAccounts)
        .values({
          customerId,
          iban: `ES00CHANGE${customerId}${status}${Math.floor(Math.random() * 1e6)}`,
          bankValue: 'BBVA',
          bankCode: '0182',
          holderName: 'Ana Prueba Test',
          source: 'manual',
          status,
        })
        .returning({ id: bankAccounts.id })
    )[0]!.id;

  it("moves a loan not paid out to another of the customer's active accounts; refuses any other account", async () => {
    const who = await requestedLoan(t);
    const other = await account(who.customer.id);
    expect(dataOf(await changeAccount(who.loanId, other))).toEqual({
      loanId: who.loanId,
      fromAccountId: who.accountId,
      accountId: other,
      changed: true,
    });
    expect((await t.db.select().from(loans).where(eq(loans.id, who.loanId)))[0]!.toAccountId).toBe(other);
    expect(dataOf(await changeAccount(who.loanId, other))).toMatchObject({ changed: false });

    const closed = await account(who.customer.id, 'closed');
    expect(codeOf(await changeAccount(who.loanId, closed))).toBe('StaffAccountNotUsable');
    const stranger = await requestedLoan(t);
    expect(codeOf(await changeAccount(who.loanId, stranger.accountId))).toBe('StaffAccountNotUsable');
    expect(codeOf(await changeAccount(who.loanId, UNKNOWN_ID))).toBe('StaffAccountNotUsable');
    expect((await t.db.select().from(loans).where(eq(loans.id, who.loanId)))[0]!.toAccountId).toBe(other);
  });

  it('a paid-out loan keeps its account', async () => {
    const who = await login(t, { status: 'securityChecked' });
    const loan = await createRunningLoan(t, who.customer.id, { nextDue: '2026-12-10' });
    const mine = await account(who.customer.id);
    const [error] = errorsOf(await changeAccount(loan.loanId, mine), 422);
    expect(error).toMatchObject({
      code: { name: 'StaffLoanNotAwaitingPayout', value: 2108 },
      message: 'Este préstamo ya no está pendiente de pago al cliente: la cuenta solo se cambia antes.',
    });
  });
});

describe('changeLoanAmount', () => {
  const changeAmount = (loanId: number, amount: number) =>
    send(t, 'POST', `/api/loan/changeLoanAmount/${loanId}`, agent, { amount, reason: 'El cliente pide otro importe' });
  const planOf = (loanId: number) =>
    t.db.select().from(installments).where(eq(installments.loanId, loanId)).orderBy(asc(installments.number));
  const availableLimit = async (who: { headers: Record<string, string> }) =>
    (
      dataOf(await t.app.inject({ url: '/api/customer/creditlimit', headers: who.headers })) as {
        availableLimit: number;
      }
    ).availableLimit;

  it('prices a requested loan again on its dates: the plan, the limit and the agreement the customer will sign', async () => {
    const who = await requestedLoan(t);
    const before = await planOf(who.loanId);
    expect(await availableLimit(who)).toBe(500);
    expect(dataOf(await changeAmount(who.loanId, 3000))).toEqual({
      loanId: who.loanId,
      fromAmount: 2500,
      amount: 3000,
      status: 'requested',
      signAgain: false,
      changed: true,
    });
    const after = await planOf(who.loanId);
    expect(after.map((row) => row.expectedDate)).toEqual(before.map((row) => row.expectedDate));
    expect(after.reduce((sum, row) => sum + row.baseCents, 0)).toBe(300_000);
    expect(after[0]!.interestCents).toBeGreaterThan(before[0]!.interestCents);
    expect(await availableLimit(who)).toBe(0);
    const agreement = await t.app.inject({ url: `/api/loan/agreement/${who.loanId}`, headers: who.headers });
    expect(agreement.statusCode).toBe(200);
    expect(agreement.body).toContain('3.000,00');
    expect(agreement.body).not.toContain('2.500,00');
    expect(dataOf(await changeAmount(who.loanId, 3000))).toMatchObject({ changed: false });
  });

  it('a signed loan goes back to be signed again for the new amount, and the customer signs it', async () => {
    const who = await requestedLoan(t);
    expect((await assign(t, who, { loanId: who.loanId, acceptAgreement: true })).statusCode).toBe(200);
    expect(dataOf(await changeAmount(who.loanId, 3500))).toMatchObject({ status: 'requested', signAgain: true });
    const [row] = await t.db.select().from(loans).where(eq(loans.id, who.loanId));
    expect(row).toMatchObject({
      status: 'requested',
      amountCents: 350_000,
      agreementAcceptedAt: null,
      payoutDueAt: null,
    });
    const history = await t.db
      .select()
      .from(loanStatusHistory)
      .where(eq(loanStatusHistory.loanId, who.loanId))
      .orderBy(asc(loanStatusHistory.id));
    expect(history.at(-1)).toMatchObject({
      fromStatus: 'agreementAssigned',
      toStatus: 'requested',
      changedBy: `staff:${agent.staff.id}`,
      reason: 'El cliente pide otro importe',
    });
    const signed = await assign(t, who, { loanId: who.loanId, acceptAgreement: true });
    expect(signed.statusCode, signed.body).toBe(200);
    expect((await t.db.select().from(loans).where(eq(loans.id, who.loanId)))[0]!.status).toBe('agreementAssigned');
  });

  it('refuses what the request refuses, and a paid-out loan', async () => {
    const who = await requestedLoan(t);
    expect(codeOf(await changeAmount(who.loanId, 4000))).toBe('CreditLimitExceeded');
    expect(codeOf(await changeAmount(who.loanId, 2750))).toBe('InvalidLoanAmount');
    expect(codeOf(await changeAmount(who.loanId, 2000))).toBe('InvalidLoanAmount');
    expect((await t.db.select().from(loans).where(eq(loans.id, who.loanId)))[0]!.amountCents).toBe(250_000);
    const running = await login(t, { status: 'securityChecked' });
    const loan = await createRunningLoan(t, running.customer.id, { nextDue: '2026-12-10' });
    expect(codeOf(await changeAmount(loan.loanId, 3000))).toBe('StaffLoanNotAwaitingPayout');
  });
});
