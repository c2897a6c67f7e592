import type { CustomerStatus } from '../../shared/statuses.ts';

/**
 * Which hero the home page shows (first document §2 "Hero text, with a zero-interest variant"). Decision: the
 * zero-interest variant (0 %, first loan up to 300€ free of interest and fees if repaid on time) is for whoever
 * has not had a loan yet: visitors and customers still before their first loan (new, preRegistered, registered,
 * systemApproved) without an active loan. Customers with a loan behind them (securityChecked, the collection,
 * legal and fraud states), declined customers (there is no offer to make) and anyone with an active loan see the
 * standard hero.
 */
export type HeroVariant = 'zeroInterest' | 'standard';

const beforeFirstLoan: readonly CustomerStatus[] = ['new', 'preRegistered', 'registered', 'systemApproved'];

export function heroVariant(status: CustomerStatus | null, hasActiveLoan: boolean): HeroVariant {
  if (hasActiveLoan) return 'standard';
  return status === null || beforeFirstLoan.includes(status) ? 'zeroInterest' : 'standard';
}
