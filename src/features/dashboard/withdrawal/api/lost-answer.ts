import { isApiError, type ApiError } from '../../../../lib/api/errors.ts';

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
