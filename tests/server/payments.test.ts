import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  cardThreeDsSessions,
  idempotencyKeys,
  loanImpediments,
  loans,
  paymentAllocations,
  payments,
} from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { pathOf, pressChallenge, threeDsState } from './helpers/cards.ts';
import { login, type LoggedIn } from './helpers/customers.ts';
import { errorName, loansOf, payLoan, paymentsOfLoan, storeCard } from './helpers/payments.ts';
import { createRunningLoan, INSTALLMENT_CENTS } from './helpers/running-loans.ts';

/**
 * PayLoanPost, PaymentStatusGet and the Loan view after a payment (issue 13, agreements 1, 2 and 4): every refusal,
 * 404 for another customer's loan, card or payment, 409 while a payment is pending, the card charge with and
 * without 3-D Secure.
 */

const NOW = '2026-11-24T10:00:00.000Z';
const DUE = INSTALLMENT_CENTS / 100;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, ownDatabase: true, now: NOW });
});
afterAll(() => t.close());

async function payer(options: { challenge?: boolean; nextDue?: string; paid?: number; count?: number } = {}) {
  const who = await login(t, { status: 'securityChecked', creditLimitCents: 250_000 });
  const loan = await createRunningLoan(t, who.customer.id, {
    nextDue: options.nextDue ?? '2026-11-23',
    paid: options.paid ?? 1,
    ...(options.count === undefined ? {} : { count: options.count }),
  });
  const cardId = await storeCard(t, who.customer.id, { challenge: options.challenge ?? false });
  return { who, loan, cardId };
}

const status = (who: LoggedIn, paymentId: number | string) =>
  t.app.inject({ url: `/api/loan/checkstatus?paymentId=${paymentId}`, headers: who.headers });

describe('PayLoanPost by card', () => {
  it('pays the first unpaid instalment: success, the Loan view shows the payment, PaymentStatusGet agrees', async () => {
    const { who, loan, cardId } = await payer();
    const response = await payLoan(t, who, {
      loanId: loan.loanId,
      paymentOption: 'firstNotPaidInstallment',
      installmentId: loan.next.id,
      amount: DUE,
      cardId,
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ status: 'success', amount: DUE, message: '', threeDs: null });
    const paid = data.loan.installments.find((row: { id: number }) => row.id === loan.next.id);
    expect(paid).toMatchObject({
      status: 'paid',
      payments: [{ type: 'firstNotPaidInstallment', amount: DUE, paymentSource: 'debit-card', paymentDate: NOW }],
    });
    expect(data.loan.overdueDay).toBe(29);

    const [view] = await loansOf(t, who);
    expect(view!.installments.find((row) => row.id === loan.next.id)!.payments).toHaveLength(1);
    const checked = await status(who, data.paymentId);
    expect(checked.json().data).toEqual({
      paymentId: data.paymentId,
      loanId: loan.loanId,
      status: 'success',
      amount: DUE,
      message: '',
    });
    const [row] = await paymentsOfLoan(t, loan.loanId);
    expect(row).toMatchObject({ status: 'success', source: 'debit-card', cardId, amountCents: INSTALLMENT_CENTS });
    expect(row!.providerReference).toMatch(/^sbxchg_/);
  });

  it('closes the loan at its earlyClosureAmount: every instalment paid, the loan repaid', async () => {
    const { who, loan, cardId } = await payer({ nextDue: '2026-12-10', paid: 2, count: 4 });
    const [before] = await loansOf(t, who);
    const response = await payLoan(t, who, {
      loanId: loan.loanId,
      paymentOption: 'closeLoan',
      amount: before!.earlyClosureAmount,
      cardId,
    });
    expect(response.json().data).toMatchObject({
      status: 'success',
      loan: { status: 'repaid', earlyClosureAmount: 0 },
    });
    const again = await payLoan(t, who, {
      loanId: loan.loanId,
      paymentOption: 'closeLoan',
      amount: before!.earlyClosureAmount,
      cardId,
    });
    expect([again.statusCode, errorName(again)]).toEqual([422, 'LoanAlreadyRepaid']);
  });

  it('refuses what the quote does not say, and never shows another customer’s loan, card or payment', async () => {
    const { who, loan, cardId } = await payer();
    const other = await payer();
    const body = {
      loanId: loan.loanId,
      paymentOption: 'firstNotPaidInstallment' as const,
      installmentId: loan.next.id,
      amount: DUE,
      cardId,
    };
    const cases: Array<[object, number, string]> = [
      [{ amount: DUE - 1 }, 422, 'InvalidPaymentAmount'],
      [{ amount: 5000 }, 422, 'InvalidPaymentAmount'],
      [{ installmentId: loan.installmentIds[5] }, 422, 'InstallmentNotFound'],
      [{ installmentId: loan.installmentIds[0] }, 422, 'InstallmentNotFound'],
      [{ installmentId: other.loan.next.id }, 422, 'InstallmentNotFound'],
      [{ loanId: other.loan.loanId }, 404, 'LoanNotFound'],
      [{ loanId: 2_000_000_000 }, 404, 'LoanNotFound'],
      [{ cardId: other.cardId }, 404, 'CardNotFound'],
      [{ cardId: 2_000_000_000 }, 404, 'CardNotFound'],
    ];
    for (const [change, code, name] of cases) {
      const response = await payLoan(t, who, { ...body, ...change });
      expect([JSON.stringify(change), response.statusCode, errorName(response)]).toEqual([
        JSON.stringify(change),
        code,
        name,
      ]);
      expect(response.body).not.toContain(String(other.loan.next.totalCents));
    }
    const invalidCard = await storeCard(t, who.customer.id, { status: 'Invalid', token: 'sbx_tok_invalid' });
    const unusable = await payLoan(t, who, { ...body, cardId: invalidCard });
    expect([unusable.statusCode, errorName(unusable)]).toEqual([422, 'CardNotFound']);
    await t.db.update(loans).set({ status: 'cancelled' }).where(eq(loans.id, other.loan.loanId));
    const cancelled = await payLoan(t, other.who, {
      ...body,
      loanId: other.loan.loanId,
      installmentId: other.loan.next.id,
      cardId: other.cardId,
    });
    expect([cancelled.statusCode, errorName(cancelled)]).toEqual([422, 'LoanNotFound']);
    expect(await paymentsOfLoan(t, loan.loanId)).toEqual([]);

    const paid = await payLoan(t, who, body);
    const paymentId = paid.json().data.paymentId;
    const foreign = await status(other.who, paymentId);
    expect([foreign.statusCode, errorName(foreign)]).toEqual([404, 'PaymentNotFound']);
    expect(foreign.body).not.toContain(String(loan.loanId));
    expect((await status(who, 2_000_000_000)).statusCode).toBe(404);
    const noKey = await t.app.inject({ method: 'POST', url: '/api/loan/payloan', headers: who.headers, payload: body });
    expect(noKey.statusCode).toBe(400);
  });

  it('a declined charge answers 200 with status failed and the gateway’s Spanish reason; nothing is paid', async () => {
    const { who, loan } = await payer();
    const cardId = await storeCard(t, who.customer.id, { token: 'not-a-sandbox-token' });
    const key = 'declined-key';
    const body = {
      loanId: loan.loanId,
      paymentOption: 'firstNotPaidInstallment' as const,
      installmentIds: [loan.next.id],
      amount: DUE,
      cardId,
    };
    const response = await payLoan(t, who, body, key);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'failed', message: 'El banco emisor ha denegado el cargo.' });
    const replay = await payLoan(t, who, body, key);
    expect(replay.body).toBe(response.body);
    expect((await loansOf(t, who))[0]!.installments[1]).toMatchObject({ status: 'notPaid', payments: [] });
  });

  it('a gateway that throws gives no outcome: pending (never a 500, never failed blindly); the recovery job ends it', async () => {
    const { who, loan, cardId } = await payer();
    const spy = vi.spyOn(t.app.providers.cardGateway, 'charge').mockRejectedValueOnce(new Error('socket hang up'));
    const response = await payLoan(t, who, {
      loanId: loan.loanId,
      paymentOption: 'pendingInstallments',
      installmentIds: [loan.next.id],
      amount: DUE,
      cardId,
    });
    spy.mockRestore();
    const data = response.json().data;
    expect(data).toMatchObject({ status: 'pending', threeDs: null, message: expect.stringMatching(/confirmando/) });
    // The gateway never charged (the call failed before it): the job voids the key and fails the payment.
    const run = await t.app.paymentRecovery.runOnce();
    expect(run.failed).toContain(data.paymentId);
    expect((await status(who, data.paymentId)).json().data).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/no se ha cobrado nada/),
    });
    expect((await loansOf(t, who))[0]!.installments[1]).toMatchObject({ status: 'notPaid', payments: [] });
  });
});

describe('PayLoanPost keys after a transient refusal or a lost answer (issue 22 items 1 and 3)', () => {
  it('a press names what it pays: without the instalments 400; once they are paid, another press is refused, never paying the next one', async () => {
    const { who, loan, cardId } = await payer();
    const bare = { loanId: loan.loanId, amount: DUE, cardId };
    for (const paymentOption of ['firstNotPaidInstallment', 'pendingInstallments'] as const) {
      const unnamed = await payLoan(t, who, { ...bare, paymentOption });
      expect([unnamed.statusCode, unnamed.json().errors[0].message]).toEqual([400, expect.stringMatching(/cuota/)]);
    }
    // Five presses at once with their own keys, each naming the instalment it was shown: one pays.
    const presses = await Promise.all(
      Array.from({ length: 5 }, () =>
        payLoan(t, who, { ...bare, paymentOption: 'pendingInstallments', installmentIds: [loan.next.id] }),
      ),
    );
    const outcomes = presses.map((press) =>
      press.statusCode === 200 ? press.json().data.status : `${press.statusCode} ${errorName(press)}`,
    );
    expect(outcomes.filter((outcome) => outcome === 'success')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome !== 'success').every((outcome) => /^(409|422) /.test(outcome))).toBe(
      true,
    );
    // Afterwards, the same view's press again: refused with a clear Spanish message, nothing more paid.
    const late = await payLoan(t, who, {
      ...bare,
      paymentOption: 'pendingInstallments',
      installmentIds: [loan.next.id],
    });
    expect([late.statusCode, errorName(late)]).toEqual([422, 'PaymentDueChanged']);
    expect(late.json().errors[0].message).toMatch(/No se ha cobrado nada/);
    const view = (await loansOf(t, who))[0]!;
    expect(view.installments.filter((row) => row.status === 'paid')).toHaveLength(2);
    expect(await paymentsOfLoan(t, loan.loanId)).toHaveLength(1);
  });

  it('409 RequestInProgress is not kept as the key’s answer: the same key pays once the other payment is over', async () => {
    const { who, loan, cardId } = await payer();
    const [other] = await t.db
      .insert(payments)
      .values({
        customerId: who.customer.id,
        loanId: loan.loanId,
        paymentOption: 'firstNotPaidInstallment',
        source: 'direct-transfer',
        amountCents: INSTALLMENT_CENTS,
        status: 'pending',
      })
      .returning({ id: payments.id });
    const body = {
      loanId: loan.loanId,
      paymentOption: 'firstNotPaidInstallment' as const,
      installmentIds: [loan.next.id],
      amount: DUE,
      cardId,
    };
    const refused = await payLoan(t, who, body, 'transient-key');
    expect(refused.statusCode).toBe(409);
    expect(errorName(refused)).toBe('RequestInProgress');
    await t.db.update(payments).set({ status: 'failed' }).where(eq(payments.id, other!.id));
    const paid = await payLoan(t, who, body, 'transient-key');
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'success' });
    expect((await payLoan(t, who, body, 'transient-key')).body).toBe(paid.body);
  });

  it('a key whose answer was never stored (the process died) finds its payment: no second payment, no second charge', async () => {
    const { who, loan, cardId } = await payer({ challenge: true });
    const body = {
      loanId: loan.loanId,
      paymentOption: 'firstNotPaidInstallment' as const,
      installmentIds: [loan.next.id],
      amount: DUE,
      cardId,
    };
    const first = (await payLoan(t, who, body, 'lost-answer-key')).json().data;
    expect(first).toMatchObject({ status: 'pending', threeDs: { event: { state: 'iframe' } } });
    // As if the process had died before storing the answer: the key is gone, the payment (its intent) stays.
    await t.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, 'lost-answer-key'));
    const charge = vi.spyOn(t.app.providers.cardGateway, 'charge');
    const again = (await payLoan(t, who, body, 'lost-answer-key')).json().data;
    charge.mockRestore();
    expect(charge).not.toHaveBeenCalled();
    // The same payment and track; the client polls ThreeDsStateGet for the current step.
    expect(again).toMatchObject({
      paymentId: first.paymentId,
      status: 'pending',
      threeDs: { trackId: first.threeDs.trackId, event: { state: 'inprogress' } },
    });
    expect(await paymentsOfLoan(t, loan.loanId)).toHaveLength(1);
    const { event } = await threeDsState(t, who, first.threeDs.trackId);
    expect(event!.state).toBe('iframe');
  });
});

describe('PayLoanPost with 3-D Secure', () => {
  async function challenged() {
    const { who, loan, cardId } = await payer({ challenge: true });
    const response = await payLoan(t, who, {
      loanId: loan.loanId,
      paymentOption: 'firstNotPaidInstallment',
      installmentIds: [loan.next.id],
      amount: DUE,
      cardId,
    });
    const data = response.json().data;
    expect(data).toMatchObject({
      status: 'pending',
      threeDs: { trackId: expect.stringMatching(/^tds_/), event: { state: 'iframe', provider: 'credorax' } },
    });
    return { who, loan, cardId, data };
  }

  it('completed: ThreeDsStateGet settles the payment; the card is not touched', async () => {
    const { who, loan, cardId, data } = await challenged();
    expect((await status(who, data.paymentId)).json().data.status).toBe('pending');
    // It waits for the customer as the loan's one pending payment, with its track id (a new card payment of the
    // customer replaces it, see below; anything else meets RequestInProgress).
    const pending = await t.db
      .select({ id: payments.id, source: payments.source, trackId: payments.threeDsTrackId })
      .from(payments)
      .where(and(eq(payments.loanId, loan.loanId), eq(payments.status, 'pending')));
    expect(pending).toEqual([{ id: data.paymentId, source: 'debit-card', trackId: data.threeDs.trackId }]);

    const page = await t.app.inject({ url: pathOf(data.threeDs.event.url) });
    expect(page.statusCode).toBe(200);
    expect((await pressChallenge(t, data.threeDs.event.transactionId, 'authorize')).statusCode).toBe(200);
    const states: string[] = [];
    for (let poll = 0; poll < 4; poll += 1) {
      const { event } = await threeDsState(t, who, data.threeDs.trackId);
      states.push(event!.state);
      if (event!.state === 'completed') break;
    }
    expect(states.at(-1)).toBe('completed');
    expect((await status(who, data.paymentId)).json().data).toMatchObject({ status: 'success' });
    expect((await loansOf(t, who))[0]!.installments[1]).toMatchObject({ status: 'paid' });
    const [session] = await t.db
      .select()
      .from(cardThreeDsSessions)
      .where(eq(cardThreeDsSessions.trackId, data.threeDs.trackId));
    expect(session).toMatchObject({ paymentId: data.paymentId, cardId, state: 'completed' });
    // Polling again answers completed and settles nothing more.
    await threeDsState(t, who, data.threeDs.trackId);
    const allocations = await t.db
      .select()
      .from(paymentAllocations)
      .where(eq(paymentAllocations.paymentId, data.paymentId));
    expect(allocations).toHaveLength(1);
  });

  it('error: the payment fails with the 3-D Secure message and the loan can be paid again', async () => {
    const { who, loan, cardId, data } = await challenged();
    await pressChallenge(t, data.threeDs.event.transactionId, 'cancel');
    let state = '';
    for (let poll = 0; poll < 4 && state !== 'error'; poll += 1) {
      state = (await threeDsState(t, who, data.threeDs.trackId)).event!.state;
    }
    expect(state).toBe('error');
    expect((await status(who, data.paymentId)).json().data).toMatchObject({
      status: 'failed',
      message: 'Falló la verificación de 3D Secure. No se pudo realizar el pago. Por favor, inténtalo de nuevo.',
    });
    const again = await payLoan(t, who, {
      loanId: loan.loanId,
      paymentOption: 'firstNotPaidInstallment',
      installmentIds: [loan.next.id],
      amount: DUE,
      cardId,
    });
    expect(again.json().data.status).toBe('pending');
  });

  it('a payment waiting for its 3-D Secure is replaced by the customer’s next card payment; its late end settles nothing', async () => {
    const { who, loan, cardId, data } = await challenged();
    const body = {
      loanId: loan.loanId,
      paymentOption: 'firstNotPaidInstallment' as const,
      installmentIds: [loan.next.id],
      amount: DUE,
      cardId,
    };
    t.clock.set(new Date(Date.parse(NOW) + 60_000));
    try {
      const next = await payLoan(t, who, body);
      expect(next.statusCode, next.body).toBe(200);
      expect(next.json().data.status).toBe('pending');
      expect(next.json().data.paymentId).not.toBe(data.paymentId);
      expect((await status(who, data.paymentId)).json().data).toMatchObject({
        status: 'failed',
        message: 'Has iniciado un nuevo pago: este, pendiente de la verificación 3D Secure, se ha cancelado.',
      });
      await pressChallenge(t, data.threeDs.event.transactionId, 'authorize');
      for (let poll = 0; poll < 3; poll += 1) await threeDsState(t, who, data.threeDs.trackId);
      expect((await status(who, data.paymentId)).json().data.status).toBe('failed');
      expect((await loansOf(t, who))[0]!.installments[1]!.status).toBe('notPaid');
    } finally {
      t.clock.set(new Date(NOW));
    }
  });

  it('another customer’s track id is 404', async () => {
    const { data } = await challenged();
    const stranger = await login(t, { status: 'securityChecked' });
    expect((await threeDsState(t, stranger, data.threeDs.trackId)).statusCode).toBe(404);
  });
});

describe('ImpedimentCreatePost (¿Problemas con un reembolso?)', () => {
  const create = (who: LoggedIn, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/loan/impediments/create', headers: who.headers, payload });

  it('records the reason of the caller’s running loan; other → comment required; others’ loans 404', async () => {
    const { who, loan } = await payer();
    const ok = await create(who, { loanId: loan.loanId, reason: 'salaryDelay' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ id: expect.any(Number), createdDate: NOW });
    const stored = await t.db.select().from(loanImpediments).where(eq(loanImpediments.loanId, loan.loanId));
    expect(stored).toMatchObject([
      { customerId: who.customer.id, reason: 'salaryDelay', comment: null, status: 'open' },
    ]);
    // One at a time per loan (tests/server/impediments.test.ts): staff close it before the next.
    await t.db.update(loanImpediments).set({ status: 'resolved' }).where(eq(loanImpediments.id, stored[0]!.id));

    const withComment = await create(who, {
      loanId: loan.loanId,
      reason: 'other',
      comment: '  Me han cambiado de banco ',
    });
    expect(withComment.statusCode).toBe(200);
    const noComment = await create(who, { loanId: loan.loanId, reason: 'other', comment: '   ' });
    expect([noComment.statusCode, noComment.json().errors[0].message]).toEqual([
      400,
      'Cuéntanos el motivo en el comentario.',
    ]);

    const other = await payer();
    const foreign = await create(who, { loanId: other.loan.loanId, reason: 'illness' });
    expect([foreign.statusCode, errorName(foreign)]).toEqual([404, 'LoanNotFound']);
    expect((await create(who, { loanId: 2_000_000_000, reason: 'illness' })).statusCode).toBe(404);
    expect((await create(who, { loanId: loan.loanId, reason: 'whatever' })).statusCode).toBe(400);
    await t.db.update(loans).set({ status: 'repaid' }).where(eq(loans.id, loan.loanId));
    const repaid = await create(who, { loanId: loan.loanId, reason: 'illness' });
    expect([repaid.statusCode, errorName(repaid)]).toEqual([422, 'LoanNotFound']);
  });
});
