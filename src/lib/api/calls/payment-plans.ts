import type { PaymentPlan, PaymentPlanRequestItem } from '../../../shared/api/loan.ts';
import { PaymentPlansPost } from '../../../shared/api/wire/generated.ts';
import { callApi } from '../client.ts';

/**
 * PaymentPlansPost (home calculator, loan request): one plan per item, in order. Failures are shown in place by the
 * caller, so the global error dialogs are skipped; `signal` cancels a stale request. `customerId` prices for the
 * logged-in customer (the loan request); without it the pricing is anonymous (the calculator). A first visit's call:
 * its zod-free codecs (src/shared/api/wire/generated.ts).
 */
export function postPaymentPlans(
  items: readonly PaymentPlanRequestItem[],
  { customerId, signal }: { customerId?: number; signal?: AbortSignal } = {},
): Promise<PaymentPlan[]> {
  return callApi(
    PaymentPlansPost,
    { body: [...items], ...(customerId === undefined ? {} : { query: { customerId } }) },
    { ignoreErrors: true, signal },
  );
}
