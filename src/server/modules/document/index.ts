/**
 * The document module: the customer's uploads (DNI/NIE sides, card proofs) checked from their bytes and kept in the
 * document store (store.ts: files under DATA_DIR by default), and the loan application's journey (JourneyGet; the
 * same `customerJourney` answers inside RequestLoanPost), staff's review of a document (DocumentReviewPost) and the
 * one securityChecked rule (security-check.ts) the payout applies too. SQL in repository.ts.
 */
export { documentRoutes } from './routes.ts';
export { customerJourney } from './service.ts';
export { identityDocumentCount } from './repository.ts';
export { moveToSecurityCheckedWhenDue } from './security-check.ts';
export { createFileDocumentStore, type DocumentStore } from './store.ts';
