import { callApi } from '../../../lib/api/client.ts';
import { ImpedimentAllowedGet } from '../../../shared/api/impediment.ts';

/**
 * ImpedimentAllowedGet (`customerCanCreateImpediment`): whether the customer may write about this loan now. Global
 * errors skipped: the page keeps its form when the check cannot be made (the request refuses what it must anyway).
 */
export function impedimentAllowed(loanId: number, signal: AbortSignal) {
  return callApi(ImpedimentAllowedGet, { query: { loanId } }, { ignoreErrors: true, signal });
}
