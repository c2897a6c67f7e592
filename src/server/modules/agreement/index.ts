/**
 * The agreement module: the loan's documents generated from the loan (contract, pre-contract information (SECCI),
 * terms, loan explanation) as HTML and PDF, and the acceptance of the contract (AssignAgreementPost). Calls:
 * AgreementPost, AgreementByTypeGet, LoanAgreementGetByLoanId, AgreementPdfGetByLoanId, AssignAgreementPost.
 * The restructure's pre-contract information (restructure-document.ts) is written here too, for the restructure
 * module to show, keep and draw as PDF.
 * After an acceptance it calls `app.onAgreementAssigned?.(loanId)` (an optional decoration: the payout job's nudge).
 */
export { agreementRoutes } from './routes.ts';
export type { LegalDocument } from './document.ts';
export { restructurePdfFileName, renderDocumentPdf } from './service.ts';
export { restructurePrecontract, type RestructureTerms } from './restructure-document.ts';
