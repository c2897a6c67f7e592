import { callApi } from '../../../lib/api/client.ts';
import { getApiConfig } from '../../../lib/api/configure.ts';
import { globalOutcomeFor } from '../../../lib/api/error-catalogue.ts';
import { isApiError, type ApiError } from '../../../lib/api/errors.ts';
import type { Loan } from '../../../shared/api/loan-schemas.ts';
import { RestructureLoanPost, RestructurePlanGet, type RestructurePlan } from '../../../shared/api/restructure.ts';

/**
 * A lost answer: the restructure may have been made. The page says so and its next press sends the same key (the
 * server then answers what it did the first time); the global network dialog is not shown, since its 'Recargar'
 * would drop the key.
 */
export const isLostAnswer = (error: ApiError): boolean =>
  error.kind === 'network' ||
  error.kind === 'timeout' ||
  error.kind === 'offline' ||
  (error.kind === 'http' && (error.status ?? 0) >= 500) ||
  (error.status === 409 && error.has('RequestInProgress'));

/** RestructurePlanGet: the plan a 'Pago Flexible' would create today. Errors are the page's (404, 422, failures). */
export function getRestructurePlan(loanId: number, signal?: AbortSignal): Promise<RestructurePlan> {
  return callApi(
    RestructurePlanGet,
    { query: { loanId } },
    signal ? { signal, ignoreErrors: true } : { ignoreErrors: true },
  );
}

/**
 * RestructureLoanPost with the press's Idempotency-Key (callApi's own retries reuse it; the page reuses it after a
 * lost answer). Business errors (422), 404 and lost answers are the page's; the rest goes to the global catalogue.
 */
export async function restructureLoan(
  loanId: number,
  preContractDigest: string,
  idempotencyKey: string,
): Promise<Loan> {
  try {
    const answer = await callApi(
      RestructureLoanPost,
      // The customer ticked the acceptance and confirmed: the plan whose pre-contract information they read.
      { body: { loanId, acceptPreContract: true, preContractDigest } },
      { idempotencyKey, ignoreErrors: true },
    );
    return answer.loan;
  } catch (error) {
    if (isApiError(error) && !isLostAnswer(error) && error.kind !== 'business' && error.status !== 404) {
      getApiConfig().onGlobalFailure?.(globalOutcomeFor(error), error);
    }
    throw error;
  }
}
