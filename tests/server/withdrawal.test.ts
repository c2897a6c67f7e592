import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installments, loans, loanWithdrawals } from '../../src/server/db/schema/index.ts';
import { addDaysIso, addMonthsIso } from '../../src/shared/calendar.ts';
import type { LoanStatus } from '../../src/shared/loan-statuses.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login, type LoggedIn } from './helpers/customers.ts';
import { errorName, loansOf, payLoan, storeCard } from './helpers/payments.ts';
import { DEFAULT_LOAN_DEFINITION } from '../../src/shared/loan/loan-definition.ts';

/**
 * DesistContractGet / DesistContractPost (issue 14, the 14-day withdrawal; docs/rules/payments.md "Withdrawal"): the
 * window's edges (day 14 in, day 15 out), the amount equal to the closeLoan payment, one notice per loan and per
 * Idempotency-Key, 404 for another customer's loan, 422 for a repaid loan, and the notice repaid by the closeLoan
 * payment.
 */

const NOW = '2026-11-24T10:00:00.000Z';
const TODAY = '2026-11-24';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW });
});
afterAll(() => t.close());

/** A loan of 2.500 € paid out `daysAgo` days ago, `count` monthly instalments (none paid). */
async function loanIssued(customerId: number, daysAgo: number, options: { count?: number; status?: LoanStatus } = {}) {
  const { count = 3, status = 'issued' } = options;
  const issueDate = addDaysIso(TODAY, -daysAgo);
  const dates = Array.from({ length: count }, (_, index) => addMonthsIso(issueDate, index + 1));
  const [loan] = await t.db
    .insert(loans)
    .values({
      customerId,
      status,
      amountCents: 250_000,
      loanDefinitionId: DEFAULT_LOAN_DEFINITION.id,
      installmentCount: count,
      issueDate,
      firstRepaymentDate: dates[0]!,
    })
    .returning({ id: loans.id });
  const base = Math.floor(250_000 / count);
  await t.db.insert(installments).values(
    dates.map((expectedDate, index) => {
      const baseCents = index === count - 1 ? 250_000 - base * (count - 1) : base;
      return {
        loanId: loan!.id,
        number: index + 1,
        expectedDate,
        baseCents,
        interestCents: 18_600,
        totalCents: baseCents + 18_600,
        paidCents: 0,
        status: status === 'repaid' ? ('paid' as const) : ('notPaid' as const),
      };
    }),
  );
  return loan!.id;
}

const customer = () => login(t, { status: 'securityChecked', creditLimitCents: 250_000 });

const getQuote = (who: LoggedIn, loanId: number | string) =>
  t.app.inject({ url: `/api/loan/desistContract?loanId=${loanId}`, headers: who.headers });

const postNotice = (who: LoggedIn, loanId: number, key = `desist-${Math.random()}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/loan/desistContract',
    headers: { ...who.headers, 'idempotency-key': key },
    payload: { loanId },
  });

const noticesOf = (loanId: number) => t.db.select().from(loanWithdrawals).where(eq(loanWithdrawals.loanId, loanId));

describe('DesistContractGet', () => {
  it('inside the 14 days: eligible, the deadline, and the amount the closeLoan payment pays today', async () => {
    const who = await customer();
    const loanId = await loanIssued(who.customer.id, 10);
    const response = await getQuote(who, loanId);
    expect(response.statusCode).toBe(200);
    const quote = response.json().data;
    const view = (await loansOf(t, who)).find((loan) => loan.id === loanId)!;
    expect(quote).toMatchObject({
      loanId,
      eligible: true,
      issueDate: '2026-11-14',
      deadline: '2026-11-28',
      principal: 2500,
      amount: view.earlyClosureAmount,
      withdrawal: null,
    });
    // 14 Nov → 14 Dec: 30 days; 186 € × 10 / 30 = 62 €; 186 / 30 = 6,20 € a day.
    expect(quote.interest).toBe(62);
    expect(quote.dailyInterest).toBe(6.2);
    expect(quote.amount).toBe(2562);
  });

  it('day 14 is still open, day 15 is not (the figures still answered)', async () => {
    const who = await customer();
    const day14 = await loanIssued(who.customer.id, 14);
    const day15 = await loanIssued(who.customer.id, 15);
    expect((await getQuote(who, day14)).json().data).toMatchObject({ eligible: true, deadline: TODAY });
    expect((await getQuote(who, day15)).json().data).toMatchObject({ eligible: false, deadline: '2026-11-23' });
  });

  it('another customer’s loan, a missing one → 404 LoanNotFound, never data', async () => {
    const owner = await customer();
    const other = await customer();
    const loanId = await loanIssued(owner.customer.id, 3);
    const foreign = await getQuote(other, loanId);
    expect(foreign.statusCode).toBe(404);
    expect(errorName(foreign)).toBe('LoanNotFound');
    expect(foreign.body).not.toContain('2500');
    expect((await getQuote(other, 999_999_999)).statusCode).toBe(404);
    expect((await getQuote(other, 'abc')).statusCode).toBe(400);
  });
});

describe('DesistContractPost', () => {
  it('records the notice with today’s figures and repayBy = today + 30, answered with the quote', async () => {
    const who = await customer();
    const loanId = await loanIssued(who.customer.id, 14);
    const response = await postNotice(who, loanId);
    expect(response.statusCode).toBe(200);
    const quote = response.json().data;
    expect(quote.withdrawal).toEqual({
      requestedAt: NOW,
      amount: quote.amount,
      repayBy: '2026-12-24',
      status: 'requested',
    });
    const [row] = await noticesOf(loanId);
    expect(row).toMatchObject({
      customerId: who.customer.id,
      principalCents: 250_000,
      interestCents: Math.round(quote.interest * 100),
      amountCents: Math.round(quote.amount * 100),
      dailyInterestCents: Math.round(quote.dailyInterest * 100),
      repayBy: '2026-12-24',
      status: 'requested',
    });
    // The GET shows it from now on.
    expect((await getQuote(who, loanId)).json().data.withdrawal).toEqual(quote.withdrawal);
  });

  it('day 15 → 422 WithdrawalNotAllowed, nothing stored', async () => {
    const who = await customer();
    const loanId = await loanIssued(who.customer.id, 15);
    const response = await postNotice(who, loanId);
    expect(response.statusCode).toBe(422);
    expect(errorName(response)).toBe('WithdrawalNotAllowed');
    expect(response.json().errors[0].message).toBe(
      'El plazo de 14 días para desistir del contrato ha terminado o el préstamo no lo permite.',
    );
    expect(await noticesOf(loanId)).toHaveLength(0);
  });

  it('a repaid or cancelled loan → 422; another customer’s → 404; nothing stored', async () => {
    const who = await customer();
    const repaid = await loanIssued(who.customer.id, 2, { status: 'repaid' });
    const cancelled = await loanIssued(who.customer.id, 2, { status: 'cancelled' });
    const notPaidOut = await loanIssued(who.customer.id, 0, { status: 'queued' });
    for (const loanId of [repaid, cancelled, notPaidOut]) {
      const response = await postNotice(who, loanId);
      expect(response.statusCode).toBe(422);
      expect(errorName(response)).toBe('WithdrawalNotAllowed');
    }
    const other = await customer();
    const foreignLoan = await loanIssued(other.customer.id, 2);
    const foreign = await postNotice(who, foreignLoan);
    expect(foreign.statusCode).toBe(404);
    expect(errorName(foreign)).toBe('LoanNotFound');
    expect(await noticesOf(foreignLoan)).toHaveLength(0);
  });

  it('an arranged loan inside the 14 days may be withdrawn', async () => {
    const who = await customer();
    const loanId = await loanIssued(who.customer.id, 6, { status: 'arranged' });
    const response = await postNotice(who, loanId);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ eligible: true, withdrawal: { status: 'requested' } });
  });

  it('the same Idempotency-Key twice runs once; a new key answers the first notice (one per loan)', async () => {
    const who = await customer();
    const loanId = await loanIssued(who.customer.id, 5);
    const first = await postNotice(who, loanId, 'desist-same-key');
    const again = await postNotice(who, loanId, 'desist-same-key');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    t.clock.advance(60_000);
    const later = await postNotice(who, loanId, 'desist-other-key');
    expect(later.statusCode).toBe(200);
    expect(later.json().data.withdrawal).toEqual(first.json().data.withdrawal);
    expect(await noticesOf(loanId)).toHaveLength(1);
  });

  it('two keys for the same loan at once → one notice, both answers name it', async () => {
    const who = await customer();
    const loanId = await loanIssued(who.customer.id, 1);
    const [a, b] = await Promise.all([postNotice(who, loanId, 'desist-a'), postNotice(who, loanId, 'desist-b')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.withdrawal).toEqual(b.json().data.withdrawal);
    expect(await noticesOf(loanId)).toHaveLength(1);
  });

  it('a notice given on day 14 is still answered on day 15', async () => {
    const who = await customer();
    const loanId = await loanIssued(who.customer.id, 14);
    const first = await postNotice(who, loanId);
    // A day later (the session would not last a day on the fake clock: the payout moves back a day instead).
    await t.db
      .update(loans)
      .set({ issueDate: addDaysIso(TODAY, -15) })
      .where(eq(loans.id, loanId));
    const later = await postNotice(who, loanId);
    expect(later.statusCode).toBe(200);
    expect(later.json().data).toMatchObject({ eligible: false, withdrawal: first.json().data.withdrawal });
  });

  it('the closeLoan payment of the quote’s amount repays the loan and marks the notice repaid', async () => {
    const who = await customer();
    const loanId = await loanIssued(who.customer.id, 7);
    const cardId = await storeCard(t, who.customer.id);
    const quote = (await postNotice(who, loanId)).json().data;
    const paid = await payLoan(t, who, { loanId, paymentOption: 'closeLoan', amount: quote.amount, cardId });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'success' });
    expect((await loansOf(t, who)).find((loan) => loan.id === loanId)?.status).toBe('repaid');
    const after = (await getQuote(who, loanId)).json().data;
    expect(after).toMatchObject({ eligible: false, amount: 0, withdrawal: { status: 'repaid' } });
    expect((await postNotice(who, loanId)).json().data.withdrawal.status).toBe('repaid');
  });
});
