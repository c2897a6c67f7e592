import { postPaymentPlans } from '../../../lib/api/calls/payment-plans.ts';
import type { PaymentPlan, PaymentPlanRequestItem } from '../../../shared/api/loan.ts';

/**
 * PaymentPlansPost for one plan. A calculator quote is anonymous pricing (no customerId: a logged-in customer sees
 * the same figures as a visitor, and an expired session cannot interrupt the home page). Failures are shown in
 * place by the calculator, so the global error dialogs are skipped; `signal` cancels a stale request.
 */
export async function postPaymentPlan(item: PaymentPlanRequestItem, signal?: AbortSignal): Promise<PaymentPlan> {
  const [plan] = await postPaymentPlans([item], { signal });
  if (!plan) throw new Error('PaymentPlansPost answered no plan');
  return plan;
}
