import { getCustomer } from '../../../lib/api/calls/customer.ts';
import { getCustomerCards } from '../../../lib/api/calls/customer-cards.ts';
import { getScrapedAccounts } from '../../../lib/api/calls/scraped-accounts.ts';
import type { BankAccount } from '../../../shared/api/bank.ts';
import type { CardEntity } from '../../../shared/api/card.ts';
import type { Customer } from '../../../shared/api/membership.ts';
import { isSecurityCheckedOrLater } from '../../../shared/statuses.ts';

export interface AccountData {
  readonly customer: Customer;
  readonly accounts: readonly BankAccount[];
  /** null for a customer who may not hold cards yet (before securityChecked). */
  readonly cards: readonly CardEntity[] | null;
}

/**
 * CustomerGet, then ScrapedAccountsGet and (securityChecked or later) CustomerMiniGet, in parallel: the account
 * page's details. The accounts and cards that cannot be read are shown empty; the page shows what it could not load.
 */
export async function getAccount(signal: AbortSignal): Promise<AccountData> {
  const customer = await getCustomer();
  const [accounts, cards] = await Promise.all([
    getScrapedAccounts().catch(() => [] as BankAccount[]),
    isSecurityCheckedOrLater(customer.status)
      ? getCustomerCards({ ignoreErrors: true, signal }).catch(() => [] as CardEntity[])
      : Promise.resolve(null),
  ]);
  return { customer, accounts, cards };
}
