/**
 * The loan module: quotes (payment dates, plans, the pricing of an unsaved agreement, service.ts), the holiday
 * calendar call, the available limit and the loan request (request.ts), and the loan flow's calls (flow.ts: saved
 * drafts, screen visits, the restructured-loan check), and for staff a loan's status history (staff-reads.ts). SQL in repository.ts; the loan definitions (each product's
 * prices, as data) in definition-repository.ts. The agreement documents and their
 * calls are the agreement module's. It owns loan_definitions, loans, installments, loan_withdrawals and the flow drafts: the other
 * modules' changes to them are in writes.ts and flow-reminder-claims.ts, called in their transactions.
 */
export { createDefinitionCatalogue, RETRY_AFTER_FAILURE_MS, type DefinitionCatalogue } from './definition-catalogue.ts';
export { findDefinitionById, findDefinitionInForce } from './definition-repository.ts';
export {
  interestFreeLapseCandidates,
  interestFreeLapseDue,
  lapseDueInterestFree,
  lapseInterestFree,
} from './interest-free.ts';
export { claimDueFlowReminders, type ClaimedFlowReminder } from './flow-reminder-claims.ts';
export { loanRoutes, quoteRateLimit } from './routes.ts';
export {
  assignAgreement,
  discountInstallment,
  insertInstallment,
  insertInstallmentRows,
  insertPlanInstallments,
  insertWithdrawal,
  markInstallmentsRestructured,
  markIssued,
  markLoanRestructured,
  markWithdrawalRepaid,
  moveInstallmentDate,
  moveUnpaidLoan,
  reopenWithdrawal,
  updateInstallment,
  updateLoanStatus,
  type NewWithdrawalRow,
  type WithdrawalRow,
} from './writes.ts';
export {
  availableLimitsCents,
  customerLoanLock,
  expectedPaymentDates,
  loanOfferTerms,
  type LoanOfferTerms,
} from './request.ts';
export { quoteUnsavedLoan, roundedTae, type QuoteDeps, type UnsavedLoanQuote } from './service.ts';
export { findScopedInstallment, findScopedLoan } from './staff-reads.ts';
