/**
 * The agreement module: the loan's documents generated from the loan (contract, pre-contract information (SECCI),
 * terms, loan explanation) as HTML and PDF, and the acceptance of the contract (AssignAgreementPost). Calls:
 * AgreementPost, AgreementByTypeGet, LoanAgreementGetByLoanId, AgreementPdfGetByLoanId, AssignAgreementPost.
 * After an acceptance it calls `app.onAgreementAssigned?.(loanId)` (an optional decoration: the payout job's nudge).
 */
export { agreementRoutes } from './routes.ts';
export { renderAgreementPdfForBench } from './bench.ts';
