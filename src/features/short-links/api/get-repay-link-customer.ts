import { callApi } from '../../../lib/api/client.ts';
import { CustomerForLoginRedirectionGet, type RepayLinkCustomerInfo } from '../../../shared/api/links.ts';

/** The repay-link customer info that picks the destination (first document §3, §7). */
export function getRepayLinkCustomer(repayToken: string): Promise<RepayLinkCustomerInfo> {
  return callApi(CustomerForLoginRedirectionGet, { query: { repayToken } });
}
