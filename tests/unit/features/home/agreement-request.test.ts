// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { agreementRequest } from '../../../../src/features/home/agreement/agreement-request.ts';
import { createQuoteClient, paymentDateRequest } from '../../../../src/features/home/quotes/quote-client.ts';
import { agreementRequestSchema } from '../../../../src/shared/api/agreement.ts';
import { computePaymentDates } from '../../../../src/shared/loan/payment-dates.ts';
import { contractPlan } from './loan-server.ts';

/**
 * AgreementPost's body for the calculator's quote ('Más Información'): the product priced, the amount chosen, the
 * quote's issue date and the plan's dates, as the contract takes them (Cents) and as the wire carries them (euros).
 */

const TODAY = '2026-03-10'; // a Tuesday
const client = createQuoteClient({
  today: () => TODAY,
  fetchDates: async (request) => computePaymentDates(request),
  fetchPlan: async (item) => contractPlan(item),
});
const signal = new AbortController().signal;

describe('agreementRequest', () => {
  it("a minipréstamo: loanProduct 'mini', its amount, one repayment on the date the calculator shows", async () => {
    // 25 days from Tuesday 10/03 is Saturday 04/04: the calculator shows (and prices) Monday 06/04.
    const quote = await client.quoteMini(250, 25, signal);
    const request = agreementRequest(quote);
    expect(request).toEqual({
      loanProduct: 'mini',
      installments: [
        { initialBase: 25_000, initialCalculatedInterest: 0, expectedDate: '2026-04-06', totalPayment: 25_000 },
      ],
      loanAmount: 25_000,
      createdDate: TODAY,
    });
    // On the wire, in euros, and a body AgreementPost's strict schema accepts.
    const wire = z.encode(agreementRequestSchema, request);
    expect(wire).toEqual({
      loanProduct: 'mini',
      installments: [{ initialBase: 250, initialCalculatedInterest: 0, expectedDate: '2026-04-06', totalPayment: 250 }],
      loanAmount: 250,
      createdDate: TODAY,
    });
    expect(agreementRequestSchema.parse(wire)).toEqual(request);
  });

  it('a minipréstamo above the interest-free maximum carries the plan it was quoted with (the server prices it again)', async () => {
    const quote = await client.quoteMini(600, 7, signal);
    expect(agreementRequest(quote)).toEqual({
      loanProduct: 'mini',
      installments: [
        // 600 € × 0,75 % × 7 days = 31,50 €, worked out here.
        { initialBase: 60_000, initialCalculatedInterest: 3_150, expectedDate: '2026-03-17', totalPayment: 63_150 },
      ],
      loanAmount: 60_000,
      createdDate: TODAY,
    });
  });

  it("an instalment loan: loanProduct 'installment', its amount and every instalment of the plan shown", async () => {
    const quote = await client.quote(3000, 16, signal);
    const request = agreementRequest(quote);
    const dates = computePaymentDates(paymentDateRequest(TODAY)).slice(0, 16);
    expect(request.loanProduct).toBe('installment');
    expect(request.loanAmount).toBe(300_000);
    expect(request.createdDate).toBe(TODAY);
    expect(request.installments.map((item) => item.expectedDate)).toEqual(dates);
    expect(request.installments).toEqual(
      quote.plan.installments.map(({ initialBase, initialCalculatedInterest, expectedDate, totalPayment }) => ({
        initialBase,
        initialCalculatedInterest,
        expectedDate,
        totalPayment,
      })),
    );
    expect(agreementRequestSchema.parse(z.encode(agreementRequestSchema, request))).toEqual(request);
  });
});
