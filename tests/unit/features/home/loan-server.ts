import type { ServerResponse } from 'node:http';
import type { PaymentPlan as WirePlan, PaymentPlanRequestItem } from '../../../../src/shared/api/quotes.ts';
import { loanDefinitionToWire } from '../../../../src/shared/loan/loan-definition.ts';
import { computePaymentDates, type PaymentDateRequest } from '../../../../src/shared/loan/payment-dates.ts';
import { buildPaymentPlan } from '../../../../src/shared/loan/plan.ts';
import { taeForPlan } from '../../../../src/shared/loan/tae.ts';
import { centsToEuros, eurosToCents } from '../../../../src/shared/money.ts';
import { json, type SeenRequest } from '../../lib/api/test-server.ts';

/**
 * The loan quotes as the reference server answers them, computed with the same shared loan maths (so the tests
 * compare the calculator with real figures instead of hard-coded ones).
 */

export function wirePlan(item: PaymentPlanRequestItem): WirePlan {
  const plan = buildPaymentPlan({
    amountCents: eurosToCents(item.amount),
    issueDate: item.issueDate,
    paymentDates: item.paymentDates,
  });
  return {
    installments: plan.installments.map((installment) => ({
      initialBase: centsToEuros(installment.baseCents),
      initialCalculatedInterest: centsToEuros(installment.interestCents),
      expectedDate: installment.expectedDate,
      totalPayment: centsToEuros(installment.totalCents),
    })),
    loanDefinition: loanDefinitionToWire(plan.definition),
    totalInstallmentDays: plan.totalInstallmentDays,
    taePercent: Math.round(taeForPlan(plan, item.issueDate) * 10) / 10,
  };
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
    json(response, 200, { data: body<PaymentPlanRequestItem[]>(request).map(wirePlan) });
    return true;
  }
  return false;
}
