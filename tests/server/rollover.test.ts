import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso } from '../../src/shared/calendar.ts';
import { rolloverFigures } from '../../src/shared/loan/rollover.ts';
import { toCents } from '../../src/shared/money.ts';
import type { CustomerStatus } from '../../src/shared/statuses.ts';
import type { LoanStatus } from '../../src/shared/loan-statuses.ts';
import {
  installments,
  installmentStatusHistory,
  loanRollovers,
  loans,
  payments,
  reminderDeliveries,
} from '../../src/server/db/schema/index.ts';
import { issueSession } from '../../src/server/auth/sessions.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { pressChallenge, threeDsState } from './helpers/cards.ts';
import { login, type LoggedIn } from './helpers/customers.ts';
import { errorName, loansOf, storeCard } from './helpers/payments.ts';
import { DEFAULT_LOAN_DEFINITION } from '../../src/shared/loan/loan-definition.ts';

/**
 * Rollover ('Prórroga', issue 14; docs/rules/payments.md "Rollover"): RolloverAvailableDatesGet, RolloverCalculatePost
 * and RolloverPost through HTTP on PGlite — eligibility at each threshold edge of §5/§6, ownership (404, never data),
 * the fee paid by card with and without 3-D Secure, idempotency, two presses at once, the reminders of the old date
 * cancelled.
 */

const NOW = '2026-11-24T10:00:00.000Z'; // Tuesday; Madrid today 2026-11-24
const TODAY = '2026-11-24';
const BASE = 30_000;
const INTEREST = 1_833;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW });
});
afterAll(() => t.close());

interface Options {
  /** The instalment's date as days from today (overdueDay). */
  dueIn?: number;
  status?: LoanStatus;
  customerStatus?: CustomerStatus;
  count?: number;
  challenge?: boolean;
  paid?: number;
  issueDate?: string;
}

/** A customer with a running loan of one instalment (300 € + 18,33 €) and a stored card. */
async function borrower(options: Options = {}) {
  const { dueIn = -3, status = 'issued', count = 1, paid = 0 } = options;
  const who = await login(t, { status: options.customerStatus ?? 'securityChecked', creditLimitCents: 250_000 });
  const due = addDaysIso(TODAY, dueIn);
  const [loan] = await t.db
    .insert(loans)
    .values({
      customerId: who.customer.id,
      status,
      amountCents: BASE * count,
      loanDefinitionId: DEFAULT_LOAN_DEFINITION.id,
      installmentCount: count,
      issueDate: options.issueDate ?? addDaysIso(due, -30),
      firstRepaymentDate: due,
    })
    .returning({ id: loans.id });
  const rows = await t.db
    .insert(installments)
    .values(
      Array.from({ length: count }, (_, index) => ({
        loanId: loan!.id,
        number: index + 1,
        expectedDate: addDaysIso(due, 30 * index),
        baseCents: BASE,
        interestCents: INTEREST,
        totalCents: BASE + INTEREST,
        paidCents: index === 0 ? paid : 0,
        status: 'notPaid' as const,
      })),
    )
    .returning({ id: installments.id, expectedDate: installments.expectedDate });
  const cardId = await storeCard(t, who.customer.id, { challenge: options.challenge ?? false });
  return { who, loanId: loan!.id, installment: rows[0]!, cardId, due };
}

const datesOf = (who: LoggedIn, query: string) =>
  t.app.inject({ url: `/api/loan/rolloverAvailableDates?${query}`, headers: who.headers });

const calculate = (who: LoggedIn, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/loan/rolloverCalculate', headers: who.headers, payload: body });

const rollover = (who: LoggedIn, body: object, key = `rollover-${Math.random()}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/loan/rollover',
    headers: { ...who.headers, 'idempotency-key': key },
    payload: body,
  });

const rolloversOf = (loanId: number) =>
  t.db.select().from(loanRollovers).where(eq(loanRollovers.loanId, loanId)).orderBy(asc(loanRollovers.id));

const installmentsOf = (loanId: number) =>
  t.db.select().from(installments).where(eq(installments.loanId, loanId)).orderBy(asc(installments.number));

/** The first available date (a working day 7 days after max(today, D0)). */
async function firstDate(who: LoggedIn, loanId: number): Promise<string> {
  const response = await datesOf(who, `fromDate=${TODAY}&loanId=${loanId}`);
  expect(response.statusCode).toBe(200);
  return (response.json().data as string[])[0]!;
}

describe('RolloverAvailableDatesGet', () => {
  it('working days from max(today, D0) + 7 to + 30, holidays out, not before fromDate; the loan may be left out', async () => {
    const { who, loanId } = await borrower({ dueIn: -3 });
    const response = await datesOf(who, `fromDate=${TODAY}&loanId=${loanId}`);
    expect(response.statusCode).toBe(200);
    const dates = response.json().data as string[];
    expect(dates[0]).toBe('2026-12-01'); // today + 7
    expect(dates.at(-1)).toBe('2026-12-24'); // today + 30, a Thursday
    expect(dates).not.toContain('2026-12-08'); // Inmaculada Concepción
    expect(dates).not.toContain('2026-12-05'); // Saturday
    const later = await datesOf(who, `fromDate=2026-12-10&loanId=${loanId}`);
    expect((later.json().data as string[])[0]).toBe('2026-12-10');
    const implicit = await datesOf(who, `fromDate=${TODAY}`);
    expect(implicit.json().data).toEqual(dates);
  });

  it('counts from the instalment’s date when it is still to come', async () => {
    const { who, loanId } = await borrower({ dueIn: 5 });
    const dates = (await datesOf(who, `fromDate=${TODAY}&loanId=${loanId}`)).json().data as string[];
    // D0 = Sunday 29 November; D0 + 7 = Sunday 6 December → the list starts on Monday 7.
    expect(dates[0]).toBe('2026-12-07');
    expect(dates.at(-1)).toBe('2026-12-29'); // D0 + 30
  });
});

describe('eligibility (§5 and §6) at each edge', () => {
  it.each([
    [{ dueIn: -36 }, 422],
    [{ dueIn: -35 }, 200],
    [{ dueIn: 0 }, 200],
    [{ dueIn: 5 }, 200],
    [{ dueIn: 6 }, 422],
    [{ dueIn: -36, status: 'arranged' as const }, 422],
    [{ dueIn: -35, status: 'arranged' as const }, 200],
    [{ dueIn: 35, status: 'arranged' as const, issueDate: addDaysIso(TODAY, -10) }, 200],
    [{ dueIn: 36, status: 'arranged' as const, issueDate: addDaysIso(TODAY, -10) }, 422],
    [{ dueIn: 0, status: 'repaid' as const }, 422],
    [{ dueIn: 0, status: 'cancelled' as const }, 422],
    [{ dueIn: 0, count: 2 }, 422],
    [{ dueIn: 0, customerStatus: 'systemApproved' as const }, 422],
    [{ dueIn: 0, customerStatus: 'internalCollection' as const }, 200],
    [{ dueIn: 0, customerStatus: 'fraud' as const }, 200],
    // earlyClosureAmount equal to the amount lent (its period not started): no.
    [{ dueIn: 5, issueDate: TODAY }, 422],
    // The interest already paid: closing costs no more than was lent.
    [{ dueIn: 0, paid: INTEREST }, 422],
    [{ dueIn: 0, paid: INTEREST - 1 }, 200],
  ])('%j → %i', async (options, code) => {
    const { who, loanId, due } = await borrower(options);
    const dates = await datesOf(who, `fromDate=${TODAY}&loanId=${loanId}`);
    const date = addDaysIso(due > TODAY ? due : TODAY, 8);
    const quote = await calculate(who, { loanId, rolloverDate: date });
    expect(dates.statusCode).toBe(code);
    if (code === 422) {
      expect([quote.statusCode, errorName(quote)]).toEqual([422, 'RolloverNotAllowed']);
      expect(quote.json().errors[0].message).toBe('La prórroga no está disponible para este préstamo.');
    } else {
      expect([200, 422]).toContain(quote.statusCode); // a weekend date is refused by the date rule, not eligibility
    }
  });
});

describe('RolloverCalculatePost', () => {
  it('the fee, the principal and the new amount of the rule; a date that is not available → 422', async () => {
    const { who, loanId, installment } = await borrower({ dueIn: -3, paid: 500 });
    const rolloverDate = await firstDate(who, loanId);
    const response = await calculate(who, { loanId, rolloverDate });
    expect(response.statusCode).toBe(200);
    const figures = rolloverFigures(
      { expectedDate: installment.expectedDate, base: toCents(BASE), interest: toCents(INTEREST), paid: toCents(500) },
      rolloverDate,
    );
    expect(response.json().data).toEqual({
      loanId,
      installmentId: installment.id,
      currentDate: installment.expectedDate,
      rolloverDate,
      fee: (INTEREST - 500) / 100,
      principal: BASE / 100,
      newInterest: figures.newInterest / 100,
      newTotalPayment: figures.newTotalPayment / 100,
    });
    for (const bad of [addDaysIso(TODAY, 6), addDaysIso(TODAY, 31), '2026-12-05', '2026-12-08', TODAY]) {
      const refused = await calculate(who, { loanId, rolloverDate: bad });
      expect([bad, refused.statusCode, errorName(refused)]).toEqual([bad, 422, 'InvalidRolloverDate']);
    }
    const invalid = await calculate(who, { loanId, rolloverDate: '2026-02-30' });
    expect(invalid.statusCode).toBe(400);
  });

  it('another customer’s or a missing loan: 404 LoanNotFound on every call, never data', async () => {
    const mine = await borrower();
    const other = await borrower();
    const date = await firstDate(other.who, other.loanId);
    const responses = [
      await datesOf(mine.who, `fromDate=${TODAY}&loanId=${other.loanId}`),
      await calculate(mine.who, { loanId: other.loanId, rolloverDate: date }),
      await rollover(mine.who, { loanId: other.loanId, rolloverDate: date, cardId: mine.cardId }),
      await calculate(mine.who, { loanId: 2_000_000_000, rolloverDate: date }),
    ];
    for (const response of responses) {
      expect([response.statusCode, errorName(response)]).toEqual([404, 'LoanNotFound']);
      expect(response.body).not.toContain(other.installment.expectedDate);
    }
    const foreignCard = await rollover(mine.who, { loanId: mine.loanId, rolloverDate: date, cardId: other.cardId });
    expect([foreignCard.statusCode, errorName(foreignCard)]).toEqual([404, 'CardNotFound']);
    expect(await rolloversOf(other.loanId)).toEqual([]);
    expect(await rolloversOf(mine.loanId)).toEqual([]);
  });
});

describe('RolloverPost', () => {
  it('pays the fee by card and moves the date: old instalment rollovered, the new one due, reminders of the old date cancelled', async () => {
    const { who, loanId, installment, cardId } = await borrower({ dueIn: -3 });
    const reminderAt = new Date(NOW);
    await t.db.insert(reminderDeliveries).values([
      {
        installmentId: installment.id,
        customerId: who.customer.id,
        kind: 'overdue1Day',
        dueDate: installment.expectedDate,
        status: 'sent',
        nextAttemptAt: reminderAt,
        createdAt: reminderAt,
        updatedAt: reminderAt,
      },
      {
        installmentId: installment.id,
        customerId: who.customer.id,
        kind: 'dueToday',
        dueDate: installment.expectedDate,
        status: 'pending',
        nextAttemptAt: reminderAt,
        createdAt: reminderAt,
        updatedAt: reminderAt,
      },
    ]);
    const rolloverDate = await firstDate(who, loanId);
    const quote = (await calculate(who, { loanId, rolloverDate })).json().data;
    const key = 'rollover-once';
    const response = await rollover(who, { loanId, rolloverDate, cardId }, key);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ status: 'success', amount: INTEREST / 100, message: '', threeDs: null });
    const [old, created] = data.loan.installments;
    expect(old).toMatchObject({ id: installment.id, status: 'rollovered' });
    expect(old.payments).toEqual([
      expect.objectContaining({ type: 'rolloverFee', amount: INTEREST / 100, paymentSource: 'debit-card' }),
    ]);
    expect(created).toMatchObject({
      status: 'notPaid',
      expectedDate: rolloverDate,
      totalPayment: quote.newTotalPayment,
      initialBase: quote.principal,
      initialCalculatedInterest: quote.newInterest,
      payments: [],
    });
    expect(data.loan.overdueDay).toBe(7);

    // The same key again: the same answer, nothing more.
    const replay = await rollover(who, { loanId, rolloverDate, cardId }, key);
    expect(replay.body).toBe(response.body);
    const [row, ...more] = await rolloversOf(loanId);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      status: 'applied',
      paymentId: data.paymentId,
      fromInstallmentId: installment.id,
      newInstallmentId: created.id,
      fromDate: installment.expectedDate,
      toDate: rolloverDate,
      feeCents: INTEREST,
      newBaseCents: BASE,
    });
    const paid = await t.db.select().from(payments).where(eq(payments.loanId, loanId));
    expect(paid).toEqual([
      expect.objectContaining({ paymentOption: 'rolloverFee', status: 'success', amountCents: INTEREST }),
    ]);
    const history = await t.db
      .select({
        id: installmentStatusHistory.installmentId,
        from: installmentStatusHistory.fromStatus,
        to: installmentStatusHistory.toStatus,
      })
      .from(installmentStatusHistory)
      .where(eq(installmentStatusHistory.reason, `rollover:${row!.id}`))
      .orderBy(asc(installmentStatusHistory.id));
    expect(history).toEqual([
      { id: installment.id, from: 'notPaid', to: 'rollovered' },
      { id: created.id, from: null, to: 'notPaid' },
    ]);
    const reminders = await t.db
      .select({
        kind: reminderDeliveries.kind,
        status: reminderDeliveries.status,
        lastError: reminderDeliveries.lastError,
      })
      .from(reminderDeliveries)
      .where(eq(reminderDeliveries.installmentId, installment.id))
      .orderBy(asc(reminderDeliveries.id));
    expect(reminders).toEqual([
      { kind: 'overdue1Day', status: 'sent', lastError: null },
      { kind: 'dueToday', status: 'skipped', lastError: 'rescheduled' },
    ]);

    // A new key: the new instalment's period has not started, closing costs what was lent → not again today.
    const again = await rollover(who, { loanId, rolloverDate, cardId });
    expect([again.statusCode, errorName(again)]).toEqual([422, 'RolloverNotAllowed']);
    const [view] = await loansOf(t, who);
    expect(view!.installments.map((item) => item.status)).toEqual(['rollovered', 'notPaid']);
  });

  it('a rolled-over loan can be rolled over again once its new period runs', async () => {
    const { who, loanId, cardId } = await borrower({ dueIn: -3 });
    const first = await firstDate(who, loanId);
    expect((await rollover(who, { loanId, rolloverDate: first, cardId })).json().data.status).toBe('success');
    t.clock.set(new Date(Date.parse(NOW) + 10 * 86_400_000));
    try {
      const session = await issueSession(
        { db: t.db, clock: t.clock, jwtKey: t.secrets.jwtKey },
        { id: who.customer.id, role: 'user' },
      );
      const later = { ...who, headers: { ...who.headers, authorization: `Bearer ${session.token}` } };
      const dates = await datesOf(later, `fromDate=${TODAY}&loanId=${loanId}`);
      const second = (dates.json().data as string[])[0]!;
      expect(second).toBe('2026-12-11'); // the new instalment (1 December) is late: from today (4 December) + 7
      const response = await rollover(later, { loanId, rolloverDate: second, cardId });
      expect(response.json().data).toMatchObject({ status: 'success' });
      const rows = await installmentsOf(loanId);
      expect(rows.map((row) => [row.number, row.status])).toEqual([
        [1, 'rollovered'],
        [2, 'rollovered'],
        [3, 'notPaid'],
      ]);
      expect(rows[2]!.expectedDate).toBe(second);
    } finally {
      t.clock.set(new Date(NOW));
    }
  });

  it('two presses at once with different keys: one rollover, the other refused', async () => {
    const { who, loanId, cardId } = await borrower({ dueIn: -3 });
    const rolloverDate = await firstDate(who, loanId);
    const [a, b] = await Promise.all([
      rollover(who, { loanId, rolloverDate, cardId }, 'press-a'),
      rollover(who, { loanId, rolloverDate, cardId }, 'press-b'),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect([409, 422]).toContain(codes[1]);
    const rows = await rolloversOf(loanId);
    expect(rows.map((row) => row.status)).toEqual(['applied']);
    expect((await installmentsOf(loanId)).map((row) => row.status)).toEqual(['rollovered', 'notPaid']);
  });

  it('a declined card: status failed with the Spanish reason, the rollover failed, nothing moves', async () => {
    const { who, loanId, installment } = await borrower({ dueIn: -3 });
    const cardId = await storeCard(t, who.customer.id, { token: 'not-a-sandbox-token' });
    const rolloverDate = await firstDate(who, loanId);
    const response = await rollover(who, { loanId, rolloverDate, cardId });
    expect(response.json().data).toMatchObject({ status: 'failed', message: 'El banco emisor ha denegado el cargo.' });
    expect((await rolloversOf(loanId)).map((row) => row.status)).toEqual(['failed']);
    expect(await installmentsOf(loanId)).toEqual([expect.objectContaining({ id: installment.id, status: 'notPaid' })]);
  });

  it('3-D Secure: pending with a track; completed applies the rollover, cancelled fails it and nothing moves', async () => {
    const done = await borrower({ dueIn: -3, challenge: true });
    const date = await firstDate(done.who, done.loanId);
    const pending = (await rollover(done.who, { loanId: done.loanId, rolloverDate: date, cardId: done.cardId })).json()
      .data;
    expect(pending).toMatchObject({ status: 'pending', threeDs: { trackId: expect.stringMatching(/^tds_/) } });
    expect((await rolloversOf(done.loanId)).map((row) => row.status)).toEqual(['pending']);
    await pressChallenge(t, pending.threeDs.event.transactionId, 'authorize');
    let state = '';
    for (let poll = 0; poll < 4 && state !== 'completed'; poll += 1) {
      state = (await threeDsState(t, done.who, pending.threeDs.trackId)).event!.state;
    }
    expect(state).toBe('completed');
    expect((await rolloversOf(done.loanId)).map((row) => row.status)).toEqual(['applied']);
    expect((await installmentsOf(done.loanId)).map((row) => row.status)).toEqual(['rollovered', 'notPaid']);

    const cancelled = await borrower({ dueIn: -3, challenge: true });
    const body = { loanId: cancelled.loanId, rolloverDate: date, cardId: cancelled.cardId };
    const waiting = (await rollover(cancelled.who, body)).json().data;
    await pressChallenge(t, waiting.threeDs.event.transactionId, 'cancel');
    state = '';
    for (let poll = 0; poll < 4 && state !== 'error'; poll += 1) {
      state = (await threeDsState(t, cancelled.who, waiting.threeDs.trackId)).event!.state;
    }
    expect(state).toBe('error');
    expect((await rolloversOf(cancelled.loanId)).map((row) => row.status)).toEqual(['failed']);
    expect((await installmentsOf(cancelled.loanId)).map((row) => row.status)).toEqual(['notPaid']);
    const failedPayment = await t.db
      .select({ status: payments.status })
      .from(payments)
      .where(and(eq(payments.loanId, cancelled.loanId), eq(payments.paymentOption, 'rolloverFee')));
    expect(failedPayment).toEqual([{ status: 'failed' }]);
    // The customer can press again.
    expect((await rollover(cancelled.who, body)).json().data.status).toBe('pending');
    expect((await rolloversOf(cancelled.loanId)).map((row) => row.status)).toEqual(['failed', 'pending']);
  });

  it('a fee payment left waiting for its 3-D Secure is replaced by the next press: its rollover failed, one applies', async () => {
    const { who, loanId, cardId } = await borrower({ dueIn: -3, challenge: true });
    const rolloverDate = await firstDate(who, loanId);
    const first = (await rollover(who, { loanId, rolloverDate, cardId })).json().data;
    expect(first.status).toBe('pending');
    const frictionless = await storeCard(t, who.customer.id, { token: `sbx_tok_plain${who.customer.id}` });
    const second = await rollover(who, { loanId, rolloverDate, cardId: frictionless });
    expect(second.json().data).toMatchObject({ status: 'success' });
    expect((await rolloversOf(loanId)).map((row) => row.status)).toEqual(['failed', 'applied']);
    // The late end of the replaced verification settles nothing.
    await pressChallenge(t, first.threeDs.event.transactionId, 'authorize');
    for (let poll = 0; poll < 3; poll += 1) await threeDsState(t, who, first.threeDs.trackId);
    expect((await rolloversOf(loanId)).map((row) => row.status)).toEqual(['failed', 'applied']);
    expect((await installmentsOf(loanId)).map((row) => row.status)).toEqual(['rollovered', 'notPaid']);
  });

  it('bad input is a 400 in the error shape, never a 500; no Idempotency-Key → 400', async () => {
    const { who, loanId, cardId } = await borrower();
    for (const payload of [
      { loanId, rolloverDate: 'tomorrow', cardId },
      { loanId, cardId },
      { loanId: -1, rolloverDate: TODAY, cardId },
      { loanId, rolloverDate: TODAY, cardId, extra: 1 },
    ]) {
      const response = await rollover(who, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toHaveLength(1);
    }
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/loan/rollover',
      headers: who.headers,
      payload: { loanId, rolloverDate: await firstDate(who, loanId), cardId },
    });
    expect(noKey.statusCode).toBe(400);
    expect((await datesOf(who, 'loanId=1')).statusCode).toBe(400);
  });
});
