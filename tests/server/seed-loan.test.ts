import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSession } from '../../src/server/auth/sessions.ts';
import {
  installments,
  paymentAllocations,
  payments,
  bankAccounts,
  bankTransactions,
  cards,
  creditDecisions,
  customers,
  loans,
} from '../../src/server/db/schema/index.ts';
import { spanishIban } from '../../src/server/db/seed/demo-bank.ts';
import { seedDemoData } from '../../src/server/db/seed/seed.ts';
import { expectedPaymentDates } from '../../src/server/modules/loan/index.ts';
import { holidaysAround } from '../../src/server/modules/misc/index.ts';
import { SANDBOX_LENDER } from '../../src/shared/lender.ts';

const BANK_TRANSFER = SANDBOX_LENDER.collectionAccount;
import { addDaysIso, todayInMadrid } from '../../src/shared/dates.ts';
import { firstRepaymentWindow } from '../../src/shared/loan/repayment-window.ts';
import { isValidSpanishIban } from '../../src/shared/validators/iban.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

/**
 * The loan half of the demo seed (docs/sandbox.md "The demo customers' accounts, cards and links"): 600000004 can
 * request a loan at once, the customers who pay have an account and a valid card, and 600000005 is the RTB customer
 * whose limit grew.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false });
  await seedDemoData(t.db, t.clock);
});
afterAll(() => t.close());

const customerOf = async (phone: string) => {
  const [row] = await t.db.select().from(customers).where(eq(customers.phone, phone));
  return row!;
};
const accountsOf = (customerId: number) =>
  t.db.select().from(bankAccounts).where(eq(bankAccounts.customerId, customerId));
const cardsOf = (customerId: number) => t.db.select().from(cards).where(eq(cards.customerId, customerId));
const decisionsOf = (customerId: number) =>
  t.db
    .select()
    .from(creditDecisions)
    .where(eq(creditDecisions.customerId, customerId))
    .orderBy(asc(creditDecisions.createdAt));

describe('demo seed, loan half', () => {
  it('every paid instalment of a demo loan has its settled card payment and allocation (the Loan view’s payments)', async () => {
    const customer = await customerOf('600000009');
    const rows = await t.db
      .select({
        installmentId: installments.id,
        status: installments.status,
        totalCents: installments.totalCents,
        allocated: paymentAllocations.amountCents,
        paymentStatus: payments.status,
        source: payments.source,
      })
      .from(installments)
      .innerJoin(loans, eq(loans.id, installments.loanId))
      .leftJoin(paymentAllocations, eq(paymentAllocations.installmentId, installments.id))
      .leftJoin(payments, eq(payments.id, paymentAllocations.paymentId))
      .where(eq(loans.customerId, customer.id));
    const paid = rows.filter((row) => row.status === 'paid');
    expect(paid).toHaveLength(5);
    for (const row of paid) {
      expect(row).toMatchObject({ allocated: row.totalCents, paymentStatus: 'success', source: 'debit-card' });
    }
    expect(rows.filter((row) => row.status !== 'paid' && row.allocated !== null)).toEqual([]);
  });

  it("the lender's bank transfer IBAN is a valid Spanish IBAN and no demo customer's account", async () => {
    expect(isValidSpanishIban(BANK_TRANSFER.iban)).toBe(true);
    const holders = await t.db
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(eq(bankAccounts.iban, BANK_TRANSFER.iban));
    expect(holders).toEqual([]);
  });

  it('builds valid Spanish IBANs (CCC control digits and ISO check digits)', () => {
    expect(spanishIban('2100', '0418', '0200051332')).toBe('ES9121000418450200051332');
    for (const [entity, office, account] of [
      ['0049', '1500', '0512345678'],
      ['0182', '2370', '0201234567'],
      ['1465', '0100', '9912345678'],
    ] as const)
      expect(isValidSpanishIban(spanishIban(entity, office, account))).toBe(true);
  });

  it('600000004: systemApproved, 3.000 € limit with its decision, an active account with 90 days and salary, no loan, no card', async () => {
    const customer = await customerOf('600000004');
    expect(customer).toMatchObject({ status: 'systemApproved', creditLimitCents: 300_000, isRtb: false });
    const [account, ...more] = await accountsOf(customer.id);
    expect(more).toEqual([]);
    expect(account).toMatchObject({ status: 'active', bankValue: 'CaixaBank', source: 'scrape' });
    expect(isValidSpanishIban(account!.iban)).toBe(true);
    const transactions = await t.db.select().from(bankTransactions).where(eq(bankTransactions.accountId, account!.id));
    const today = todayInMadrid(t.clock.now());
    expect(transactions.every((item) => item.bookedOn > addDaysIso(today, -91) && item.bookedOn <= today)).toBe(true);
    const salaries = transactions.filter((item) => item.isSalary);
    expect(salaries.length).toBeGreaterThanOrEqual(2);
    expect(salaries.every((item) => item.amountCents === 300_000)).toBe(true);
    expect(await decisionsOf(customer.id)).toMatchObject([{ outcome: 'systemApproved', limitCents: 300_000 }]);
    expect(await t.db.select().from(loans).where(eq(loans.customerId, customer.id))).toEqual([]);
    expect(await cardsOf(customer.id)).toEqual([]);
  });

  it('600000004 can request a loan right away (cardEntryRequired: no card yet)', async () => {
    const customer = await customerOf('600000004');
    const session = await issueSession(
      { db: t.db, clock: t.clock, jwtKey: t.secrets.jwtKey },
      { id: customer.id, role: 'user' },
    );
    const headers = { authorization: `Bearer ${session.token}`, 'x-member-id': String(customer.id) };
    const limit = await t.app.inject({ url: '/api/customer/creditlimit', headers });
    expect(limit.json()).toEqual({ data: { availableLimit: 3000, miniAvailableLimit: 300 } });
    const [account] = await accountsOf(customer.id);
    const today = todayInMadrid(t.clock.now());
    const firstRepaymentDate = firstRepaymentWindow(today, await holidaysAround(today)).defaultDate;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/loan/requestLoan?accountId=${account!.id}`,
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: {
        product: 3500,
        installment: 12,
        firstRepaymentDate,
        accountId: account!.id,
        cardId: null,
        paymentDates: expectedPaymentDates(firstRepaymentDate, 12),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      result: 'cardEntryRequired',
      journey: { loanDetails: { loanAmount: 3500 } },
    });
    // The demo customer stays as documented (a shared PostgreSQL database keeps it for the other test files).
    await t.db.delete(loans).where(eq(loans.id, response.json().data.journey.loanDetails.loanId));
  });

  it('the customers who pay (600000005, 6, 8, 9, 10) have an active account and a valid card, and their loans use them', async () => {
    for (const phone of ['600000005', '600000006', '600000008', '600000009', '600000010']) {
      const customer = await customerOf(phone);
      const [account] = await accountsOf(customer.id);
      expect(account, phone).toMatchObject({ status: 'active' });
      expect(isValidSpanishIban(account!.iban), phone).toBe(true);
      const [card] = await cardsOf(customer.id);
      // 600000006 holds the 3-D Secure challenge card (its payments show a challenge); the others 4111….
      const masked = phone === '600000006' ? '400000******3220' : '411111******1111';
      expect(card, phone).toMatchObject({ cardStatus: 'Valid', isActive: true, maskedCardNumber: masked });
      expect(card!.providerToken, phone).toMatch(phone === '600000006' ? /^sbx_tok_.*\.challenge$/ : /^sbx_tok_[^.]*$/);
      const rows = await t.db.select().from(loans).where(eq(loans.customerId, customer.id));
      for (const loan of rows) expect(loan, phone).toMatchObject({ toAccountId: account!.id, cardId: card!.id });
    }
  });

  it('600000005 is the RTB customer whose limit grew from 2.500 € to 3.500 € when a loan was repaid', async () => {
    const customer = await customerOf('600000005');
    expect(customer).toMatchObject({
      isRtb: true,
      status: 'securityChecked',
      creditLimitCents: 350_000,
      miniLimitCents: 40_000,
    });
    expect(await decisionsOf(customer.id)).toMatchObject([
      { trigger: 'firstAccountLinked', limitCents: 250_000, miniLimitCents: 30_000 },
      { trigger: 'loanRepaid', limitCents: 350_000, miniLimitCents: 40_000 },
    ]);
    const repaid = await t.db.select().from(loans).where(eq(loans.customerId, customer.id));
    expect(repaid.some((loan) => loan.status === 'repaid')).toBe(true);
  });
});

describe('demo seed, the minipréstamo customers', () => {
  const today = () => todayInMadrid(t.clock.now());
  const loansOfPhone = async (phone: string) => {
    const customer = await customerOf(phone);
    const rows = await t.db.select().from(loans).where(eq(loans.customerId, customer.id)).orderBy(asc(loans.id));
    return Promise.all(
      rows.map(async (loan) => ({
        ...loan,
        installments: await t.db
          .select()
          .from(installments)
          .where(eq(installments.loanId, loan.id))
          .orderBy(asc(installments.number)),
      })),
    );
  };
  const sessionOf = async (phone: string) => {
    const customer = await customerOf(phone);
    const session = await issueSession(
      { db: t.db, clock: t.clock, jwtKey: t.secrets.jwtKey },
      { id: customer.id, role: 'user' },
    );
    return { authorization: `Bearer ${session.token}`, 'x-member-id': String(customer.id) };
  };

  it('600000011 is a first-time borrower who can take the 0 % minipréstamo of 300 € (card, account, mini limit 300 €)', async () => {
    const customer = await customerOf('600000011');
    expect(customer).toMatchObject({ status: 'systemApproved', miniLimitCents: 30_000, isRtb: false });
    expect(await loansOfPhone('600000011')).toEqual([]);
    expect(await cardsOf(customer.id)).toHaveLength(1);
    const plans = await t.app.inject({
      method: 'POST',
      url: '/api/loan/paymentPlans',
      headers: await sessionOf('600000011'),
      payload: [{ product: 'mini', amount: 300, issueDate: today(), paymentDates: [addDaysIso(today(), 20)] }],
    });
    expect(plans.json().data[0]).toMatchObject({ interestFree: true, taePercent: 0 });
  });

  it('600000012 has a 0 % minipréstamo of 300 € due in 3 days; 600000013 one 2 days late whose promotion lapses on read', async () => {
    const [dueSoon] = await loansOfPhone('600000012');
    expect(dueSoon).toMatchObject({ amountCents: 30_000, interestFree: true, status: 'issued', loanDefinitionId: 2 });
    expect(dueSoon!.installments).toMatchObject([
      { expectedDate: addDaysIso(today(), 3), interestCents: 0, totalCents: 30_000, status: 'notPaid' },
    ]);
    const late = await t.app.inject({ url: '/api/loan/customerAllLoans', headers: await sessionOf('600000013') });
    const [view] = late.json().data as Array<{ overdueDay: number; installments: Array<{ totalPayment: number }> }>;
    expect(view!.overdueDay).toBe(-2);
    // 300 € over 20 days at the standard 0,75 % a day: 45,00 € once the 0 % lapsed.
    expect(view!.installments[0]!.totalPayment).toBe(345);
    const dates = await t.app.inject({
      url: `/api/loan/rolloverAvailableDates?fromDate=${today()}`,
      headers: await sessionOf('600000013'),
    });
    expect(dates.statusCode, dates.body).toBe(200);
  });

  it('600000014 is an RTB customer of two minipréstamos repaid on time whose mini limit grew from 300 € to 500 €', async () => {
    const customer = await customerOf('600000014');
    expect(customer).toMatchObject({ isRtb: true, miniLimitCents: 50_000, status: 'securityChecked' });
    const repaid = await loansOfPhone('600000014');
    expect(repaid.map((loan) => [loan.amountCents, loan.status, loan.interestFree])).toEqual([
      [30_000, 'repaid', true],
      [40_000, 'repaid', false],
    ]);
    expect((await decisionsOf(customer.id)).map((row) => [row.trigger, row.miniLimitCents])).toEqual([
      ['firstAccountLinked', 30_000],
      ['loanRepaid', 40_000],
      ['loanRepaid', 50_000],
    ]);
    const limit = await t.app.inject({ url: '/api/customer/creditlimit', headers: await sessionOf('600000014') });
    expect(limit.json()).toEqual({ data: { availableLimit: 4500, miniAvailableLimit: 500 } });
  });
});
