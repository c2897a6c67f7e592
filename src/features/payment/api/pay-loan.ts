import { callApi } from '../../../lib/api/client.ts';
import { isLostAnswer } from '../../../lib/card-payment/lost-answer.ts';
import { PayLoanPost, type PayLoanPayload, type PaymentResult } from '../../../shared/api/payment.ts';

/**
 * PayLoanPost: one card payment. `idempotencyKey` is the press's key: callApi's own retries (a lost answer, a 409
 * RequestInProgress) send it again, and the page sends it again on the next press after a lost answer, so the
 * server answers its first answer and never charges twice. Lost answers are the page's; the rest goes to the global
 * catalogue (404 another customer's loan or card, 401, 5xx; a 422 is only logged there and handled by the page).
 */
export function payLoan(payload: PayLoanPayload, idempotencyKey: string): Promise<PaymentResult> {
  return callApi(PayLoanPost, { body: payload }, { idempotencyKey, handledByCaller: isLostAnswer });
}
