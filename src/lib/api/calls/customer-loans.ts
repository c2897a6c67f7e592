import { CustomerLoansByStatusGet, type Loan } from '../../../shared/api/loan.ts';
import type { LoanStatus } from '../../../shared/statuses.ts';
import { callApi, type CallOptions } from '../client.ts';

/**
 * CustomerLoansByStatusGet: the caller's loans in these statuses (the repeated `statuses` query parameter). Used by
 * the loan request (a loan in progress blocks a new one) and the dashboard (the credit summary); each caller says
 * whether global errors are shown.
 */
export function getCustomerLoansByStatus(
  statuses: readonly [LoanStatus, ...LoanStatus[]],
  options: CallOptions = {},
): Promise<Loan[]> {
  return callApi(CustomerLoansByStatusGet, { query: { statuses: [...statuses] } }, options);
}
