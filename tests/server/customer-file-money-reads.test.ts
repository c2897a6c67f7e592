import { randomUUID } from 'node:crypto';
import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { scrapeSessionItemSchema, staffBankAccountSchema } from '../../src/shared/api/bank-staff.ts';
import { cardStatusHistoryEntrySchema, staffCardSchema } from '../../src/shared/api/card-staff.ts';
import { paged } from '../../src/shared/api/paging.ts';
import { loanStatusHistoryEntrySchema } from '../../src/shared/api/loan-staff.ts';
import { staffLoanSchema } from '../../src/shared/api/payment-staff.ts';
import { DEFAULT_LOAN_DEFINITION, MINI_LOAN_DEFINITION } from '../../src/shared/loan/loan-definition.ts';
import { recordStatusChange } from '../../src/server/db/status-history.ts';
import {
  bankAccounts,
  bankTransactions,
  cards,
  cardStatusHistory,
  cardThreeDsSessions,
  customers,
  installments,
  loans,
  loanStatusHistory,
  scrapeSessions,
} from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { polled, startedWidget, widgetLogin } from './helpers/bank.ts';
import { cardCustomer, enterCard, runThreeDs, SANDBOX_TEST_CARDS } from './helpers/cards.ts';
import { createCustomer, login, type LoggedIn } from './helpers/customers.ts';
import { errorsOf } from './helpers/membership-login.ts';
import { loansOf, payLoan, storeCard } from './helpers/payments.ts';
import { createMiniLoan, createRunningLoan, INSTALLMENT_CENTS } from './helpers/running-loans.ts';
import { staffSession, type StaffLoggedIn } from './helpers/staff.ts';

/**
 * The customer file's money tabs (docs/backoffice.md §5 'Tarjetas', 'Cuentas bancarias', 'Préstamos'): each read
 * answers what the database holds (no card number beyond the masked one), newest first; an unknown id and a customer
 * not assigned to a collection company's user are both 404; the company's user sees their customer's cards and
 * loans, and is refused the bank calls (cam and administrators only) with 403.
 */

const NOW = '2026-11-24T10:00:00.000Z'; // Madrid today 2026-11-24
const UNKNOWN = 2_000_000_000;

let t: TestApp;
let agent: StaffLoggedIn;
let admin: StaffLoggedIn;
let company: StaffLoggedIn;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW });
  agent = await staffSession(t, 'cam');
  admin = await staffSession(t, 'administrator');
  company = await staffSession(t, 'collectioncompany');
});
afterAll(() => t.close());

const get = (url: string, who: StaffLoggedIn = agent) => t.app.inject({ method: 'GET', url, headers: who.headers });

/** A 200's data, checked against the contract's response schema (which decodes euros into cents). */
async function read<T extends z.ZodType>(url: string, schema: T, who: StaffLoggedIn = agent) {
  const response = await get(url, who);
  expect(response.statusCode, response.body).toBe(200);
  const data = (response.json() as { data: unknown }).data;
  schema.parse(data);
  return data as z.input<T>;
}

const errorName = (response: Parameters<typeof errorsOf>[0], status: number) => errorsOf(response, status)[0]!.code;

const assignToCompany = (customerId: number) =>
  t.db
    .update(customers)
    .set({ collectionCompanyId: company.staff.collectionCompanyId })
    .where(eq(customers.id, customerId));

describe('StaffCardsGet and CardStatusHistoryGet', () => {
  let who: LoggedIn;
  const numbers = Object.values(SANDBOX_TEST_CARDS);
  const cardsUrl = () => `/api/card/customer/ordered/${who.customer.id}`;
  const historyUrl = (cardId: number) => `/api/card/statusHistory/${cardId}`;

  beforeAll(async () => {
    who = await cardCustomer(t);
    // Oldest to newest: a frictionless card, a card validated through its 3-D Secure challenge, one whose challenge
    // is left open, and a deleted one; a minute apart.
    await enterCard(t, who, SANDBOX_TEST_CARDS.frictionless);
    t.clock.advance(60_000);
    const challenged = await enterCard(t, who, SANDBOX_TEST_CARDS.challenge);
    expect(await runThreeDs(t, who, challenged, 'authorize')).toContain('completed');
    t.clock.advance(60_000);
    const open = await enterCard(t, who, SANDBOX_TEST_CARDS.fingerprintThenChallenge);
    expect(open.card3dsFlowResponse?.state).toBe('dfpPost');
    t.clock.advance(60_000);
    await t.db.insert(cards).values({
      customerId: who.customer.id,
      maskedCardNumber: '555555******4444',
      brand: 'other',
      expiryMonth: 3,
      expiryYear: 2029,
      cardStatus: 'Deleted',
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
    t.clock.set(NOW);
  });

  /** The state of the card's newest 3-D Secure validation flow, read from the table. */
  const threeDsStateOf = async (cardId: number) => {
    const [flow] = await t.db
      .select({ state: cardThreeDsSessions.state, paymentId: cardThreeDsSessions.paymentId })
      .from(cardThreeDsSessions)
      .where(eq(cardThreeDsSessions.cardId, cardId))
      .orderBy(desc(cardThreeDsSessions.createdAt))
      .limit(1);
    expect(flow?.paymentId ?? null).toBeNull();
    return flow?.state ?? null;
  };

  it('answers every card of the customer, newest first, as stored, with its last 3-D Secure state and no number', async () => {
    const response = await get(cardsUrl());
    for (const number of numbers) expect(response.body).not.toContain(number);
    const list = await read(cardsUrl(), staffCardSchema.array());
    const rows = await t.db
      .select()
      .from(cards)
      .where(eq(cards.customerId, who.customer.id))
      .orderBy(desc(cards.createdAt), desc(cards.id));
    expect(rows).toHaveLength(4);
    const states = await Promise.all(rows.map((row) => threeDsStateOf(row.id)));
    expect(list).toEqual(
      rows.map((row, index) => ({
        id: row.id,
        maskedCardNumber: row.maskedCardNumber,
        lastFour: row.maskedCardNumber.slice(-4),
        brand: row.brand,
        expiryMonth: row.expiryMonth,
        expiryYear: row.expiryYear,
        cardStatus: row.cardStatus,
        cardSubStatus: row.cardSubStatus,
        isActive: row.isActive,
        threeDsState: states[index],
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      })),
    );
    expect(list.map((card) => [card.maskedCardNumber, card.cardStatus, card.threeDsState])).toEqual([
      ['555555******4444', 'Deleted', null],
      ['400000******3063', 'NotValidatedYet', 'dfpPost'],
      ['400000******3220', 'Valid', 'completed'],
      ['411111******1111', 'Valid', null],
    ]);
    expect(list.map((card) => card.lastFour)).toEqual(['4444', '3063', '3220', '1111']);
    expect(list[3]).toMatchObject({ brand: 'visa', expiryMonth: 12, expiryYear: 2030, createdAt: NOW });
  });

  it("answers a card's status changes, newest first, as recorded", async () => {
    const list = await read(cardsUrl(), staffCardSchema.array());
    const challenged = list[2]!;
    const history = await read(historyUrl(challenged.id), cardStatusHistoryEntrySchema.array());
    const rows = await t.db
      .select()
      .from(cardStatusHistory)
      .where(eq(cardStatusHistory.cardId, challenged.id))
      .orderBy(desc(cardStatusHistory.createdAt), desc(cardStatusHistory.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(history).toEqual(
      rows.map((row) => ({
        kind: 'cardStatus',
        id: row.id,
        fromStatus: row.fromStatus,
        toStatus: row.toStatus,
        changedBy: row.changedBy,
        reason: row.reason,
        at: row.createdAt.toISOString(),
      })),
    );
    expect(history[0]).toMatchObject({ toStatus: 'Valid', changedBy: 'customer', reason: '3-D Secure completed' });
    // The deleted card has no history rows (inserted directly): an empty list, not a 404.
    expect(await read(historyUrl(list[0]!.id), cardStatusHistoryEntrySchema.array())).toEqual([]);
  });

  it("answers 404 for an unknown customer or card, and for a customer not assigned to a collection company's user", async () => {
    const cardId = (await read(cardsUrl(), staffCardSchema.array()))[0]!.id;
    expect(errorName(await get(`/api/card/customer/ordered/${UNKNOWN}`), 404)).toMatchObject({
      name: 'StaffCustomerNotFound',
    });
    expect(errorsOf(await get(historyUrl(UNKNOWN)), 404)[0]).toMatchObject({
      code: { name: 'StaffCardNotFound', value: 2016 },
      message: 'No hemos encontrado esa tarjeta.',
    });
    const stranger = await createCustomer(t);
    await assignToCompany(stranger.id);
    expect(errorName(await get(cardsUrl(), company), 404).name).toBe('StaffCustomerNotFound');
    expect(errorName(await get(historyUrl(cardId), company), 404).name).toBe('StaffCardNotFound');
    // Assigned to the company: its user sees them.
    await assignToCompany(who.customer.id);
    expect(await read(cardsUrl(), staffCardSchema.array(), company)).toHaveLength(4);
    expect(await read(historyUrl(cardId), cardStatusHistoryEntrySchema.array(), company)).toEqual([]);
    expect(await read(`/api/card/customer/ordered/${stranger.id}`, staffCardSchema.array(), company)).toEqual([]);
  });
});

describe('StaffBankAccountsGet and ScrapeSessionsGet', () => {
  const accountsUrl = (customerId: number) => `/api/bankscraper/getAccountWithBankDetails/${customerId}`;
  const sessionsUrl = (customerId: number, query = '') =>
    `/api/bankscraper/getScrapeCustomerInfo/${customerId}${query}`;

  it("answers the customer's linked accounts, newest first, with their transactions counted", async () => {
    const { headers, customer } = await login(t);
    const { sessionId } = await startedWidget(t, headers);
    await widgetLogin(t, sessionId, 'demo', '1234', { bankCode: '0182' });
    const scraped = await polled(t, headers, sessionId);
    expect(scraped.status).toBe('succeeded');

    const list = await read(accountsUrl(customer.id), staffBankAccountSchema.array(), admin);
    const rows = await t.db
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.customerId, customer.id))
      .orderBy(desc(bankAccounts.createdAt), desc(bankAccounts.id));
    expect(rows.length).toBeGreaterThanOrEqual(1);
    const expected = [];
    for (const row of rows) {
      const transactions = await t.db
        .select()
        .from(bankTransactions)
        .where(eq(bankTransactions.accountId, row.id))
        .orderBy(desc(bankTransactions.bookedOn));
      expected.push({
        id: row.id,
        iban: row.iban,
        bankName: row.bankValue,
        bankCode: row.bankCode,
        holderName: row.holderName,
        source: row.source,
        status: row.status,
        scrapeSessionId: sessionId,
        linkedAt: row.createdAt.toISOString(),
        transactionCount: transactions.length,
        salaryCount: transactions.filter((one) => one.isSalary).length,
        latestTransactionDate: transactions[0]?.bookedOn ?? null,
      });
    }
    expect(list).toEqual(expected);
    expect(list[0]).toMatchObject({ bankName: 'BBVA', bankCode: '0182', status: 'active', source: 'scrape' });
    // The counts are those the customer's own account list shows.
    const payroll = scraped.accounts.accountDtos.find((one) => one.salaryCount > 0)!;
    expect(list.find((one) => one.id === payroll.accountId)).toMatchObject({
      transactionCount: payroll.transactionCount,
      salaryCount: payroll.salaryCount,
    });
    expect(payroll.transactionCount).toBeGreaterThan(0);
  });

  it('answers the open-banking sessions newest first, a page at a time', async () => {
    const { headers, customer } = await login(t);
    // A real session that linked accounts (now) and 11 older ones, an hour apart.
    const older = Array.from({ length: 11 }, (_, index) => ({
      id: `test-${randomUUID()}`,
      customerId: customer.id,
      provider: 'sandbox',
      status: index % 2 === 0 ? ('sessionFailed' as const) : ('inProgress' as const),
      polls: index,
      createdAt: new Date(Date.parse(NOW) - (index + 1) * 3_600_000),
      finishedAt: index % 2 === 0 ? new Date(Date.parse(NOW) - (index + 1) * 3_600_000 + 60_000) : null,
    }));
    const { sessionId } = await startedWidget(t, headers);
    await widgetLogin(t, sessionId, 'demo', '1234', { bankCode: '0182' });
    await polled(t, headers, sessionId);
    // Inserted after the widget's run: failed sessions of the last 24 hours would block a new one.
    await t.db.insert(scrapeSessions).values(older);

    const schema = paged(scrapeSessionItemSchema);
    const first = await read(sessionsUrl(customer.id, '?pageSize=10'), schema);
    expect(first).toMatchObject({ page: 1, pageSize: 10, total: 12, totalCapped: false });
    const [session] = await t.db.select().from(scrapeSessions).where(eq(scrapeSessions.id, sessionId));
    const linked = await t.db.select().from(bankAccounts).where(eq(bankAccounts.scrapeSessionId, sessionId));
    expect(first.items[0]).toEqual({
      id: sessionId,
      provider: session!.provider,
      status: 'succeeded',
      bankName: 'BBVA',
      polls: session!.polls,
      accountCount: linked.length,
      createdAt: NOW,
      finishedAt: session!.finishedAt!.toISOString(),
    });
    expect(linked.length).toBeGreaterThan(0);
    expect(first.items.slice(1).map((item) => item.id)).toEqual(older.slice(0, 9).map((row) => row.id));
    expect(first.items[1]).toMatchObject({
      status: 'sessionFailed',
      bankName: null,
      polls: 0,
      accountCount: 0,
      createdAt: older[0]!.createdAt.toISOString(),
      finishedAt: older[0]!.finishedAt!.toISOString(),
    });
    const second = await read(sessionsUrl(customer.id, '?page=2&pageSize=10'), schema);
    expect(second).toMatchObject({ page: 2, pageSize: 10, total: 12 });
    expect(second.items.map((item) => item.id)).toEqual(older.slice(9).map((row) => row.id));
    expect(second.items[1]).toMatchObject({ status: 'sessionFailed', finishedAt: expect.any(String) as unknown });
    expect((await read(sessionsUrl(customer.id), schema)).pageSize).toBe(25);
    expect((await get(sessionsUrl(customer.id, '?pageSize=7'))).statusCode).toBe(400);
  });

  it('answers 404 for an unknown customer, and 403 to a collection company even for its own customer', async () => {
    expect(errorName(await get(accountsUrl(UNKNOWN)), 404).name).toBe('StaffCustomerNotFound');
    expect(errorName(await get(sessionsUrl(UNKNOWN)), 404).name).toBe('StaffCustomerNotFound');
    const customer = await createCustomer(t);
    expect(await read(accountsUrl(customer.id), staffBankAccountSchema.array())).toEqual([]);
    await assignToCompany(customer.id);
    for (const url of [accountsUrl(customer.id), sessionsUrl(customer.id)]) {
      expect(errorName(await get(url, company), 403).name).toBe('Forbidden');
    }
  });
});

describe('StaffCustomerLoansGet and LoanStatusHistoryGet', () => {
  const loansUrl = (customerId: number) => `/api/loan/loans?customerId=${customerId}`;
  const historyUrl = (loanId: number) => `/api/loan/loanStatusHistory/${loanId}`;

  /** A customer with a running loan (its first instalment paid by card), a repaid one and a lapsing minipréstamo. */
  async function borrower() {
    const who = await login(t, { status: 'securityChecked', creditLimitCents: 500_000, miniLimitCents: 30_000 });
    const cardId = await storeCard(t, who.customer.id);
    const closed = await createRunningLoan(t, who.customer.id, { nextDue: '2026-12-10', paid: 2, count: 4 });
    await recordStatusChange(t.db, 'loan', {
      id: closed.loanId,
      from: null,
      to: 'issued',
      changedBy: 'seed',
      at: new Date('2026-08-10T08:00:00.000Z'),
    });
    // An interest-free first minipréstamo of 300 € due two days ago, unpaid: it lapses on the first read.
    const { loanId: mini } = await createMiniLoan(t, who.customer.id, { due: '2026-11-22' });
    const running = await createRunningLoan(t, who.customer.id, { nextDue: '2026-11-23', paid: 1 });
    return { who, cardId, closed, mini, running };
  }

  it("answers the customer's loans as their own Loan view shows them, with the product; the read lapses a due promotion", async () => {
    const { who, cardId, closed, mini, running } = await borrower();
    const pay = await payLoan(t, who, {
      loanId: running.loanId,
      paymentOption: 'firstNotPaidInstallment',
      installmentId: running.next.id,
      amount: INSTALLMENT_CENTS / 100,
      cardId,
    });
    expect(pay.statusCode, pay.body).toBe(200);

    // The staff read comes first: it lapses the minipréstamo's promotion (45,00 € of interest on 300 € for 20 days).
    const list = await read(loansUrl(who.customer.id), staffLoanSchema.array());
    const [miniRow] = await t.db.select().from(loans).where(eq(loans.id, mini));
    expect(miniRow!.interestFreeLapsedAt).toEqual(new Date(NOW));
    const rows = await t.db
      .select()
      .from(loans)
      .where(eq(loans.customerId, who.customer.id))
      .orderBy(desc(loans.createdAt), desc(loans.id));
    expect(list.map((loan) => loan.id)).toEqual(rows.map((row) => row.id));

    const byId = new Map(list.map((loan) => [loan.id, loan]));
    expect(byId.get(mini)).toMatchObject({
      product: 'mini',
      productName: MINI_LOAN_DEFINITION.name,
      installmentCount: 1,
      loanAmount: 300,
      interestFree: true,
      interestFreeLapsedAt: NOW,
      installments: [{ initialBase: 300, initialCalculatedInterest: 45, totalPayment: 345, payments: [] }],
      overdueDay: -2,
    });
    const runningLoan = byId.get(running.loanId)!;
    expect(runningLoan).toMatchObject({
      product: DEFAULT_LOAN_DEFINITION.product,
      productName: DEFAULT_LOAN_DEFINITION.name,
      installmentCount: 12,
      loanAmount: 2500,
      status: 'issued',
      interestFree: false,
      interestFreeLapsedAt: null,
      overdueDay: 29,
    });
    const dbInstallments = await t.db
      .select()
      .from(installments)
      .where(eq(installments.loanId, running.loanId))
      .orderBy(asc(installments.number));
    expect(runningLoan.installments.map((one) => [one.id, one.status, one.totalPayment])).toEqual(
      dbInstallments.map((row) => [row.id, row.status, row.totalCents / 100]),
    );
    expect(runningLoan.installments[1]!.payments).toEqual([
      { type: 'firstNotPaidInstallment', amount: 299.99, paymentSource: 'debit-card', paymentDate: NOW },
    ]);
    expect(byId.get(closed.loanId)).toMatchObject({ status: 'issued', loanAmount: 2500 });

    // The customer's own view, read after: the same loans, field for field.
    const own = await loansOf(t, who);
    const strip = ({
      product: _product,
      productName: _name,
      installmentCount: _count,
      interestFree: _free,
      interestFreeLapsedAt: _lapsed,
      ...loan
    }: (typeof list)[number]) => loan;
    expect(list.map(strip)).toEqual(own);
  });

  it("answers a loan's status changes, newest first, as recorded", async () => {
    const { who, cardId, closed } = await borrower();
    const [before] = (await loansOf(t, who)).filter((loan) => loan.id === closed.loanId);
    const pay = await payLoan(t, who, {
      loanId: closed.loanId,
      paymentOption: 'closeLoan',
      amount: before!.earlyClosureAmount,
      cardId,
    });
    expect(pay.json().data).toMatchObject({ status: 'success', loan: { status: 'repaid' } });

    const history = await read(historyUrl(closed.loanId), loanStatusHistoryEntrySchema.array());
    const rows = await t.db
      .select()
      .from(loanStatusHistory)
      .where(eq(loanStatusHistory.loanId, closed.loanId))
      .orderBy(desc(loanStatusHistory.createdAt), desc(loanStatusHistory.id));
    expect(history).toEqual(
      rows.map((row) => ({
        id: row.id,
        fromStatus: row.fromStatus,
        toStatus: row.toStatus,
        changedBy: row.changedBy,
        reason: row.reason,
        at: row.createdAt.toISOString(),
      })),
    );
    expect(history.map((row) => [row.fromStatus, row.toStatus])).toEqual([
      ['issued', 'repaid'],
      [null, 'issued'],
    ]);
    expect(history[0]!.at).toBe(NOW);
    expect(history[1]).toMatchObject({ changedBy: 'seed', reason: null, at: '2026-08-10T08:00:00.000Z' });
  });

  it("answers 404 for an unknown customer or loan, and for a customer not assigned to a collection company's user", async () => {
    const { who, running } = await borrower();
    expect(errorName(await get(loansUrl(UNKNOWN)), 404).name).toBe('StaffCustomerNotFound');
    expect(errorsOf(await get(historyUrl(UNKNOWN)), 404)[0]).toMatchObject({
      code: { name: 'StaffLoanNotFound', value: 2017 },
      message: 'No hemos encontrado ese préstamo.',
    });
    expect(errorName(await get(loansUrl(who.customer.id), company), 404).name).toBe('StaffCustomerNotFound');
    expect(errorName(await get(historyUrl(running.loanId), company), 404).name).toBe('StaffLoanNotFound');
    await assignToCompany(who.customer.id);
    expect((await read(loansUrl(who.customer.id), staffLoanSchema.array(), company)).length).toBe(3);
    expect(await read(historyUrl(running.loanId), loanStatusHistoryEntrySchema.array(), company)).toEqual([]);
    expect((await get('/api/loan/loans', agent)).statusCode).toBe(400);
  });
});
