import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installments, loans } from '../../src/server/db/schema/index.ts';
import { errorCodes } from '../../src/shared/api/errors.ts';
import { MINI_LOAN_DEFINITION } from '../../src/shared/loan/loan-definition.ts';
import { formatPercent } from '../../src/shared/money.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createRunningLoan } from './helpers/running-loans.ts';
import { borrower, errorName, NOW, requestLoan, type Borrower } from './helpers/loan-request.ts';

/**
 * RequestLoanPost, LoanOfferDocumentsPost and AgreementPost selling the minipréstamo (`loanProduct: 'mini'`,
 * docs/rules/loan-request.md): the product's bounds and the customer's minipréstamo limit, one repayment on a date of
 * the first repayment window, the interest-free first loan decided by the server, and documents with the loan's own
 * figures. The clock is Tuesday 24 November 2026 in Madrid: the window runs from Monday 30/11 (+6 days) to Monday
 * 28/12 (+31 = Friday 25/12, Navidad, moved past the weekend); 08/12 is a national holiday.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW });
});
afterAll(() => t.close());

const TODAY = '2026-11-24';
type Text = { type: string; title: string; agreement: string };

/** A minipréstamo request: `amount` € repaid once on `date`. */
const miniBody = (who: Borrower, amount: number, date = '2026-12-01', overrides: Record<string, unknown> = {}) => ({
  product: amount,
  loanProduct: 'mini',
  installment: 1,
  firstRepaymentDate: date,
  accountId: who.accountId,
  cardId: who.cardId,
  paymentDates: [date],
  ...overrides,
});

const loansOf = (customerId: number) => t.db.select().from(loans).where(eq(loans.customerId, customerId));
const planOf = (loanId: number) =>
  t.db.select().from(installments).where(eq(installments.loanId, loanId)).orderBy(asc(installments.number));

/** The interest an independent computation gives: amount × 0,75 % × days, rounded half away from zero, in cents. */
const interestCents = (amountEuros: number, days: number) => Math.round(amountEuros * 100 * 0.0075 * days);

async function refused(who: Borrower, body: Record<string, unknown>, code: keyof typeof errorCodes) {
  const response = await requestLoan(t, who, body);
  expect(response.statusCode, `${JSON.stringify(body)} → ${response.body}`).toBe(errorCodes[code].status);
  expect(errorName(response)).toBe(code);
  expect(await loansOf(who.customer.id)).toHaveLength(0);
}

/** The visible text of a document's HTML. */
const visible = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&#160;/g, '\u00a0')
    .replace(/&amp;/g, '&')
    .replace(/[ \t\r\n]+/g, ' ');

describe('RequestLoanPost: the minipréstamo', () => {
  it('an FTB customer gets the interest-free first loan: 300 € repaid once, 300 € on the date, the mini definition', async () => {
    const who = await borrower(t);
    const response = await requestLoan(t, who, miniBody(who, 300));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.result).toBe('success');
    const [loan] = await loansOf(who.customer.id);
    expect(loan).toMatchObject({
      amountCents: 30_000,
      loanDefinitionId: MINI_LOAN_DEFINITION.id,
      interestFree: true,
      installmentCount: 1,
      firstRepaymentDate: '2026-12-01',
      status: 'requested',
    });
    expect(await planOf(loan!.id)).toMatchObject([
      { number: 1, expectedDate: '2026-12-01', baseCents: 30_000, interestCents: 0, totalCents: 30_000 },
    ]);
  });

  it('above 300 € the first loan is priced on the whole amount: 350 € for 7 days → 18,38 € of interest', async () => {
    const who = await borrower(t, { miniLimitEuros: 400 });
    const response = await requestLoan(t, who, miniBody(who, 350));
    expect(response.statusCode, response.body).toBe(200);
    const [loan] = await loansOf(who.customer.id);
    expect(loan!.interestFree).toBe(false);
    expect(await planOf(loan!.id)).toMatchObject([
      { baseCents: 35_000, interestCents: interestCents(350, 7), totalCents: 35_000 + interestCents(350, 7) },
    ]);
    expect(interestCents(350, 7)).toBe(1_838);
  });

  it('the 0 % is not for a customer who had a loan (RTB): 300 € for 28 days costs 63,00 €', async () => {
    const who = await borrower(t, { customer: { status: 'securityChecked', isRtb: true } });
    await createRunningLoan(t, who.customer.id, { nextDue: '2026-08-01', status: 'repaid', paid: 12 });
    const response = await requestLoan(t, who, miniBody(who, 300, '2026-12-22'));
    expect(response.statusCode, response.body).toBe(200);
    const mini = (await loansOf(who.customer.id)).find((loan) => loan.loanDefinitionId === MINI_LOAN_DEFINITION.id);
    expect(mini!.interestFree).toBe(false);
    expect(await planOf(mini!.id)).toMatchObject([{ interestCents: 6_300, totalCents: 36_300 }]);
  });

  it('amounts: 100 and 600 € are taken, 99, 125 and 601 € are InvalidLoanAmount, over the mini limit CreditLimitExceeded', async () => {
    const lowest = await borrower(t);
    expect((await requestLoan(t, lowest, miniBody(lowest, 100))).statusCode).toBe(200);
    const highest = await borrower(t, { miniLimitEuros: 600 });
    const taken = await requestLoan(t, highest, miniBody(highest, 600));
    expect(taken.statusCode, taken.body).toBe(200);
    const [loan] = await loansOf(highest.customer.id);
    expect(await planOf(loan!.id)).toMatchObject([{ interestCents: interestCents(600, 7) }]);

    const who = await borrower(t, { miniLimitEuros: 600 });
    await refused(who, miniBody(who, 99), 'InvalidLoanAmount');
    await refused(who, miniBody(who, 125), 'InvalidLoanAmount');
    await refused(who, miniBody(who, 601), 'InvalidLoanAmount');
    await refused(who, miniBody(who, 650), 'InvalidLoanAmount');
    const limited = await borrower(t);
    await refused(limited, miniBody(limited, 350), 'CreditLimitExceeded');
    const none = await borrower(t, { miniLimitEuros: 0 });
    await refused(none, miniBody(none, 100), 'CreditLimitExceeded');
  });

  it('dates: 5 days is before the window, 6 is its first day; a weekend, a holiday and past the window are refused', async () => {
    const who = await borrower(t);
    await refused(who, miniBody(who, 200, '2026-11-29'), 'InvalidFirstRepaymentDate');
    await refused(who, miniBody(who, 200, '2026-12-05'), 'InvalidFirstRepaymentDate');
    await refused(who, miniBody(who, 200, '2026-12-08'), 'InvalidFirstRepaymentDate');
    await refused(who, miniBody(who, 200, '2026-12-29'), 'InvalidFirstRepaymentDate');
    const six = await requestLoan(t, who, miniBody(who, 200, '2026-11-30'));
    expect(six.statusCode, six.body).toBe(200);
    const last = await borrower(t);
    expect((await requestLoan(t, last, miniBody(last, 200, '2026-12-28'))).statusCode).toBe(200);
  });

  it('one repayment: 2 instalments, or payment dates other than the first repayment date alone, are refused', async () => {
    const who = await borrower(t);
    await refused(who, miniBody(who, 200, '2026-12-01', { installment: 12 }), 'InstallmentOptionNotAvailable');
    await refused(
      who,
      miniBody(who, 200, '2026-12-01', { installment: 2, paymentDates: ['2026-12-01', '2027-01-01'] }),
      'InstallmentOptionNotAvailable',
    );
    await refused(who, miniBody(who, 200, '2026-12-01', { paymentDates: ['2026-12-02'] }), 'InvalidPaymentDates');
  });

  it('one active loan at a time: a second minipréstamo, or an instalment loan beside one, is ActiveLoanExists', async () => {
    const who = await borrower(t);
    expect((await requestLoan(t, who, miniBody(who, 200))).statusCode).toBe(200);
    const again = await requestLoan(t, who, miniBody(who, 100));
    expect(errorName(again)).toBe('ActiveLoanExists');
    const running = await borrower(t);
    await createRunningLoan(t, running.customer.id, { nextDue: '2026-12-10' });
    const refusedMini = await requestLoan(t, running, miniBody(running, 100));
    expect(errorName(refusedMini)).toBe('ActiveLoanExists');
    expect(await loansOf(who.customer.id)).toHaveLength(1);
  });

  it('is idempotent: the same key twice gives one loan and the same answer', async () => {
    const who = await borrower(t);
    const key = randomUUID();
    const first = await requestLoan(t, who, miniBody(who, 300), key);
    const second = await requestLoan(t, who, miniBody(who, 300), key);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await loansOf(who.customer.id)).toHaveLength(1);
  });
});

describe('the minipréstamo documents', () => {
  const offerDocuments = (who: Borrower, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/loan/offerDocuments', headers: who.headers, payload: body });
  const offerOf = (who: Borrower, amount: number, date?: string) => {
    const { product, loanProduct, installment, firstRepaymentDate, accountId, paymentDates } = miniBody(
      who,
      amount,
      date,
    );
    return { product, loanProduct, installment, firstRepaymentDate, accountId, paymentDates };
  };

  it('the FTB offer of 300 €: every document says 0 % and 300 €, and what is owed if it is not repaid on the date', async () => {
    const who = await borrower(t);
    const response = await offerDocuments(who, offerOf(who, 300));
    expect(response.statusCode, response.body).toBe(200);
    const byType = Object.fromEntries(
      (response.json().data as Text[]).map((text) => [text.type, visible(text.agreement)]),
    );
    const lapsed = interestCents(300, 7);
    expect(lapsed).toBe(1_575);
    for (const type of ['preContractInformation', 'agreement']) {
      const text = byType[type]!;
      expect(text, type).toContain('300,00\u00a0€');
      expect(text, type).toContain('0,00 %: primer préstamo sin intereses');
      expect(text, type).toContain('Tasa anual equivalente (TAE) 0,0 %');
      // Both figures: 300,00 € on the date; 15,75 € of interest and 315,75 € if it is not.
      expect(text, type).toContain('si se devuelven 300,00\u00a0€ el 01/12/2026');
      expect(text, type).toContain('15,75\u00a0€, es decir, un total de 315,75\u00a0€');
      expect(text, type).toContain('273,75 % anual, 0,75 % diario');
    }
    expect(byType['agreement']).toContain('Un solo pago el 01/12/2026 (7 días)');
    expect(byType['preContractInformation']).toContain(
      'Préstamo al consumo a corto plazo, de un solo pago (Minipréstamo)',
    );
    expect(byType['preContractInformation']).toContain('Un solo pago de 300,00\u00a0€ el 01/12/2026.');
    expect(byType['loanExplanation']).toContain(
      'Un minipréstamo de 300,00\u00a0€ que devuelves en un solo pago de 300,00\u00a0€ el 01/12/2026',
    );
    expect(byType['loanExplanation']).toContain('deberás 15,75\u00a0€ de intereses, 315,75\u00a0€ en total');
    expect(byType['termsAndConditions']).toContain('0,75 % diario (273,75 % anual)');
  });

  it('a priced offer (600 € for 28 days) prints its own interest, TIN and TAE, and the signed loan shows the same figures', async () => {
    const who = await borrower(t, { miniLimitEuros: 600 });
    const offer = offerOf(who, 600, '2026-12-22');
    const response = await offerDocuments(who, offer);
    expect(response.statusCode, response.body).toBe(200);
    const texts = response.json().data as Text[];
    const plans = await t.app.inject({
      method: 'POST',
      url: '/api/loan/paymentPlans',
      headers: who.headers,
      payload: [{ product: 'mini', amount: 600, issueDate: TODAY, paymentDates: ['2026-12-22'] }],
    });
    const [plan] = plans.json().data as Array<{ taePercent: number; interestFree: boolean }>;
    expect(plan!.interestFree).toBe(false);
    const tae = `Tasa anual equivalente (TAE) ${formatPercent(plan!.taePercent, 1)}`;
    expect(plan!.taePercent).toBeGreaterThan(1000);
    const agreement = visible(texts.find((text) => text.type === 'agreement')!.agreement);
    expect(agreement).toContain('126,00\u00a0€');
    expect(agreement).toContain('726,00\u00a0€');
    expect(agreement).toContain('273,75 % anual (0,75 % diario), fijo');
    expect(agreement).toContain(tae);
    expect(agreement).not.toContain('primer préstamo sin intereses');

    const requested = await requestLoan(t, who, miniBody(who, 600, '2026-12-22'));
    expect(requested.statusCode, requested.body).toBe(200);
    const [loan] = await loansOf(who.customer.id);
    for (const type of ['loanExplanation', 'preContractInformation', 'agreement']) {
      const saved = await t.app.inject({
        method: 'GET',
        url: `/api/loan/agreements/${type}?loanId=${loan!.id}`,
        headers: who.headers,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const shown = visible(texts.find((text) => text.type === type)!.agreement);
      const figures = (text: string) => text.match(/\d[\d.]*,\d+\s?(?:€|%)|\d{2}\/\d{2}\/\d{4}/g) ?? [];
      expect(figures(visible(saved.json().data.agreement)), type).toEqual(figures(shown));
    }
  });

  it('an offer the customer could not take gets no document: over the mini limit, a weekend date', async () => {
    const who = await borrower(t);
    const over = await offerDocuments(who, offerOf(who, 400));
    expect(errorName(over)).toBe('CreditLimitExceeded');
    const weekend = await offerDocuments(who, offerOf(who, 200, '2026-12-05'));
    expect(errorName(weekend)).toBe('InvalidFirstRepaymentDate');
  });

  it("AgreementPost prices a visitor's minipréstamo of 300 € as the interest-free first loan", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/loan/agreements',
      payload: {
        loanProduct: 'mini',
        loanAmount: 300,
        createdDate: TODAY,
        installments: [
          { initialBase: 300, initialCalculatedInterest: 99, expectedDate: '2026-12-14', totalPayment: 399 },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const agreement = visible((response.json().data as Text[])[0]!.agreement);
    // The client's 99 € of interest is not printed: the server priced it (0 %, and 45,00 € if it lapses: 20 days).
    expect(agreement).not.toContain('99,00');
    expect(agreement).toContain('0,00 %: primer préstamo sin intereses');
    expect(agreement).toContain('45,00\u00a0€, es decir, un total de 345,00\u00a0€');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/loan/agreements',
      payload: {
        loanProduct: 'mini',
        loanAmount: 320,
        createdDate: TODAY,
        installments: [
          { initialBase: 320, initialCalculatedInterest: 0, expectedDate: '2026-12-14', totalPayment: 320 },
        ],
      },
    });
    expect(errorName(wrong)).toBe('InvalidLoanAmount');
  });
});
