import { callApi } from '../../../lib/api/client.ts';
import { RequestLoanPost, type LoanRequestResult } from '../../../shared/api/loan.ts';
import type { IsoDate } from '../../../shared/calendar.ts';
import { eurosToCents } from '../../../shared/money.ts';
import type { LoanProduct } from '../product-rules.ts';
import { paymentDatesFrom } from './payment-dates.ts';

export interface LoanRequestInput {
  /** The product of step 1 (the spec's `product` is the amount). */
  readonly loanProduct: LoanProduct;
  readonly product: number;
  readonly installment: number;
  readonly firstRepaymentDate: IsoDate;
  readonly accountId: number;
  readonly cardId: number | null;
  readonly acceptCommunications: boolean;
}

/**
 * RequestLoanPost: ONE call of callApi per press (one Idempotency-Key; its own retries reuse it). Errors are
 * handled by the page (codes of §8), the global catalogue only for what is not a business error.
 */
export function requestLoan(input: LoanRequestInput): Promise<LoanRequestResult> {
  return callApi(RequestLoanPost, {
    query: { accountId: input.accountId },
    body: {
      loanProduct: input.loanProduct,
      product: eurosToCents(input.product),
      installment: input.installment,
      firstRepaymentDate: input.firstRepaymentDate,
      accountId: input.accountId,
      cardId: input.cardId,
      acceptCommunications: input.acceptCommunications,
      paymentDates: paymentDatesFrom(input.firstRepaymentDate).slice(0, input.installment),
    },
  });
}
