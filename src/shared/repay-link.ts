import type { RepayLinkCustomerInfo } from './api/links.ts';
import { landingFor } from './routes/access.ts';
import { buildPath } from './routes/paths.ts';
import type { LoanStatus } from './loan-statuses.ts';

/**
 * Where a repay short link (`/r/:repayToken`, `/rx/…`, `/rs/…`) sends the customer once logged in (first document §4
 * "Repay link flow"), from the repay-link customer info. The rows are checked in the spec's order; the first that
 * applies wins:
 *
 * 1. systemApproved whose last loan is agreementAssigned: /documents with fewer than 2 documents, else add card
 *    without a card, otherwise /loan-request;
 * 2. systemApproved otherwise: /loan-request;
 * 3. securityChecked whose last loan is repaid or cancelled, or who has none, with a card and at least 2
 *    documents: /loan-request;
 * 4. a proof of card is asked for: /financial-info/upload-card;
 * 5. otherwise the status's default landing (first document §4 table; home for a status without one).
 */

/** "At least 2 documents" of the table: with fewer, the documents step comes first. */
export const REPAY_LINK_MIN_DOCUMENTS = 2;

/** "Last loan repaid, cancelled or none": a customer free to ask for a new loan. */
const closedLastLoan = (status: LoanStatus | null): boolean =>
  status === null || status === 'repaid' || status === 'cancelled';

export type RepayLinkFacts = Pick<
  RepayLinkCustomerInfo,
  'customerStatus' | 'documentCount' | 'hasCardAdded' | 'lastLoanStatus' | 'hasAskForProofCard'
>;

/** The path to go to (no query). */
export function repayLinkDestination(info: RepayLinkFacts): string {
  const hasDocuments = info.documentCount >= REPAY_LINK_MIN_DOCUMENTS;
  if (info.customerStatus === 'systemApproved') {
    if (info.lastLoanStatus !== 'agreementAssigned') return buildPath('loanRequest');
    if (!hasDocuments) return buildPath('documents');
    if (!info.hasCardAdded) return buildPath('financialInfoAddCard');
    return buildPath('loanRequest');
  }
  if (
    info.customerStatus === 'securityChecked' &&
    closedLastLoan(info.lastLoanStatus) &&
    info.hasCardAdded &&
    hasDocuments
  ) {
    return buildPath('loanRequest');
  }
  if (info.hasAskForProofCard) return buildPath('financialInfoUploadCard');
  return landingFor(info.customerStatus);
}
