import { callApi } from '../../../lib/api/client.ts';
import { CheckLoanByRestructuredPost } from '../../../shared/api/loan.ts';

/**
 * CheckLoanByRestructuredPost: whether a customer with a restructured loan may request a new one (global errors
 * skipped).
 */
export function checkLoanByRestructured(customerId: number) {
  return callApi(CheckLoanByRestructuredPost, { query: { customerId } }, { ignoreErrors: true });
}
