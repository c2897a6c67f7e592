import type { Loan } from '../../../shared/api/loan-schemas.ts';
import { CustomerAllLoansGet, CustomerLoansByStatusGet } from '../../../shared/api/payment.ts';
import type { LoanStatus } from '../../../shared/loan-statuses.ts';
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

/**
 * CustomerAllLoansGet: every loan of the caller, whatever its status, with its instalments and their payments (the
 * credit history, the dashboard); each caller says whether global errors are shown.
 */
export function getCustomerAllLoans(options: CallOptions = {}): Promise<Loan[]> {
  return callApi(CustomerAllLoansGet, {}, options);
}
