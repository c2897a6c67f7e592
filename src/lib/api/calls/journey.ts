import { JourneyGet } from '../../../shared/api/document.ts';
import type { Journey } from '../../../shared/api/loan-schemas.ts';
import { callApi, type CallOptions } from '../client.ts';

/**
 * JourneyGet (second document §3, §4): the customer's documents, whether a valid card is provided and the loan in
 * application. Used after the agreement, on the documents screen, by the add-card page (its submit label) and the
 * loan request success page (missing documents). Each caller says whether global errors are shown.
 */
export function getJourney(options: CallOptions = {}): Promise<Journey> {
  return callApi(JourneyGet, {}, options);
}

/** The identity documents of a journey (the spec's journey counts type identity only). */
export const identityDocumentCount = (journey: Pick<Journey, 'documents'>): number =>
  journey.documents.filter((document) => document.type === 'identity').length;
