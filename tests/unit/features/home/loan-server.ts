import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import {
  paymentPlanRequestItemSchema,
  paymentPlanSchema,
  type PaymentPlan,
  type PaymentPlanRequestItem,
} from '../../../../src/shared/api/loan.ts';
import { loanDefinitionToWire, MINI_LOAN_DEFINITION } from '../../../../src/shared/loan/loan-definition.ts';
import { computePaymentDates, type PaymentDateRequest } from '../../../../src/shared/loan/payment-dates.ts';
import { buildPaymentPlan } from '../../../../src/shared/loan/plan.ts';
import { taeForPlan } from '../../../../src/shared/loan/tae.ts';
import { toCents } from '../../../../src/shared/money.ts';
import { json, type SeenRequest } from '../../lib/api/test-server.ts';

/**
 * The loan quotes as the reference server answers them, computed with the same shared loan maths (so the tests
 * compare the calculator with real figures instead of hard-coded ones).
 */

/** A request item / plan as the wire carries them (euros). */
export type WireItem = z.input<typeof paymentPlanRequestItemSchema>;
export type WirePlan = z.input<typeof paymentPlanSchema>;

/**
 * The plan as the contract decodes it (Cents), for a decoded request item: a minipréstamo (`product: 'mini'`) with
 * the built-in mini definition, interest-free up to its first-loan maximum as for a visitor (or as `interestFree`
 * says); an instalment loan with the default definition.
 */
export function contractPlan(
  item: PaymentPlanRequestItem,
  { interestFree }: { interestFree?: boolean } = {},
): PaymentPlan {
  const plan =
    item.product === 'mini'
      ? buildPaymentPlan({
          amountCents: item.amount,
          issueDate: item.issueDate,
          paymentDates: item.paymentDates,
          definition: MINI_LOAN_DEFINITION,
          interestFree: interestFree ?? item.amount <= MINI_LOAN_DEFINITION.firstLoanFreeMaxCents,
        })
      : buildPaymentPlan({ amountCents: item.amount, issueDate: item.issueDate, paymentDates: item.paymentDates });
  return {
    installments: plan.installments.map((installment) => ({
      initialBase: toCents(installment.baseCents),
      initialCalculatedInterest: toCents(installment.interestCents),
      expectedDate: installment.expectedDate,
      totalPayment: toCents(installment.totalCents),
    })),
    loanDefinition: loanDefinitionToWire(plan.definition),
    totalInstallmentDays: plan.totalInstallmentDays,
    taePercent: Math.round(taeForPlan(plan, item.issueDate) * 10) / 10,
    interestFree: plan.interestFree,
  };
}

/** The plan as the reference server writes it on the wire (euros), for a request item as sent (euros). */
export function wirePlan(item: WireItem, options: { interestFree?: boolean } = {}): WirePlan {
  return z.encode(paymentPlanSchema, contractPlan(z.decode(paymentPlanRequestItemSchema, item), options));
}

export const body = <T>(request: SeenRequest): T => JSON.parse(request.body.toString()) as T;

export const isDatesRequest = (request: SeenRequest) => request.url === '/api/loan/paymentDates';
export const isPlansRequest = (request: SeenRequest) => request.url.startsWith('/api/loan/paymentPlans');

/** Answers PaymentDatePost and PaymentPlansPost; `false` from `answerPlan` leaves a plan request unanswered. */
export function answerQuote(request: SeenRequest, response: ServerResponse): boolean {
  if (isDatesRequest(request)) {
    json(response, 200, { data: computePaymentDates(body<PaymentDateRequest>(request)) });
    return true;
  }
  if (isPlansRequest(request)) {
    json(response, 200, { data: body<WireItem[]>(request).map((item) => wirePlan(item)) });
    return true;
  }
  return false;
}
