import { getCustomer } from '../../lib/api/calls/customer.ts';
import { getCustomerCards } from '../../lib/api/calls/customer-cards.ts';
import { getCustomerAllLoans } from '../../lib/api/calls/customer-loans.ts';
import { usePageData } from '../../lib/api/use-page-data.ts';
import type { CardEntity } from '../../shared/api/card.ts';
import type { Loan } from '../../shared/api/loan-schemas.ts';

export interface PaymentData {
  readonly loan: Loan;
  readonly cards: readonly CardEntity[];
  /** The customer's reference code (CustomerGet `additionalField`), the bank transfer's description starts with it. */
  readonly referenceCode: string;
}

export type PaymentDataLoad =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly data: PaymentData }
  /** Not one of the caller's loans (another customer's loan is never shown). */
  | { readonly kind: 'notFound' }
  | { readonly kind: 'failed' };

type Loaded = Extract<PaymentDataLoad, { kind: 'ready' | 'notFound' }>;

async function loadPaymentData(loanId: number | null, signal: AbortSignal): Promise<Loaded> {
  if (loanId === null) return { kind: 'notFound' };
  const options = { ignoreErrors: true, signal };
  const [loans, cards, customer] = await Promise.all([
    getCustomerAllLoans(options),
    getCustomerCards(options),
    getCustomer(),
  ]);
  const loan = loans.find((candidate) => candidate.id === loanId);
  return loan
    ? { kind: 'ready', data: { loan, cards, referenceCode: customer.additionalField } }
    : { kind: 'notFound' };
}

/**
 * The payment page's data, loaded together (`usePageData`): the loan (CustomerAllLoansGet: only the caller's loans,
 * so another customer's id is simply not there), the cards (CustomerMiniGet) and the reference code (CustomerGet). A
 * failure is the page's (a message and 'Reintentar'); `reload` loads everything again, as does another loan id.
 */
export function usePaymentData(loanId: number | null): { load: PaymentDataLoad; reload: () => void } {
  const { load, retry } = usePageData((signal) => loadPaymentData(loanId, signal), { key: loanId });
  return { load: load.kind === 'ready' ? load.value : load, reload: retry };
}
