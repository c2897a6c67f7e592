import { callApi } from '../../../lib/api/client.ts';
import { isApiError, type ApiError } from '../../../lib/api/errors.ts';
import { DesistContractGet, DesistContractPost, type WithdrawalQuote } from '../../../shared/api/withdrawal.ts';

/**
 * DesistContractGet: the withdrawal quote of a loan (eligible, the deadline, the amount today, the notice if given).
 * Global errors skipped: without it the credit summary simply shows no withdrawal option.
 */
export function getWithdrawalQuote(loanId: number, signal?: AbortSignal): Promise<WithdrawalQuote> {
  return callApi(
    DesistContractGet,
    { query: { loanId } },
    signal ? { signal, ignoreErrors: true } : { ignoreErrors: true },
  );
}

/**
 * A lost answer: the notice may have been recorded. The modal says so and its next press sends the same key (the
 * server answers what it did the first time).
 */
export const isLostAnswer = (error: unknown): boolean =>
  isApiError(error) &&
  (error.kind === 'network' ||
    error.kind === 'timeout' ||
    error.kind === 'offline' ||
    (error.status === 409 && error.has('RequestInProgress')));

/** The Spanish message of a refusal the modal shows (WithdrawalNotAllowed, LoanNotFound), if the answer has one. */
export const refusalMessage = (error: ApiError): string | undefined =>
  error.find('WithdrawalNotAllowed')?.message ?? error.find('LoanNotFound')?.message;

/**
 * DesistContractPost: the customer's notice of withdrawal. `idempotencyKey` is the press's key: callApi's own
 * retries and the next press after a lost answer send it again, so one notice is recorded whatever happens.
 */
export function giveWithdrawalNotice(loanId: number, idempotencyKey: string): Promise<WithdrawalQuote> {
  return callApi(DesistContractPost, { body: { loanId } }, { idempotencyKey, ignoreErrors: true });
}
