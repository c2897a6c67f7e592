import { callApi } from '../../../lib/api/client.ts';
import { PayLoanPost, type PayLoanPayload, type PaymentResult } from '../../../shared/api/loan.ts';

/**
 * PayLoanPost: one card payment. `idempotencyKey` is the press's key: callApi's own retries (a lost answer, a 409
 * RequestInProgress) send it again, and the page sends it again on the next press after a lost answer, so the
 * server answers its first answer and never charges twice. Business errors (422) are the page's; the global
 * catalogue handles the rest (404 another customer's loan, 401, 5xx).
 */
export function payLoan(payload: PayLoanPayload, idempotencyKey: string): Promise<PaymentResult> {
  return callApi(PayLoanPost, { body: payload }, { idempotencyKey });
}
