import type { CustomerStatus } from '../../shared/statuses.ts';

/**
 * Which hero the home page shows (first document §2 "Hero text, with a zero-interest variant"). Decision: the
 * zero-interest variant (0 %, first loan up to 300€ free of interest and fees if repaid on time) is for whoever can
 * still take it: visitors, and customers to whom no loan was ever paid out (the member details'
 * `firstLoanInterestFree`, the server's own rule) in a status that may ask for a loan, without an active loan.
 * Customers with a loan behind them, declined customers and those in collection, legal or fraud states (there is no
 * offer to make) and anyone with an active loan see the standard hero. A session stored before the flag existed
 * falls back to the status: before the first loan (new, preRegistered, registered, systemApproved).
 */
export type HeroVariant = 'zeroInterest' | 'standard';

const beforeFirstLoan: readonly CustomerStatus[] = ['new', 'preRegistered', 'registered', 'systemApproved'];
const mayAskForALoan: readonly CustomerStatus[] = [...beforeFirstLoan, 'securityChecked'];

export function heroVariant(
  status: CustomerStatus | null,
  hasActiveLoan: boolean,
  firstLoanInterestFree?: boolean,
): HeroVariant {
  if (status === null) return 'zeroInterest';
  if (hasActiveLoan) return 'standard';
  const free = firstLoanInterestFree ?? beforeFirstLoan.includes(status);
  return free && mayAskForALoan.includes(status) ? 'zeroInterest' : 'standard';
}
