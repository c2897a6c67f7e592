import { postPaymentPlans } from '../../../lib/api/calls/payment-plans.ts';
import type { IsoDate } from '../../../shared/calendar.ts';
import { eurosToCents } from '../../../shared/money.ts';
import { paymentDatesFrom } from './payment-dates.ts';
import { planOption, type PlanOption } from './plan-option.ts';

/** One PaymentPlansPost with the four instalment options' plans. */
export async function loadPlans(
  product: number,
  firstRepaymentDate: IsoDate,
  issueDate: IsoDate,
  customerId: number,
  counts: readonly number[],
  signal?: AbortSignal,
): Promise<PlanOption[]> {
  const amount = eurosToCents(product);
  const dates = paymentDatesFrom(firstRepaymentDate);
  const plans = await postPaymentPlans(
    counts.map((count) => ({ amount, issueDate, paymentDates: dates.slice(0, count) })),
    { customerId, signal },
  );
  return plans.map((plan) => planOption(plan, amount, issueDate));
}
