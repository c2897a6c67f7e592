/**
 * The document module: the customer's uploads (DNI/NIE sides, card proofs) checked from their bytes and kept in the
 * document store (store.ts: files under DATA_DIR by default), and the loan application's journey (JourneyGet; the
 * same `customerJourney` answers inside RequestLoanPost). SQL in repository.ts.
 */
export { documentRoutes } from './routes.ts';
export { customerJourney } from './service.ts';
export { identityDocumentCount } from './repository.ts';
export { createFileDocumentStore, type DocumentStore } from './store.ts';
