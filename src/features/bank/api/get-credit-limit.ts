import { getAvailableLimit } from '../../../lib/api/calls/credit-limit.ts';
import { getCustomer } from '../../../lib/api/calls/customer.ts';
import type { Cents } from '../../../shared/money.ts';

/** CreditLimitGet: the customer's available limit, in cents. */
export const getCreditLimit = (): Promise<Cents> => getAvailableLimit();

/**
 * CustomerGet's isRtb: whether the customer is a returning one. Undefined when the server does not tell (the caller
 * then reads it from the status): the page works without it, so its failures are not shown.
 */
export async function getIsRtb(): Promise<boolean | undefined> {
  try {
    return (await getCustomer()).isRtb;
  } catch {
    return undefined;
  }
}
