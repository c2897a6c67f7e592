import { trackEvent } from './analytics.ts';

/**
 * The loan flow's success analytics event (second document §2): `rtb_success` for a returning customer,
 * `ftb_success` for a first-time one, with the loan amount (euros), the currency EUR and the customer's id.
 */
export function trackLoanSuccess({
  isRtb,
  amountCents,
  userId,
}: {
  isRtb: boolean;
  amountCents: number;
  userId: number;
}): void {
  trackEvent(isRtb ? 'rtb_success' : 'ftb_success', { amount: amountCents / 100, currency: 'EUR', userId });
}
