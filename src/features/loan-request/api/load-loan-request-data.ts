import { customerPermissions } from '../../../lib/api/calls/check-permissions.ts';
import { getCreditLimits } from '../../../lib/api/calls/credit-limit.ts';
import { getCustomer } from '../../../lib/api/calls/customer.ts';
import { getCustomerCards } from '../../../lib/api/calls/customer-cards.ts';
import { getCustomerLoansByStatus } from '../../../lib/api/calls/customer-loans.ts';
import { getScrapedAccounts } from '../../../lib/api/calls/scraped-accounts.ts';
import type { LoanFlowLoaded } from '../../../lib/storage/loan-flow-atom.ts';
import type { Customer } from '../../../shared/api/membership.ts';
import { checkLoanByRestructured } from './check-loan-by-restructured.ts';
import { getHolidays } from './get-holidays.ts';

export interface LoanRequestData {
  readonly loaded: Required<Omit<LoanFlowLoaded, 'plans'>>;
  readonly customer: Pick<Customer, 'isRtb' | 'isBlacklist' | 'email' | 'status'>;
  readonly hasLoanInProgress: boolean;
  readonly canRequestLoan: boolean;
}

/**
 * Everything the loan request's form needs, in parallel (second document §4 redirects included). Loads skip the
 * global error dialogs where the page falls back to what the flow saved.
 */
export async function loadLoanRequestData(customerId: number): Promise<LoanRequestData> {
  const quiet = { ignoreErrors: true } as const;
  const [limits, holidays, accounts, cards, permissions, customer, loans, restructured] = await Promise.all([
    getCreditLimits(),
    getHolidays(),
    getScrapedAccounts(),
    getCustomerCards(quiet),
    customerPermissions(customerId),
    getCustomer(),
    getCustomerLoansByStatus(['issued', 'arranged'], quiet),
    checkLoanByRestructured(customerId),
  ]);
  return {
    loaded: {
      availableLimitCents: limits.availableLimit,
      miniAvailableLimitCents: limits.miniAvailableLimit,
      holidays,
      accounts: accounts.map(({ accountId, accountNumber, bankValue }) => ({ accountId, accountNumber, bankValue })),
      cards: cards.map(({ id, maskedCardNumber, cardStatus, brand }) => ({ id, maskedCardNumber, cardStatus, brand })),
      hasCommunicationPreferences: permissions !== null && Object.keys(permissions).length > 0,
    },
    customer: {
      isRtb: customer.isRtb,
      isBlacklist: customer.isBlacklist,
      email: customer.email,
      status: customer.status,
    },
    hasLoanInProgress: loans.length > 0,
    canRequestLoan: !restructured.hasRestructuredLoan || restructured.canRequestLoan,
  };
}
