import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installments, loanRollovers, loans, payments } from '../../src/server/db/schema/index.ts';
import { addDaysIso, daysBetweenIso } from '../../src/shared/calendar.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login, type LoggedIn } from './helpers/customers.ts';
import { errorName, loansOf, storeCard } from './helpers/payments.ts';
import { createMiniLoan } from './helpers/running-loans.ts';

/**
 * A paid-out minipréstamo (docs/rules/pricing-and-quotes.md "The interest-free first loan", docs/rules/payments.md
 * "Rollover"): the interest-free first loan's promotion lapses the day after its date when it is not repaid (on the
 * customer's read and in the collection job, once), and the Prórroga prices the extension at the minipréstamo's daily
 * rate, paid by card, idempotent by its key.
 */

const NOW = '2026-11-24T10:00:00.000Z'; // Tuesday; Madrid today 2026-11-24
const TODAY = '2026-11-24';
const TERM_DAYS = 20;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, ownDatabase: true, now: NOW });
});
afterAll(() => t.close());

/** The standard price of `euros` over `days` days, computed here: amount × 0,75 % × days, to the cent. */
const standardInterestCents = (euros: number, days: number) => Math.round(euros * 100 * 0.0075 * days);

/** A customer with an issued minipréstamo of `euros` due `dueIn` days from today, issued TERM_DAYS before its date. */
async function miniBorrower(options: { euros?: number; dueIn: number; interestFree: boolean; paid?: boolean }) {
  const { euros = 300, dueIn, interestFree, paid = false } = options;
  const who = await login(t, {
    status: 'securityChecked',
    creditLimitCents: 250_000,
    miniLimitCents: 30_000,
  });
  const due = addDaysIso(TODAY, dueIn);
  const { loanId } = await createMiniLoan(t, who.customer.id, {
    due,
    amountCents: euros * 100,
    interestCents: interestFree ? 0 : standardInterestCents(euros, TERM_DAYS),
    termDays: TERM_DAYS,
    paidAt: paid ? new Date(NOW) : undefined,
  });
  const cardId = await storeCard(t, who.customer.id);
  return { who, loanId, due, cardId };
}

const installmentsOf = (loanId: number) =>
  t.db.select().from(installments).where(eq(installments.loanId, loanId)).orderBy(asc(installments.number));
const loanRow = async (loanId: number) => (await t.db.select().from(loans).where(eq(loans.id, loanId)))[0]!;

describe('the interest-free first loan not repaid on its date', () => {
  it('lapses when the customer reads their loans: the standard interest for its term (45,00 € on 300 €), once', async () => {
    const { who, loanId } = await miniBorrower({ dueIn: -2, interestFree: true });
    expect(standardInterestCents(300, TERM_DAYS)).toBe(4_500);
    const [view] = await loansOf(t, who);
    expect(view!.installments[0]).toMatchObject({ initialCalculatedInterest: 45, totalPayment: 345 });
    expect(view!.earlyClosureAmount).toBeGreaterThanOrEqual(345);
    const lapsedAt = (await loanRow(loanId)).interestFreeLapsedAt;
    expect(lapsedAt).toEqual(new Date(NOW));
    // Read again, and the job's run: nothing more is added.
    await loansOf(t, who);
    await t.app.collection.runOnce();
    expect(await installmentsOf(loanId)).toMatchObject([{ interestCents: 4_500, totalCents: 34_500 }]);
    expect((await loanRow(loanId)).interestFreeLapsedAt).toEqual(lapsedAt);
  });

  it('does not lapse on its date, nor when it was repaid; the collection job lapses the ones nobody read', async () => {
    const onDate = await miniBorrower({ dueIn: 0, interestFree: true });
    const repaid = await miniBorrower({ dueIn: -1, interestFree: true, paid: true });
    const unread = await miniBorrower({ euros: 200, dueIn: -1, interestFree: true });
    const summary = await t.app.collection.runOnce();
    expect(summary.lapsed).toBeGreaterThanOrEqual(1);
    expect(await installmentsOf(onDate.loanId)).toMatchObject([{ interestCents: 0, totalCents: 30_000 }]);
    expect((await loanRow(onDate.loanId)).interestFreeLapsedAt).toBeNull();
    expect(await installmentsOf(repaid.loanId)).toMatchObject([{ interestCents: 0, status: 'paid' }]);
    expect((await loanRow(repaid.loanId)).interestFreeLapsedAt).toBeNull();
    expect(await installmentsOf(unread.loanId)).toMatchObject([{ interestCents: 3_000, totalCents: 23_000 }]);
    expect((await loanRow(unread.loanId)).interestFreeLapsedAt).not.toBeNull();
  });
});

describe('Prórroga of a minipréstamo', () => {
  const calculate = (who: LoggedIn, body: object) =>
    t.app.inject({ method: 'POST', url: '/api/loan/rolloverCalculate', headers: who.headers, payload: body });
  const rollover = (who: LoggedIn, body: object, key: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/loan/rollover',
      headers: { ...who.headers, 'idempotency-key': key },
      payload: body,
    });
  const firstDate = async (who: LoggedIn, loanId: number) => {
    const response = await t.app.inject({
      url: `/api/loan/rolloverAvailableDates?fromDate=${TODAY}&loanId=${loanId}`,
      headers: who.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as string[])[0]!;
  };

  it('2 days late: the fee is its interest, the new date is priced at 0,75 % a day; the same key twice rolls over once', async () => {
    const { who, loanId, due, cardId } = await miniBorrower({ dueIn: -2, interestFree: false });
    const rolloverDate = await firstDate(who, loanId);
    const days = daysBetweenIso(due, rolloverDate);
    const quote = await calculate(who, { loanId, rolloverDate });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().data).toMatchObject({
      fee: 45,
      principal: 300,
      newInterest: standardInterestCents(300, days) / 100,
      newTotalPayment: (30_000 + standardInterestCents(300, days)) / 100,
    });
    const key = `mini-rollover-${loanId}`;
    const first = await rollover(who, { loanId, rolloverDate, cardId }, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'success', amount: 45 });
    const replay = await rollover(who, { loanId, rolloverDate, cardId }, key);
    expect(replay.body).toBe(first.body);
    expect(await t.db.select().from(loanRollovers).where(eq(loanRollovers.loanId, loanId))).toHaveLength(1);
    expect(await t.db.select().from(payments).where(eq(payments.loanId, loanId))).toMatchObject([
      { paymentOption: 'rolloverFee', status: 'success', amountCents: 4_500 },
    ]);
    expect(await installmentsOf(loanId)).toMatchObject([
      { status: 'rollovered' },
      { status: 'notPaid', expectedDate: rolloverDate, interestCents: standardInterestCents(300, days) },
    ]);
  });

  it('an interest-free first loan before its date has nothing to extend for (RolloverNotAllowed); lapsed, it can', async () => {
    const early = await miniBorrower({ dueIn: 3, interestFree: true });
    const refused = await calculate(early.who, { loanId: early.loanId, rolloverDate: addDaysIso(early.due, 7) });
    expect(errorName(refused)).toBe('RolloverNotAllowed');
    const late = await miniBorrower({ dueIn: -2, interestFree: true });
    const rolloverDate = await firstDate(late.who, late.loanId);
    const quote = await calculate(late.who, { loanId: late.loanId, rolloverDate });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().data.fee).toBe(45);
  });

  it("another customer's minipréstamo: 404, never its data", async () => {
    const owner = await miniBorrower({ dueIn: -2, interestFree: false });
    const other = await miniBorrower({ dueIn: -2, interestFree: false });
    const response = await calculate(other.who, { loanId: owner.loanId, rolloverDate: addDaysIso(TODAY, 7) });
    expect([response.statusCode, errorName(response)]).toEqual([404, 'LoanNotFound']);
    expect(response.body).not.toContain(String(owner.due));
  });
});
