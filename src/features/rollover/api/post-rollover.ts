import { callApi } from '../../../lib/api/client.ts';
import { isLostAnswer } from '../../../lib/card-payment/lost-answer.ts';
import type { PaymentResult } from '../../../shared/api/payment.ts';
import { RolloverPost } from '../../../shared/api/rollover.ts';

export interface RolloverPayload {
  readonly loanId: number;
  readonly rolloverDate: string;
  readonly cardId: number;
}

/**
 * RolloverPost: the fee paid by card with the press's Idempotency-Key (callApi's retries and the next press after a
 * lost answer send it again, so the fee is never charged twice). As PayLoanPost: lost answers are the page's, the
 * rest goes to the global catalogue.
 */
export function postRollover(payload: RolloverPayload, idempotencyKey: string): Promise<PaymentResult> {
  return callApi(RolloverPost, { body: { ...payload } }, { idempotencyKey, handledByCaller: isLostAnswer });
}
