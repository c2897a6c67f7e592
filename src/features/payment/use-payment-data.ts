import { useCallback, useEffect, useState } from 'react';
import { getCustomer } from '../../lib/api/calls/customer.ts';
import { getCustomerCards } from '../../lib/api/calls/customer-cards.ts';
import { getCustomerAllLoans } from '../../lib/api/calls/customer-loans.ts';
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

/**
 * The payment page's data, loaded together: the loan (CustomerAllLoansGet: only the caller's loans, so another
 * customer's id is simply not there), the cards (CustomerMiniGet) and the reference code (CustomerGet). A failure
 * is the page's (a message and 'Reintentar'); `reload` loads everything again.
 */
export function usePaymentData(loanId: number | null): { load: PaymentDataLoad; reload: () => void } {
  const [load, setLoad] = useState<PaymentDataLoad>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (loanId === null) return;
    const controller = new AbortController();
    const options = { ignoreErrors: true, signal: controller.signal };
    Promise.all([getCustomerAllLoans(options), getCustomerCards(options), getCustomer()]).then(
      ([loans, cards, customer]) => {
        if (controller.signal.aborted) return;
        const loan = loans.find((candidate) => candidate.id === loanId);
        setLoad(
          loan
            ? { kind: 'ready', data: { loan, cards, referenceCode: customer.additionalField } }
            : { kind: 'notFound' },
        );
      },
      () => {
        if (!controller.signal.aborted) setLoad({ kind: 'failed' });
      },
    );
    return () => controller.abort();
  }, [loanId, attempt]);

  const reload = useCallback(() => {
    setLoad({ kind: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  return { load, reload };
}
