/**
 * "The customer comes from documents" (second document §2, add card: 'Recibir mis {loan amount}'): the documents
 * page passes this navigation state when it sends the customer to add-card (`navigate(path, { state:
 * FROM_DOCUMENTS_STATE })`), and the add-card page reads it from `location.state`. A reload of add-card keeps the
 * state (the history entry keeps it); a link opened afresh does not, and then the label is 'Siguiente'.
 */
export const FROM_DOCUMENTS_STATE = { from: 'documents' } as const;

export function cameFromDocuments(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { from?: unknown }).from === 'documents';
}
