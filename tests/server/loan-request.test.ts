import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  communicationPermissionHistory,
  communicationPermissions,
  installments,
  loanFlowDrafts,
  loans,
  loanStatusHistory,
} from '../../src/server/db/schema/index.ts';
import { errorCodes } from '../../src/shared/api/errors.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createRunningLoan } from './helpers/running-loans.ts';
import {
  borrower,
  errorName,
  FIRST_DATE,
  NOW,
  requestBody,
  requestLoan,
  type Borrower,
} from './helpers/loan-request.ts';

/** RequestLoanPost's `message` for each result, word for word as the customer reads it. */
const LOAN_REQUEST_RESULT_MESSAGES = {
  success: 'Hemos recibido tu solicitud de préstamo. Revisa y acepta el contrato para continuar.',
  cardEntryRequired:
    'Hemos recibido tu solicitud de préstamo. Para continuar, introduce los datos de tu tarjeta de débito.',
  hasRestructuredLoan: 'Lo sentimos, no puedes solicitar un nuevo préstamo mientras tengas un préstamo reestructurado.',
  noValidAccount:
    'Lo sentimos, la cuenta bancaria seleccionada no está activa y no podemos ingresarte el préstamo en ella.',
};

/**
 * RequestLoanPost re-checks every rule of the request form on the server (second document §5, §9, §4;
 * docs/rules/loan-request.md "Loan request"), each refusal with its §8 code, and creates the requested loan with its
 * plan.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW });
});
afterAll(() => t.close());

const loansOf = (customerId: number) => t.db.select().from(loans).where(eq(loans.customerId, customerId));

async function refused(who: Borrower, overrides: Record<string, unknown>, code: string, accountId?: unknown) {
  const response = await requestLoan(t, who, requestBody(who, overrides), undefined, accountId);
  expect(response.statusCode, `${JSON.stringify(overrides)} → ${response.body}`).toBe(
    (errorCodes as Record<string, { status: number }>)[code]!.status,
  );
  expect(errorName(response)).toBe(code);
  expect(response.json().errors[0].message).toBe((errorCodes as Record<string, { message: string }>)[code]!.message);
  expect(await loansOf(who.customer.id)).toHaveLength(0);
  return response;
}

describe('RequestLoanPost: a valid request', () => {
  it('creates the requested loan (cents, the plan, a history row), answers success and deletes the saved flow', async () => {
    const who = await borrower(t);
    await t.db.insert(loanFlowDrafts).values({
      customerId: who.customer.id,
      flowId: 'flow-abcdefgh',
      step: 'loanRequest',
      flow: '{}',
      expiresAt: new Date(Date.parse(NOW) + 86_400_000),
    });
    const response = await requestLoan(t, who, requestBody(who));
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    const [loan] = await loansOf(who.customer.id);
    expect(data).toEqual({
      result: 'success',
      subReason: null,
      message: LOAN_REQUEST_RESULT_MESSAGES.success,
      journey: {
        documents: [],
        cardProvided: true,
        loanDetails: { loanId: loan!.id, loanAmount: 2500, status: 'requested' },
      },
    });
    expect(loan).toMatchObject({
      status: 'requested',
      amountCents: 250_000,
      installmentCount: 12,
      issueDate: '2026-11-24',
      firstRepaymentDate: FIRST_DATE,
      toAccountId: who.accountId,
      cardId: who.cardId,
    });
    const plan = await t.db
      .select()
      .from(installments)
      .where(eq(installments.loanId, loan!.id))
      .orderBy(asc(installments.number));
    expect(plan).toHaveLength(12);
    expect(plan.map((item) => item.expectedDate)).toEqual(requestBody(who).paymentDates);
    expect(plan.reduce((sum, item) => sum + item.baseCents, 0)).toBe(250_000);
    expect(
      plan.every((item) => item.status === 'notPaid' && item.totalCents === item.baseCents + item.interestCents),
    ).toBe(true);
    const history = await t.db.select().from(loanStatusHistory).where(eq(loanStatusHistory.loanId, loan!.id));
    expect(history).toMatchObject([{ fromStatus: null, toStatus: 'requested', changedBy: 'customer' }]);
    expect(await t.db.select().from(loanFlowDrafts).where(eq(loanFlowDrafts.customerId, who.customer.id))).toEqual([]);

    // The loan holds the limit: 3.000 € − 2.500 € owed = 500 € available, and a second request is refused.
    const limit = await t.app.inject({ url: '/api/customer/creditlimit', headers: who.headers });
    expect(limit.json()).toEqual({ data: { availableLimit: 500, miniAvailableLimit: 0 } });
    const again = await requestLoan(t, who, requestBody(who));
    expect(errorName(again)).toBe('ActiveLoanExists');
    expect(await loansOf(who.customer.id)).toHaveLength(1);
  });

  it("the form's consent box ticked stores every channel as the customer's choice (source loanRequest); unticked withdraws nothing", async () => {
    const ticked = await borrower(t);
    expect((await requestLoan(t, ticked, requestBody(ticked, { acceptCommunications: true }))).statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(communicationPermissionHistory)
        .where(eq(communicationPermissionHistory.customerId, ticked.customer.id)),
    ).toMatchObject([{ allowEmail: true, allowSms: true, allow3CxCalls: true, source: 'loanRequest' }]);

    const unticked = await borrower(t);
    await t.db
      .insert(communicationPermissions)
      .values({ customerId: unticked.customer.id, allowEmail: true, allowSms: false, allow3CxCalls: false });
    expect((await requestLoan(t, unticked, requestBody(unticked, { acceptCommunications: false }))).statusCode).toBe(
      200,
    );
    expect(
      await t.db
        .select()
        .from(communicationPermissions)
        .where(eq(communicationPermissions.customerId, unticked.customer.id)),
    ).toMatchObject([{ allowEmail: true, allowSms: false, allow3CxCalls: false }]);
    expect(
      await t.db
        .select()
        .from(communicationPermissionHistory)
        .where(eq(communicationPermissionHistory.customerId, unticked.customer.id)),
    ).toEqual([]);
  });

  it('answers cardEntryRequired when the customer has no card, or only a card that is not valid yet', async () => {
    const noCard = await borrower(t, { card: null });
    const response = await requestLoan(t, noCard, requestBody(noCard, { cardId: null }));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      result: 'cardEntryRequired',
      subReason: null,
      message: LOAN_REQUEST_RESULT_MESSAGES.cardEntryRequired,
      journey: { cardProvided: false, loanDetails: { loanAmount: 2500, status: 'requested' } },
    });
    const withoutField = await borrower(t, { card: null });
    const { cardId: _omitted, ...body } = requestBody(withoutField);
    expect((await requestLoan(t, withoutField, body)).json().data.result).toBe('cardEntryRequired');

    const invalidCard = await borrower(t, { card: 'NotValidatedYet' });
    expect((await requestLoan(t, invalidCard, requestBody(invalidCard))).json().data.result).toBe('cardEntryRequired');
  });

  it('accepts every amount from 2.500 € to availableLimit + 500 € in steps of 500 €', async () => {
    for (const product of [2500, 3000, 3500]) {
      const who = await borrower(t, { limitEuros: 3000 });
      const response = await requestLoan(t, who, requestBody(who, { product }));
      expect(response.statusCode, `${product}: ${response.body}`).toBe(200);
      expect((await loansOf(who.customer.id))[0]!.amountCents).toBe(product * 100);
    }
  });
});

describe('RequestLoanPost: every rule, with its code', () => {
  it('amount: under 2.500 €, off the 500 € step or with cents → InvalidLoanAmount; over limit + 500 € → CreditLimitExceeded', async () => {
    const who = await borrower(t, { limitEuros: 3000 });
    for (const product of [2000, 500, 2750, 3000.5]) await refused(who, { product }, 'InvalidLoanAmount');
    for (const product of [4000, 10_000]) await refused(who, { product }, 'CreditLimitExceeded');
    const none = await borrower(t, { limitEuros: 0 });
    await refused(none, { product: 2500 }, 'CreditLimitExceeded');
  });

  it('the limit left by open loans counts: the available limit, not the credit limit', async () => {
    const who = await borrower(t, { limitEuros: 5000 });
    // A cancelled loan holds nothing; a repaid one neither.
    await createRunningLoan(t, who.customer.id, { nextDue: '2026-08-01', status: 'cancelled' });
    await createRunningLoan(t, who.customer.id, { nextDue: '2026-08-01', status: 'repaid', paid: 12 });
    const limit = await t.app.inject({ url: '/api/customer/creditlimit', headers: who.headers });
    expect(limit.json()).toEqual({ data: { availableLimit: 5000, miniAvailableLimit: 300 } });
    const response = await requestLoan(t, who, requestBody(who, { product: 5500 }));
    expect(response.statusCode, response.body).toBe(200);
  });

  it('instalments: only 12 is enabled; 16, 20, 24 and anything else → InstallmentOptionNotAvailable', async () => {
    const who = await borrower(t);
    for (const installment of [16, 20, 24, 6, 1]) await refused(who, { installment }, 'InstallmentOptionNotAvailable');
  });

  it('first repayment date: before today + 6, after the latest date, a weekend or a holiday → InvalidFirstRepaymentDate', async () => {
    const who = await borrower(t);
    for (const date of [
      '2026-11-24',
      '2026-11-27',
      '2026-12-05',
      '2026-12-06',
      '2026-12-08',
      '2026-12-25',
      '2026-12-29',
      '2027-01-04',
    ])
      await refused(who, { firstRepaymentDate: date }, 'InvalidFirstRepaymentDate');
    // The window's ends are selectable: 30/11/2026 and 28/12/2026 (31 days ahead is Navidad, moved to Monday).
    for (const date of ['2026-11-30', '2026-12-28']) {
      const ok = await borrower(t);
      const response = await requestLoan(t, ok, requestBody(ok, { firstRepaymentDate: date }));
      expect(response.statusCode, `${date}: ${response.body}`).toBe(200);
    }
  });

  it('payment dates: not starting on the first repayment date, not `installment` of them, not monthly → InvalidPaymentDates', async () => {
    const who = await borrower(t);
    const good = requestBody(who).paymentDates;
    await refused(
      who,
      { paymentDates: requestBody(who, { firstRepaymentDate: '2026-12-02' }).paymentDates },
      'InvalidPaymentDates',
    );
    await refused(who, { paymentDates: good.slice(0, 11) }, 'InvalidPaymentDates');
    await refused(who, { paymentDates: [...good.slice(0, 11), '2027-11-30'] }, 'InvalidPaymentDates');
    await refused(who, { paymentDates: good.map((_, index) => `2027-0${1 + (index % 9)}-01`) }, 'InvalidPaymentDates');
  });

  it("account: another customer's account or an unknown one → BankAccountNotFound without their data; inactive → failed noValidAccount", async () => {
    const who = await borrower(t);
    const other = await borrower(t);
    const response = await refused(who, { accountId: other.accountId }, 'BankAccountNotFound');
    expect(response.body).not.toContain('ES00TEST');
    await refused(who, { accountId: 2_000_000_000 }, 'BankAccountNotFound');
    // The query's accountId must be the body's.
    await refused(who, {}, 'BankAccountNotFound', other.accountId);

    const inactive = await borrower(t, { accountStatus: 'inactive' });
    const failed = await requestLoan(t, inactive, requestBody(inactive));
    expect(failed.statusCode).toBe(200);
    expect(failed.json().data).toEqual({
      result: 'failed',
      subReason: 'noValidAccount',
      message: LOAN_REQUEST_RESULT_MESSAGES.noValidAccount,
      journey: { documents: [], cardProvided: true, loanDetails: null },
    });
    expect(await loansOf(inactive.customer.id)).toHaveLength(0);
  });

  it("card: required when the customer has cards; another customer's or a deleted one → CardNotFound", async () => {
    const who = await borrower(t);
    const other = await borrower(t);
    await refused(who, { cardId: null }, 'CardNotFound');
    await refused(who, { cardId: other.cardId }, 'CardNotFound');
    const noCard = await borrower(t, { card: null });
    await refused(noCard, { cardId: other.cardId }, 'CardNotFound');
    const deleted = await borrower(t, { card: 'Deleted' });
    await refused(deleted, {}, 'CardNotFound');
  });

  it('customer: blacklisted → CustomerBlacklisted; under 18 or over 75 → EligibleAgeError; a status that cannot request → NotAllowedCustomerStatus', async () => {
    await refused(await borrower(t, { customer: { isBlacklist: true } }), {}, 'CustomerBlacklisted');
    await refused(await borrower(t, { customer: { birthDate: '2008-11-25' } }), {}, 'EligibleAgeError');
    await refused(await borrower(t, { customer: { birthDate: '1950-11-23' } }), {}, 'EligibleAgeError');
    for (const status of ['declined', 'registered', 'preRegistered', 'externalCollection', 'fraud'] as const)
      await refused(await borrower(t, { customer: { status } }), {}, 'NotAllowedCustomerStatus');
    const returning = await borrower(t, { customer: { status: 'securityChecked', isRtb: true } });
    expect((await requestLoan(t, returning, requestBody(returning))).statusCode).toBe(200);
    const eighteen = await borrower(t, { customer: { birthDate: '2008-11-24' } });
    expect((await requestLoan(t, eighteen, requestBody(eighteen))).statusCode).toBe(200);
  });

  it('an issued, arranged, requested or agreementAssigned loan → ActiveLoanExists', async () => {
    for (const status of ['issued', 'arranged', 'requested', 'agreementAssigned'] as const) {
      const who = await borrower(t, { limitEuros: 10_000 });
      await createRunningLoan(t, who.customer.id, { nextDue: '2026-12-10', status });
      const response = await requestLoan(t, who, requestBody(who));
      expect(errorName(response), status).toBe('ActiveLoanExists');
      expect(await loansOf(who.customer.id)).toHaveLength(1);
    }
  });

  it('a restructured loan that is not over → failed hasRestructuredLoan (CheckLoanByRestructuredPost says so first)', async () => {
    const who = await borrower(t, { limitEuros: 10_000 });
    const { loanId } = await createRunningLoan(t, who.customer.id, { nextDue: '2026-12-10', status: 'restructured' });
    const check = (customerId: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/loan/checkLoanByRestructured?customerId=${customerId}`,
        headers: who.headers,
      });
    expect((await check(who.customer.id)).json()).toEqual({
      data: { hasRestructuredLoan: true, canRequestLoan: false },
    });
    const response = await requestLoan(t, who, requestBody(who));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      result: 'failed',
      subReason: 'hasRestructuredLoan',
      message: LOAN_REQUEST_RESULT_MESSAGES.hasRestructuredLoan,
      journey: { documents: [], cardProvided: true, loanDetails: null },
    });
    expect(
      await t.db
        .select()
        .from(loans)
        .where(and(eq(loans.customerId, who.customer.id), eq(loans.status, 'requested'))),
    ).toEqual([]);

    // Once it is repaid, the customer may request again.
    await t.db.update(loans).set({ status: 'repaid' }).where(eq(loans.id, loanId));
    expect((await check(who.customer.id)).json()).toEqual({
      data: { hasRestructuredLoan: false, canRequestLoan: true },
    });
    expect((await requestLoan(t, who, requestBody(who))).json().data.result).toBe('success');

    // Another customer's id: not found, never their answer.
    const other = await borrower(t);
    const notFound = await check(other.customer.id);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().data).toBeUndefined();
  });

  it('needs a session and an Idempotency-Key; bad input is a 400 in the error shape', async () => {
    const who = await borrower(t);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/loan/requestLoan?accountId=${who.accountId}`,
      headers: { 'idempotency-key': 'k-anon' },
      payload: requestBody(who),
    });
    expect(anonymous.statusCode).toBe(401);
    const noKey = await t.app.inject({
      method: 'POST',
      url: `/api/loan/requestLoan?accountId=${who.accountId}`,
      headers: who.headers,
      payload: requestBody(who),
    });
    expect(noKey.statusCode).toBe(400);
    for (const bad of [{ product: -1 }, { installment: 'doce' }, { firstRepaymentDate: '2026-02-30' }, { extra: 1 }]) {
      const response = await requestLoan(t, who, { ...requestBody(who), ...bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(errorName(response)).toBe('ValidationError');
    }
    expect(await loansOf(who.customer.id)).toHaveLength(0);
  });
});
