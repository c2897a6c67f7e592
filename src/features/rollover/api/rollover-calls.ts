import { callApi, type CallOptions } from '../../../lib/api/client.ts';
import { getApiConfig } from '../../../lib/api/configure.ts';
import { globalOutcomeFor } from '../../../lib/api/error-catalogue.ts';
import { isApiError } from '../../../lib/api/errors.ts';
import type { PaymentResult } from '../../../shared/api/payment.ts';
import {
  RolloverAvailableDatesGet,
  RolloverCalculatePost,
  RolloverPost,
  type RolloverQuote,
} from '../../../shared/api/rollover.ts';
import { isLostAnswer } from '../../../lib/card-payment/lost-answer.ts';

/** RolloverAvailableDatesGet: the new dates the loan may move to, from `fromDate` (today). */
export function getRolloverDates(query: { fromDate: string; loanId: number }, options: CallOptions = {}) {
  return callApi(RolloverAvailableDatesGet, { query }, options);
}

/** RolloverCalculatePost: the fee and the new amount for a date. */
export function calculateRollover(
  body: { loanId: number; rolloverDate: string },
  options: CallOptions = {},
): Promise<RolloverQuote> {
  return callApi(RolloverCalculatePost, { body }, options);
}

export interface RolloverPayload {
  readonly loanId: number;
  readonly rolloverDate: string;
  readonly cardId: number;
}

/**
 * RolloverPost: the fee paid by card with the press's Idempotency-Key (callApi's retries and the next press after a
 * lost answer send it again, so the fee is never charged twice). As PayLoanPost: business errors and lost answers
 * are the page's, the rest goes to the global catalogue.
 */
export async function postRollover(payload: RolloverPayload, idempotencyKey: string): Promise<PaymentResult> {
  try {
    return await callApi(RolloverPost, { body: { ...payload } }, { idempotencyKey, ignoreErrors: true });
  } catch (error) {
    if (isApiError(error) && !isLostAnswer(error)) {
      getApiConfig().onGlobalFailure?.(globalOutcomeFor(error), error);
    }
    throw error;
  }
}
