import type { PaymentPlan } from '../../../shared/api/loan.ts';
import { daysBetweenIso, type IsoDate } from '../../../shared/calendar.ts';
import type { LoanFlowLoaded } from '../../../lib/storage/loan-flow-atom.ts';
import { singleRepaymentInterestCents } from '../../../shared/loan/plan.ts';
import { computeTae } from '../../../shared/loan/tae.ts';
import { sumCents, type Cents } from '../../../shared/money.ts';

export type PlanOption = NonNullable<LoanFlowLoaded['plans']>['options'][number];

/**
 * A plan's figures: monthly (first) payment, total interest, total to repay, TAE (Annex I, shared solver). An
 * interest-free minipréstamo also carries the interest it costs if its 0 % lapses (the standard price of its term,
 * as the server applies it: src/server/modules/loan/interest-free.ts).
 */
export function planOption(plan: PaymentPlan, amountCents: Cents, issueDate: IsoDate): PlanOption {
  const first = plan.installments[0];
  const totalCents = sumCents(plan.installments.map((item) => item.totalPayment));
  const definition = plan.loanDefinition;
  const lapsedInterestCents =
    plan.interestFree && definition.product === 'mini' && first
      ? singleRepaymentInterestCents(amountCents, definition, daysBetweenIso(issueDate, first.expectedDate))
      : undefined;
  return {
    installments: plan.installments.length,
    monthlyCents: first?.totalPayment ?? 0,
    firstPaymentCents: first ? first.initialBase + first.initialCalculatedInterest : 0,
    totalInterestCents: sumCents(plan.installments.map((item) => item.initialCalculatedInterest)),
    totalCents,
    taePercent: computeTae({
      drawdowns: [{ date: issueDate, cents: amountCents }],
      payments: plan.installments.map((item) => ({ date: item.expectedDate, cents: item.totalPayment })),
    }),
    firstDate: first?.expectedDate ?? issueDate,
    interestFree: plan.interestFree,
    ...(lapsedInterestCents === undefined ? {} : { lapsedInterestCents }),
  };
}
