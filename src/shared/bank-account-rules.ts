import type { CustomerStatus } from './statuses.ts';

/**
 * 'Añadir nueva cuenta bancaria' (second document §5, §6): a returning borrower — RTB, `securityChecked` and not
 * blacklisted — may link another bank account (bank credentials; the bank calls check again). The loan request and
 * the account page show the link by this rule.
 */
export function canAddBankAccount(customer: {
  readonly isRtb: boolean;
  readonly isBlacklist: boolean;
  readonly status: CustomerStatus;
}): boolean {
  return customer.isRtb && customer.status === 'securityChecked' && !customer.isBlacklist;
}
