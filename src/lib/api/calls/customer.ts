import { CustomerGet, type Customer } from '../../../shared/api/membership.ts';
import { callApi } from '../client.ts';

/**
 * CustomerGet: the caller's own record (isRtb, isBlacklist, e-mail, status…), for the limit page and the loan
 * request. Global errors skipped: each page has its fallback.
 */
export async function getCustomer(signal?: AbortSignal): Promise<Customer> {
  return callApi(CustomerGet, {}, signal ? { ignoreErrors: true, signal } : { ignoreErrors: true });
}
