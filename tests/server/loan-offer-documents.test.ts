import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '../../src/shared/api/errors.ts';
import { formatDate } from '../../src/shared/dates.ts';
import { SANDBOX_LENDER, type LenderIdentity } from '../../src/shared/lender.ts';
import { formatMoney, formatPercent } from '../../src/shared/money.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { borrower, errorName, NOW, requestBody, requestLoan, type Borrower } from './helpers/loan-request.ts';

/**
 * LoanOfferDocumentsPost: what the loan request form shows before the loan exists (the loan explanation, the terms,
 * the pre-contract information, the contract) is the offer on the form — the figures the form's summary shows
 * (PaymentPlansPost for the same amount and dates) and the figures of the loan RequestLoanPost then creates — and
 * an offer the customer could not request now gets no document.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW });
});
afterAll(() => t.close());

const TODAY = '2026-11-24';
type Text = { type: string; title: string; agreement: string };

const offerOf = (who: Borrower, overrides: Record<string, unknown> = {}) => {
  const { product, installment, firstRepaymentDate, accountId, paymentDates } = requestBody(who, overrides);
  return { product, installment, firstRepaymentDate, accountId, paymentDates };
};

const offerDocuments = (who: Borrower | null, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/loan/offerDocuments', headers: who?.headers ?? {}, payload: body });

/** The visible text of a document's HTML (tags out, entities of the formatter's output back). */
const visible = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&#160;/g, '\u00a0')
    .replace(/&amp;/g, '&')
    // Plain whitespace only: money keeps its no-break space before '€' (MONEY_SPACE).
    .replace(/[ \t\r\n]+/g, ' ');

/** Every amount, date and percentage a document prints, in order. */
const figures = (html: string) => visible(html).match(/\d[\d.]*,\d+\s?(?:€|%)|\d{2}\/\d{2}\/\d{4}/g) ?? [];

/** The summary the form shows for this offer: PaymentPlansPost for the amount and the dates, issued today. */
async function summaryOf(offer: ReturnType<typeof offerOf>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/loan/paymentPlans',
    payload: [{ amount: offer.product, issueDate: TODAY, paymentDates: offer.paymentDates }],
  });
  expect(response.statusCode, response.body).toBe(200);
  const [plan] = response.json().data as Array<{
    installments: Array<{ expectedDate: string; totalPayment: number; initialCalculatedInterest: number }>;
    taePercent: number;
  }>;
  const cents = (euros: number) => Math.round(euros * 100);
  const interest = plan!.installments.reduce((sum, item) => sum + cents(item.initialCalculatedInterest), 0);
  return {
    amount: formatMoney(cents(offer.product as number)),
    installment: formatMoney(cents(plan!.installments[0]!.totalPayment)),
    firstDate: formatDate(plan!.installments[0]!.expectedDate),
    lastDate: formatDate(plan!.installments.at(-1)!.expectedDate),
    tae: formatPercent(plan!.taePercent, 1),
    interest: formatMoney(interest),
    total: formatMoney(cents(offer.product as number) + interest),
    count: plan!.installments.length,
  };
}

const OFFERS = [
  { product: 2500, firstRepaymentDate: '2026-12-01' },
  { product: 3000, firstRepaymentDate: '2026-12-15' },
  { product: 3500, firstRepaymentDate: '2026-12-28' },
  { product: 4000, firstRepaymentDate: '2026-11-30' },
];

describe('LoanOfferDocumentsPost: the documents before the loan are the offer on the form', () => {
  for (const chosen of OFFERS) {
    it(`${chosen.product} € from ${chosen.firstRepaymentDate}: every figure is the summary's and the signed loan's`, async () => {
      const who = await borrower(t, { limitEuros: 4000 });
      const offer = offerOf(who, chosen);
      const response = await offerDocuments(who, offer);
      expect(response.statusCode, response.body).toBe(200);
      const texts = response.json().data as Text[];
      expect(texts.map((text) => text.type)).toEqual([
        'loanExplanation',
        'termsAndConditions',
        'preContractInformation',
        'agreement',
      ]);
      const summary = await summaryOf(offer);
      const byType = Object.fromEntries(texts.map((text) => [text.type, visible(text.agreement)]));
      for (const type of ['loanExplanation', 'preContractInformation', 'agreement']) {
        for (const [name, value] of Object.entries(summary)) {
          if (name === 'count') continue;
          expect(byType[type], `${type} shows the summary's ${name} ${value}`).toContain(value);
        }
      }
      expect(byType['loanExplanation']).toContain(`en ${summary.count} cuotas mensuales de ${summary.installment}`);
      // The definition's representative example (2.500 €, from today) is not what these documents describe.
      if (chosen.product !== 2500) expect(byType['loanExplanation']).not.toContain(formatMoney(250_000));

      // The loan RequestLoanPost creates from the same offer has the same documents, figure for figure.
      const requested = await requestLoan(t, who, requestBody(who, chosen), randomUUID());
      expect(requested.statusCode, requested.body).toBe(200);
      const loans = (
        await t.app.inject({ method: 'GET', url: '/api/loan/customerAllLoans', headers: who.headers })
      ).json().data as Array<{ id: number }>;
      expect(loans).toHaveLength(1);
      for (const type of ['loanExplanation', 'preContractInformation', 'agreement']) {
        const saved = await t.app.inject({
          method: 'GET',
          url: `/api/loan/agreements/${type}?loanId=${loans[0]!.id}`,
          headers: who.headers,
        });
        expect(saved.statusCode, saved.body).toBe(200);
        const shown = texts.find((text) => text.type === type)!;
        expect(figures(shown.agreement).length, `${type} prints its figures`).toBeGreaterThanOrEqual(5);
        expect(figures(saved.json().data.agreement), `${type} of the signed loan`).toEqual(figures(shown.agreement));
      }
    });
  }

  it('names the configured lender (LENDER_FILE) in the documents, never the sandbox one nor a «[…]» placeholder', async () => {
    const lender: LenderIdentity = {
      ...SANDBOX_LENDER,
      legalName: 'Crédito Ejemplo Financiación, S.A.',
      tradeName: 'Crédito Ejemplo',
      taxId: 'A87654323',
      registeredAddress: 'Avenida de América 1, 28002 Madrid',
      customerService: { ...SANDBOX_LENDER.customerService, freePhone: '900123456', freePhoneDisplay: '900 123 456' },
    };
    const file = join(mkdtempSync(join(tmpdir(), 'lender-')), 'lender.json');
    writeFileSync(file, JSON.stringify(lender));
    const other = await createTestApp({ rateLimit: false, now: NOW, database: t.handle, env: { LENDER_FILE: file } });
    try {
      const who = await borrower(other, { limitEuros: 4000 });
      const response = await other.app.inject({
        method: 'POST',
        url: '/api/loan/offerDocuments',
        headers: who.headers,
        payload: offerOf(who),
      });
      expect(response.statusCode, response.body).toBe(200);
      const texts = response.json().data as Text[];
      const byType = Object.fromEntries(texts.map((text) => [text.type, visible(text.agreement)]));
      for (const text of texts) {
        expect(visible(text.agreement), text.type).not.toMatch(/\[[^\]]*\]/);
        expect(visible(text.agreement), text.type).not.toContain(SANDBOX_LENDER.tradeName);
        if (text.type !== 'loanExplanation') expect(visible(text.agreement), text.type).toContain(lender.tradeName);
      }
      for (const value of [lender.legalName, lender.taxId, lender.registeredAddress, '900 123 456']) {
        expect(byType['preContractInformation']).toContain(value);
      }
      expect(byType['agreement']).toContain(
        `De una parte, ${lender.legalName}, con CIF ${lender.taxId} y domicilio social en ${lender.registeredAddress}`,
      );
    } finally {
      await other.app.close();
    }
  });

  it('refuses an offer this customer could not request now, with the error RequestLoanPost would give', async () => {
    const who = await borrower(t, { limitEuros: 3000 });
    const other = await borrower(t);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ accountId: other.accountId }, 'BankAccountNotFound'],
      [{ product: 4000 }, 'CreditLimitExceeded'],
      [{ product: 2750 }, 'InvalidLoanAmount'],
      [{ installment: 18 }, 'InstallmentOptionNotAvailable'],
      [{ firstRepaymentDate: '2026-12-06' }, 'InvalidFirstRepaymentDate'],
      [{ paymentDates: offerOf(who, { firstRepaymentDate: '2026-12-02' }).paymentDates }, 'InvalidPaymentDates'],
    ];
    for (const [overrides, code] of cases) {
      const response = await offerDocuments(who, { ...offerOf(who), ...overrides });
      const expected = (errorCodes as Record<string, { status: number; message: string }>)[code]!;
      expect(response.statusCode, `${JSON.stringify(overrides)} → ${response.body}`).toBe(expected.status);
      expect(errorName(response)).toBe(code);
      expect(response.json().errors[0].message).toBe(expected.message);
    }
    expect((await offerDocuments(null, offerOf(who))).statusCode).toBe(401);
    const approvedOnlyLater = await borrower(t, { customer: { status: 'registered' } });
    expect(errorName(await offerDocuments(approvedOnlyLater, offerOf(approvedOnlyLater)))).toBe(
      'NotAllowedCustomerStatus',
    );
  });
});
