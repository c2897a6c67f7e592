import { buildPath } from '../../../shared/routes/paths.ts';

/** Where the money of a withdrawal is returned: the payment route's `closeLoan` payment, by card or by transfer. */
export const withdrawalPaymentPath = (loanId: number, paymentType: 'debit-card' | 'bank-transfer'): string =>
  buildPath('payment', { paymentType, loanId, installmentId: null }, { paymentOption: 'closeLoan' });
