import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, installments, loans } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login } from './helpers/customers.ts';
import { dataOf, send } from './helpers/customer-file.ts';
import { errorsOf } from './helpers/membership-login.ts';
import { payLoan, storeCard } from './helpers/payments.ts';
import { createMiniLoan, createRunningLoan, INSTALLMENT_CENTS } from './helpers/running-loans.ts';
import { staffSession, type StaffLoggedIn } from './helpers/staff.ts';

/**
 * `searchLoans` (LoanSearchGet; issue 27 «Loans», docs/backoffice.md §8 P4): the portfolio paged and filtered by
 * status, product, customer, issue date and days late (running loans only, from the first unpaid instalment's date,
 * today in Madrid), newest first or most days late first; a collection company sees its customers' loans only. A
 * database of its own, so the portfolio is exactly the loans made here.
 */

const NOW = '2026-11-24T10:00:00Z';
let t: TestApp;
let agent: StaffLoggedIn;
let company: StaffLoggedIn;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, ownDatabase: true, now: NOW });
  [agent, company] = await Promise.all([staffSession(t, 'cam'), staffSession(t, 'collectioncompany')]);
  const customer = async (firstName: string) =>
    (await login(t, { status: 'securityChecked', firstName, lastName: 'Prueba Búsqueda' })).customer.id;
  // Made oldest first: the ids grow in this order.
  const late40 = await customer('Ana');
  ids['late40'] = (await createRunningLoan(t, late40, { nextDue: '2026-10-15', paid: 2 })).loanId;
  const onTime = await customer('Berta');
  ids['onTime'] = (await createRunningLoan(t, onTime, { nextDue: '2026-12-10', paid: 3 })).loanId;
  ids['repaid'] = (await createRunningLoan(t, onTime, { nextDue: '2026-12-10', paid: 12, status: 'repaid' })).loanId;
  const applicant = await customer('Carla');
  ids['requested'] = (await createRunningLoan(t, applicant, { nextDue: '2026-12-24', status: 'requested' })).loanId;
  ids['cancelled'] = (await createRunningLoan(t, applicant, { nextDue: '2026-09-01', status: 'cancelled' })).loanId;
  const mini = await customer('Dora');
  ids['mini5'] = (await createMiniLoan(t, mini, { due: '2026-11-19' })).loanId;
  const assigned = await customer('Elena');
  ids['late115'] = (await createRunningLoan(t, assigned, { nextDue: '2026-08-01' })).loanId;
  await t.db
    .update(customers)
    .set({ collectionCompanyId: company.staff.collectionCompanyId })
    .where(eq(customers.id, assigned));
});
afterAll(() => t.close());

interface Page {
  items: Array<{ loanId: number; overdueDays: number; outstanding: number; firstUnpaidDate: string | null }>;
  total: number;
  totalCapped: boolean;
}
const search = async (query: string, who = agent) =>
  dataOf(await send(t, 'GET', `/api/loan/searchLoans${query ? `?${query}` : ''}`, who)) as Page;
const found = async (query: string, who = agent) => (await search(query, who)).items.map((item) => item.loanId);
const named = (...names: string[]) => names.map((name) => ids[name]);

describe('searchLoans', () => {
  it('answers every loan newest first, each with its customer, money and days late', async () => {
    const page = await search('');
    expect(page.total).toBe(7);
    expect(page.totalCapped).toBe(false);
    expect(page.items.map((item) => item.loanId)).toEqual(
      named('late115', 'mini5', 'cancelled', 'requested', 'repaid', 'onTime', 'late40'),
    );
    const late40 = page.items.find((item) => item.loanId === ids['late40']);
    expect(late40).toEqual({
      loanId: ids['late40'],
      customerId: expect.any(Number),
      customerName: 'Ana Prueba Búsqueda',
      status: 'issued',
      product: 'installment',
      amount: 2500,
      issueDate: '2026-07-15',
      installmentCount: 12,
      outstanding: (10 * INSTALLMENT_CENTS) / 100,
      firstUnpaidDate: '2026-10-15',
      overdueDays: 40,
    });
    expect(page.items.find((item) => item.loanId === ids['mini5'])).toMatchObject({
      product: 'mini',
      overdueDays: 5,
      outstanding: 300,
    });
    // Not running: never late, whatever its dates.
    expect(page.items.find((item) => item.loanId === ids['cancelled'])).toMatchObject({ overdueDays: 0 });
    expect(page.items.find((item) => item.loanId === ids['repaid'])).toMatchObject({
      overdueDays: 0,
      outstanding: 0,
      firstUnpaidDate: null,
    });
  });

  it('filters by status, product, customer and issue date', async () => {
    expect(await found('status=issued')).toEqual(named('late115', 'mini5', 'onTime', 'late40'));
    expect(await found('product=mini')).toEqual(named('mini5'));
    expect(await found('status=cancelled')).toEqual(named('cancelled'));
    const { customerId } = (await search('status=repaid')).items[0] as unknown as { customerId: number };
    expect(await found(`customerId=${customerId}`)).toEqual(named('repaid', 'onTime'));
    expect(await found('dateFrom=2026-07-01&dateTo=2026-07-31')).toEqual(named('late115', 'late40'));
    expect(await found('dateFrom=2026-10-01')).toEqual(named('mini5', 'requested'));
    expect(await found('dateTo=2025-12-31')).toEqual(named('repaid'));
  });

  it('filters by days late (running loans only, both ends inclusive) and sorts the latest first', async () => {
    expect(await found('overdueDaysMin=1')).toEqual(named('late115', 'mini5', 'late40'));
    expect(await found('overdueDaysMin=5&overdueDaysMax=5')).toEqual(named('mini5'));
    expect(await found('overdueDaysMin=6')).toEqual(named('late115', 'late40'));
    expect(await found('overdueDaysMin=31&overdueDaysMax=60')).toEqual(named('late40'));
    expect(await found('overdueDaysMin=40&overdueDaysMax=40')).toEqual(named('late40'));
    expect(await found('overdueDaysMin=41&overdueDaysMax=114')).toEqual([]);
    expect(await found('overdueDaysMin=91')).toEqual(named('late115'));
    expect(await found('overdueDaysMax=0')).toEqual(named('onTime'));
    expect(await found('overdueDaysMax=39')).toEqual(named('mini5', 'onTime'));
    expect(await found('sort=mostOverdue')).toEqual(named('late115', 'late40', 'mini5'));
    expect(await found('sort=mostOverdue&product=installment&overdueDaysMax=100')).toEqual(named('late40'));
  });

  it('pages: page and pageSize, the total of every match', async () => {
    const first = await search('pageSize=10&page=1');
    expect(first.items).toHaveLength(7);
    const second = await search('pageSize=10&page=2');
    expect(second).toMatchObject({ items: [], total: 7 });
    expect((await search('overdueDaysMin=1&pageSize=10')).total).toBe(3);
  });

  it('a collection company sees its customers’ loans only', async () => {
    expect(await found('', company)).toEqual(named('late115'));
    expect(await found('sort=mostOverdue', company)).toEqual(named('late115'));
    expect(await found('status=issued&overdueDaysMax=30', company)).toEqual([]);
  });

  it('bad filters are 400 in the spec’s shape, with the field; a customer is refused', async () => {
    for (const [query, field] of [
      ['dateFrom=2026-12-01&dateTo=2026-11-01', 'dateTo'],
      ['overdueDaysMin=10&overdueDaysMax=5', 'overdueDaysMax'],
      ['status=paid', 'status'],
      ['overdueDaysMin=-1', 'overdueDaysMin'],
      ['pageSize=7', 'pageSize'],
      ['dateFrom=01/11/2026', 'dateFrom'],
    ]) {
      const [error] = errorsOf(await send(t, 'GET', `/api/loan/searchLoans?${query}`, agent), 400);
      expect(error!.message, query).toContain(field);
    }
    const customer = await login(t, { status: 'securityChecked' });
    const answer = await t.app.inject({ url: '/api/loan/searchLoans', headers: customer.headers });
    expect([401, 403]).toContain(answer.statusCode);
    const viewer = await staffSession(t, 'administrator');
    expect((await search('', viewer)).total).toBe(7);
  });
});

describe('the first unpaid date the search reads (loans.first_unpaid_date, kept by the database)', () => {
  const firstUnpaid = async (loanId: number) =>
    (await t.db.select({ day: loans.firstUnpaidDate }).from(loans).where(eq(loans.id, loanId)))[0]!.day;

  it('follows a payment, an update, a delete and an insert of the instalments, whoever writes them', async () => {
    const who = await login(t, { status: 'securityChecked' });
    const loan = await createRunningLoan(t, who.customer.id, { nextDue: '2026-10-24', paid: 1, count: 3 });
    expect(await firstUnpaid(loan.loanId)).toBe('2026-10-24');
    // The customer pays the first unpaid instalment by card (the settle writes it): the next one is first.
    const cardId = await storeCard(t, who.customer.id);
    const paid = await payLoan(t, who, {
      loanId: loan.loanId,
      paymentOption: 'firstNotPaidInstallment',
      installmentId: loan.next.id,
      amount: INSTALLMENT_CENTS / 100,
      cardId,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await firstUnpaid(loan.loanId)).toBe('2026-11-24');
    expect((await search(`customerId=${who.customer.id}`)).items[0]).toMatchObject({ overdueDays: 0 });
    // A date moved (as changeExpectedDate will): it follows.
    await t.db
      .update(installments)
      .set({ expectedDate: '2026-11-20' })
      .where(eq(installments.id, loan.installmentIds[2]!));
    expect(await firstUnpaid(loan.loanId)).toBe('2026-11-20');
    expect((await search(`customerId=${who.customer.id}`)).items[0]).toMatchObject({ overdueDays: 4 });
    await t.db.delete(installments).where(eq(installments.id, loan.installmentIds[2]!));
    expect(await firstUnpaid(loan.loanId)).toBeNull();
    await t.db.insert(installments).values({
      loanId: loan.loanId,
      number: 3,
      expectedDate: '2026-12-24',
      baseCents: 20_833,
      interestCents: 9_166,
      totalCents: INSTALLMENT_CENTS,
    });
    expect(await firstUnpaid(loan.loanId)).toBe('2026-12-24');
    // An arrangement's instalment is payable too (migration 0036): paid, then arranged again.
    await t.db.update(installments).set({ status: 'paid' }).where(eq(installments.loanId, loan.loanId));
    expect(await firstUnpaid(loan.loanId)).toBeNull();
    await t.db
      .update(installments)
      .set({ status: 'arranged' })
      .where(and(eq(installments.loanId, loan.loanId), eq(installments.number, 3)));
    expect(await firstUnpaid(loan.loanId)).toBe('2026-12-24');
  });
});
