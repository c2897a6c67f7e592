import { postPaymentPlans } from '../../../lib/api/calls/payment-plans.ts';
import type { IsoDate } from '../../../shared/calendar.ts';
import { eurosToCents } from '../../../shared/money.ts';
import type { LoanProduct } from '../product-rules.ts';
import { paymentDatesFrom } from './payment-dates.ts';
import { planOption, type PlanOption } from './plan-option.ts';

/**
 * One PaymentPlansPost with the plans the form offers: the instalment loan's four options (one per count), or the
 * minipréstamo's one plan (one payment date), priced for the customer (the 0 % first loan is the server's decision).
 */
export async function loadPlans(
  loanProduct: LoanProduct,
  product: number,
  firstRepaymentDate: IsoDate,
  issueDate: IsoDate,
  customerId: number,
  counts: readonly number[],
  signal?: AbortSignal,
): Promise<PlanOption[]> {
  const amount = eurosToCents(product);
  const dates = paymentDatesFrom(firstRepaymentDate);
  const items =
    loanProduct === 'mini'
      ? [{ product: 'mini' as const, amount, issueDate, paymentDates: [firstRepaymentDate] }]
      : counts.map((count) => ({ amount, issueDate, paymentDates: dates.slice(0, count) }));
  const plans = await postPaymentPlans(items, { customerId, signal });
  return plans.map((plan) => planOption(plan, amount, issueDate));
}
