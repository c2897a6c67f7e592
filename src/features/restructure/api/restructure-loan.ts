import { callApi } from '../../../lib/api/client.ts';
import type { ApiError } from '../../../lib/api/errors.ts';
import type { Loan } from '../../../shared/api/loan-schemas.ts';
import { RestructureLoanPost } from '../../../shared/api/restructure.ts';
import { isLostAnswer } from './lost-answer.ts';

/** The failures the page shows itself: business errors (422), 404 and lost answers. */
const handledByPage = (error: ApiError): boolean =>
  isLostAnswer(error) || error.kind === 'business' || error.status === 404;

/**
 * RestructureLoanPost with the press's Idempotency-Key (callApi's own retries reuse it; the page reuses it after a
 * lost answer). Business errors (422), 404 and lost answers are the page's; the rest goes to the global catalogue.
 */
export async function restructureLoan(
  loanId: number,
  preContractDigest: string,
  idempotencyKey: string,
): Promise<Loan> {
  const answer = await callApi(
    RestructureLoanPost,
    // The customer ticked the acceptance and confirmed: the plan whose pre-contract information they read.
    { body: { loanId, acceptPreContract: true, preContractDigest } },
    { idempotencyKey, handledByCaller: handledByPage },
  );
  return answer.loan;
}
