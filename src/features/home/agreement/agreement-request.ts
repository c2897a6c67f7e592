import type { AgreementRequest } from '../../../shared/api/agreement.ts';
import { eurosToCents } from '../../../shared/money.ts';
import type { InstallmentQuote } from '../quotes/quote-client.ts';

/** AgreementPost's body for the calculator's plan (first document §7 "AgreementPost: the last plan"). */
export function agreementRequest({ amount, issueDate, plan }: InstallmentQuote): AgreementRequest {
  return {
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
