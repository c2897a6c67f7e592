import { callApi } from '../../../lib/api/client.ts';
import { CreditLimitGet, CustomerGet } from '../../../shared/api/customer.ts';
import type { Cents } from '../../../shared/money.ts';

/** CreditLimitGet: the customer's available limit, in cents. */
export async function getCreditLimit(): Promise<Cents> {
  const { availableLimit } = await callApi(CreditLimitGet, {});
  return availableLimit;
}

/**
 * CustomerGet's isRtb: whether the customer is a returning one. Undefined when the server does not tell (the caller
 * then reads it from the status): the page works without it, so its failures are not shown.
 */
export async function getIsRtb(): Promise<boolean | undefined> {
  try {
    return (await callApi(CustomerGet, {}, { ignoreErrors: true })).isRtb;
  } catch {
    return undefined;
  }
}
