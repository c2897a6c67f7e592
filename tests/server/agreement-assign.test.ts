import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { customers, loans, loanStatusHistory } from '../../src/server/db/schema/index.ts';
import { errorCodes } from '../../src/shared/api/errors.ts';
import { assign, requestedLoan } from './helpers/agreement.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createCustomer, login } from './helpers/customers.ts';
import { errorName, NOW } from './helpers/loan-request.ts';

/**
 * AssignAgreementPost (second document §8 "Agreement assignment") and AddNewEmailPost (§3 "Email contact", §5
 * "Email update") on the real app: requested → agreementAssigned with its history row and payout time, each §8
 * code with its Spanish message, the contract's idempotency and a second press.
 */

const PAYOUT_DELAY_MS = 600_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW, env: { PAYOUT_DELAY_MS: String(PAYOUT_DELAY_MS) } });
});
afterAll(() => t.close());
afterEach(() => {
  delete t.app.onAgreementAssigned;
});

const loanRow = async (loanId: number) => (await t.db.select().from(loans).where(eq(loans.id, loanId)))[0]!;
const historyOf = (loanId: number) =>
  t.db.select().from(loanStatusHistory).where(eq(loanStatusHistory.loanId, loanId)).orderBy(loanStatusHistory.id);

function expectCode(response: { statusCode: number; json(): unknown }, code: keyof typeof errorCodes) {
  expect(response.statusCode).toBe(422);
  expect(errorName(response)).toBe(code);
  const [error] = (response.json() as { errors: { message: string; title: string }[] }).errors;
  expect(error?.message).toBe(errorCodes[code].message);
  expect(error?.title).toBe('Aviso');
}

describe('AssignAgreementPost: accepting the agreement', () => {
  it('moves the requested loan to agreementAssigned with a history row, accepted now and paid out after PAYOUT_DELAY_MS', async () => {
    const who = await requestedLoan(t);
    const nudged: number[] = [];
    t.app.onAgreementAssigned = (loanId) => nudged.push(loanId);
    const response = await assign(t, who, { loanId: who.loanId, acceptAgreement: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: true });

    const loan = await loanRow(who.loanId);
    expect(loan.status).toBe('agreementAssigned');
    expect(loan.agreementAcceptedAt?.toISOString()).toBe(new Date(NOW).toISOString());
    expect(loan.payoutDueAt?.getTime()).toBe(Date.parse(NOW) + PAYOUT_DELAY_MS);
    const history = await historyOf(who.loanId);
    expect(history.map((row) => [row.fromStatus, row.toStatus, row.changedBy, row.reason])).toEqual([
      [null, 'requested', 'customer', null],
      ['requested', 'agreementAssigned', 'customer', 'agreementAccepted'],
    ]);
    expect(nudged).toEqual([who.loanId]);
  });

  it('answers a retry with the same Idempotency-Key with the first answer, and a second press with true, changing nothing', async () => {
    const who = await requestedLoan(t);
    const key = randomUUID();
    const first = await assign(t, who, { loanId: who.loanId, acceptAgreement: true }, key);
    expect(first.statusCode).toBe(200);
    const acceptedAt = (await loanRow(who.loanId)).agreementAcceptedAt;

    t.clock.advance(5_000);
    const nudged: number[] = [];
    t.app.onAgreementAssigned = (loanId) => nudged.push(loanId);
    const retry = await assign(t, who, { loanId: who.loanId, acceptAgreement: true }, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(first.body);

    const secondPress = await assign(t, who, { loanId: who.loanId, acceptAgreement: true });
    expect(secondPress.json()).toEqual({ data: true });
    expect((await loanRow(who.loanId)).agreementAcceptedAt).toEqual(acceptedAt);
    expect(await historyOf(who.loanId)).toHaveLength(2);
    expect(nudged).toEqual([]);
  });

  it('accepts once when two presses with different keys arrive together (one history row, one nudge)', async () => {
    const who = await requestedLoan(t);
    const nudged: number[] = [];
    t.app.onAgreementAssigned = (loanId) => nudged.push(loanId);
    const answers = await Promise.all(
      [0, 1, 2].map(() => assign(t, who, { loanId: who.loanId, acceptAgreement: true })),
    );
    expect(answers.map((answer) => answer.json())).toEqual([{ data: true }, { data: true }, { data: true }]);
    expect((await historyOf(who.loanId)).filter((row) => row.toStatus === 'agreementAssigned')).toHaveLength(1);
    expect(nudged).toEqual([who.loanId]);
  });

  it('answers true even when the payout nudge throws (the acceptance is committed)', async () => {
    const who = await requestedLoan(t);
    t.app.onAgreementAssigned = () => {
      throw new Error('payout job down');
    };
    const response = await assign(t, who, { loanId: who.loanId, acceptAgreement: true });
    expect(response.json()).toEqual({ data: true });
    expect((await loanRow(who.loanId)).status).toBe('agreementAssigned');
  });

  it('refuses acceptAgreement false with AgreementNotAccepted and leaves the loan requested', async () => {
    const who = await requestedLoan(t);
    expectCode(await assign(t, who, { loanId: who.loanId, acceptAgreement: false }), 'AgreementNotAccepted');
    expect((await loanRow(who.loanId)).status).toBe('requested');
  });

  it("answers 404 LoanNotFound for another customer's loan and a missing one, 422 for a loan that is not requested", async () => {
    const owner = await requestedLoan(t);
    const other = await requestedLoan(t);
    const response = await assign(t, other, { loanId: owner.loanId, acceptAgreement: true });
    expect(response.statusCode).toBe(404);
    expect(errorName(response)).toBe('LoanNotFound');
    expect(response.json().errors[0].message).toBe('Préstamo no encontrado.');
    expect((await loanRow(owner.loanId)).status).toBe('requested');

    const missing = await assign(t, owner, { loanId: 2_000_000_000, acceptAgreement: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe(response.body);

    await t.db.update(loans).set({ status: 'cancelled' }).where(eq(loans.id, owner.loanId));
    expectCode(await assign(t, owner, { loanId: owner.loanId, acceptAgreement: true }), 'LoanNotFound');
    expect((await loanRow(owner.loanId)).status).toBe('cancelled');
  });

  it('answers InvalidEmailWithUpdateRequest for an e-mail that is not an address or is on a disposable domain', async () => {
    for (const email of ['ana.prueba@@example.com', `ana.${randomUUID()}@yopmail.com`, 'ana@correo.mailinator.com']) {
      const who = await requestedLoan(t, { customer: { email } });
      expectCode(await assign(t, who, { loanId: who.loanId, acceptAgreement: true }), 'InvalidEmailWithUpdateRequest');
      expect((await loanRow(who.loanId)).status).toBe('requested');
    }
  });

  it('answers EmailNotAvailable while another customer holds the same e-mail, and accepts after AddNewEmailPost', async () => {
    const email = `compartido.${randomUUID()}@example.com`;
    await createCustomer(t, { email: email.toUpperCase() });
    const who = await requestedLoan(t, { customer: { email } });
    expectCode(await assign(t, who, { loanId: who.loanId, acceptAgreement: true }), 'EmailNotAvailable');

    const update = await t.app.inject({
      method: 'POST',
      url: '/api/customer/communication',
      headers: who.headers,
      payload: { type: 'email', subType: 'personal', value: `nuevo.${randomUUID()}@example.com` },
    });
    expect(update.statusCode, update.body).toBe(200);
    const retry = await assign(t, who, { loanId: who.loanId, acceptAgreement: true });
    expect(retry.json()).toEqual({ data: true });
  });

  it('answers CustomerBlackListedWithSuspiciousLoan with the card verification text when the customer is blacklisted', async () => {
    const who = await requestedLoan(t);
    await t.db.update(customers).set({ isBlacklist: true }).where(eq(customers.id, who.customer.id));
    const response = await assign(t, who, { loanId: who.loanId, acceptAgreement: true });
    expectCode(response, 'CustomerBlackListedWithSuspiciousLoan');
    expect(response.json().errors[0].message).toBe(
      'Para continuar con el proceso de solicitud de tu préstamo debes verificar tu tarjeta.',
    );
    expect((await loanRow(who.loanId)).status).toBe('requested');
    expect(await historyOf(who.loanId)).toHaveLength(1);
  });

  it('needs a session and an Idempotency-Key', async () => {
    const who = await requestedLoan(t);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/loan/assignAgreement',
      headers: { 'idempotency-key': randomUUID() },
      payload: { loanId: who.loanId, acceptAgreement: true },
    });
    expect(anonymous.statusCode).toBe(401);
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/loan/assignAgreement',
      headers: who.headers,
      payload: { loanId: who.loanId, acceptAgreement: true },
    });
    expect(noKey.statusCode).toBe(400);
  });
});

describe('AddNewEmailPost: the e-mail update', () => {
  const update = (headers: Record<string, string>, value: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/customer/communication',
      headers,
      payload: { type: 'email', subType: 'personal', value },
    });
  const emailOf = async (id: number) =>
    (await t.db.select({ email: customers.email }).from(customers).where(eq(customers.id, id)))[0]!.email;

  it('stores the new address trimmed and in lower case', async () => {
    const who = await login(t, { status: 'systemApproved' });
    const fresh = `Nueva.Direccion.${randomUUID()}@Example.com`;
    const response = await update(who.headers, `  ${fresh} `);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: true });
    expect(await emailOf(who.customer.id)).toBe(fresh.toLowerCase());
    // The same address again is accepted (nothing changes).
    expect((await update(who.headers, fresh)).statusCode).toBe(200);
  });

  it("refuses 'Email no válido', a disposable domain and another customer's address, keeping the old one", async () => {
    const who = await login(t, { status: 'systemApproved' });
    const before = await emailOf(who.customer.id);
    const invalid = await update(who.headers, 'no-es-un-email');
    expectCode(invalid, 'InvalidEmail');
    expect(invalid.json().errors[0].message).toBe('Email no válido');
    expectCode(await update(who.headers, 'alguien@yopmail.com'), 'InvalidEmailWithUpdateRequest');
    const taken = `ocupado.${randomUUID()}@example.com`;
    await createCustomer(t, { email: taken });
    expectCode(await update(who.headers, taken.toUpperCase()), 'EmailNotAvailable');
    expect(await emailOf(who.customer.id)).toBe(before);
  });

  it('needs a session and the contract shape (type email, subType personal)', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/customer/communication',
      payload: { type: 'email', subType: 'personal', value: 'a@example.com' },
    });
    expect(anonymous.statusCode).toBe(401);
    const who = await login(t, { status: 'systemApproved' });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/customer/communication',
      headers: who.headers,
      payload: { type: 'phone', subType: 'personal', value: 'a@example.com' },
    });
    expect(wrong.statusCode).toBe(400);
  });
});
