import { callApi } from '../../../lib/api/client.ts';
import { AddBankAccountManuallyPost, type BankAccount } from '../../../shared/api/bank.ts';

/** AddBankAccountManuallyPost: links the account of this IBAN (sent without spaces). */
export function addAccountManually(accountNumber: string): Promise<BankAccount> {
  return callApi(AddBankAccountManuallyPost, { body: { accountNumber } });
}
