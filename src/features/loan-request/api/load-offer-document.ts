import { callApi } from '../../../lib/api/client.ts';
import { LoanOfferDocumentsPost } from '../../../shared/api/agreement.ts';
import type { AgreementType } from '../../../shared/api/common.ts';
import { eurosToCents } from '../../../shared/money.ts';
import { paymentDatesFrom } from './payment-dates.ts';
import type { LoanRequestInput } from './request-loan.ts';

/** The offer on the form, complete: what LoanOfferDocumentsPost renders and RequestLoanPost would sign. */
export type LoanOfferInput = Pick<
  LoanRequestInput,
  'loanProduct' | 'product' | 'installment' | 'firstRepaymentDate' | 'accountId'
>;

/**
 * LoanOfferDocumentsPost: the documents of the offer on the form (loan explanation, terms, pre-contract
 * information, contract), rendered by the server from that exact offer; the one of `type` (global errors skipped:
 * the modal says it could not load).
 */
export async function loadOfferDocument(type: AgreementType, offer: LoanOfferInput, signal?: AbortSignal) {
  const texts = await callApi(
    LoanOfferDocumentsPost,
    {
      body: {
        loanProduct: offer.loanProduct,
        product: eurosToCents(offer.product),
        installment: offer.installment,
        firstRepaymentDate: offer.firstRepaymentDate,
        accountId: offer.accountId,
        paymentDates: paymentDatesFrom(offer.firstRepaymentDate).slice(0, offer.installment),
      },
    },
    { ignoreErrors: true, ...(signal ? { signal } : {}) },
  );
  const text = texts.find((item) => item.type === type);
  if (!text) throw new Error(`LoanOfferDocumentsPost answered no ${type}`);
  return text;
}
