import { paymentOptions, type PaymentOption } from '../../shared/payment-statuses.ts';

/**
 * The payment route (`/payment/pay/:paymentType/:loanId/:installmentId?`, query `paymentOption`) read from the URL.
 * `paymentType` is one of the spec's payment methods (debit-card, bank-transfer): the method shown first. A missing
 * or unknown `paymentOption` pays the first unpaid instalment (the reminders' and the 'Pagar' button's case).
 */
export const paymentTypes = ['debit-card', 'bank-transfer'] as const;
export type PaymentType = (typeof paymentTypes)[number];

export interface PaymentRoute {
  readonly paymentType: PaymentType;
  readonly loanId: number;
  readonly installmentId: number | null;
  readonly option: PaymentOption;
}

const positiveId = (value: string | undefined): number | null => {
  if (value === undefined || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** The route's values, or null when a parameter is not valid (the page then shows the not-found handling). */
export function readPaymentRoute(
  params: Readonly<Record<string, string | undefined>>,
  search: URLSearchParams,
): PaymentRoute | null {
  const paymentType = paymentTypes.find((type) => type === params['paymentType']);
  const loanId = positiveId(params['loanId']);
  const installmentId = params['installmentId'] === undefined ? null : positiveId(params['installmentId']);
  if (paymentType === undefined || loanId === null) return null;
  if (params['installmentId'] !== undefined && installmentId === null) return null;
  const asked = search.get('paymentOption');
  const option = paymentOptions.find((known) => known === asked) ?? 'firstNotPaidInstallment';
  return { paymentType, loanId, installmentId, option };
}

/** The dashboard shows 'Ya está pagada' with this navigation state (HELPERS13 agreement 7). */
export const ALREADY_PAID_STATE = { notice: 'alreadyPaid' } as const;
