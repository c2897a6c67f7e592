import { ScrapedAccountsGet, type BankAccount } from '../../../shared/api/bank.ts';
import { callApi } from '../client.ts';

/** ScrapedAccountsGet: the customer's linked bank accounts (bank credentials, loan request). Global errors skipped. */
export function getScrapedAccounts(): Promise<BankAccount[]> {
  return callApi(ScrapedAccountsGet, {}, { ignoreErrors: true });
}
