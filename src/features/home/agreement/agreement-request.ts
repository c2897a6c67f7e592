import type { AgreementRequest } from '../../../shared/api/agreement.ts';
import { eurosToCents } from '../../../shared/money.ts';
import type { Quote } from '../quotes/quote-client.ts';

/**
 * AgreementPost's body for the calculator's plan (first document §7 "AgreementPost: the last plan"): the product
 * priced (`loanProduct`, so a minipréstamo gets its own contract, not the instalment loan's), the amount chosen, the
 * quote's issue date and the plan's dates — a minipréstamo's one repayment date, the one the calculator shows (the
 * days chosen, a weekend moved to the Monday). The server prices it again from these (a visitor's minipréstamo up to
 * 300 € is the interest-free first loan there as in the quote); the instalment amounts sent are not printed.
 */
export function agreementRequest({ product, amount, issueDate, plan }: Quote): AgreementRequest {
  return {
    loanProduct: product,
    installments: plan.installments.map(({ initialBase, initialCalculatedInterest, expectedDate, totalPayment }) => ({
      initialBase,
      initialCalculatedInterest,
      expectedDate,
      totalPayment,
    })),
    loanAmount: eurosToCents(amount),
    createdDate: issueDate,
  };
}
