import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { Journey } from '../../shared/api/loan-schemas.ts';
import { getJourney, identityDocumentCount } from '../api/calls/journey.ts';
import { flowPath, type LoanFlowRouteKey } from './saved-flow.ts';

/**
 * Where the loan flow goes once the agreement is accepted (second document §4: request, agreement, documents, card,
 * success), decided by the journey (JourneyGet): fewer than 2 identity documents → documents; no valid card →
 * add-card; otherwise the success page. Every destination keeps the saved flow's `l`.
 */

/** Identity documents needed before the flow skips the documents screen. */
export const IDENTITY_DOCUMENTS_NEEDED = 2;

/** The screen after the agreement. */
export function nextStepAfterAgreement(journey: Pick<Journey, 'documents' | 'cardProvided'>): LoanFlowRouteKey {
  if (identityDocumentCount(journey) < IDENTITY_DOCUMENTS_NEEDED) return 'documents';
  if (!journey.cardProvided) return 'financialInfoAddCard';
  return 'loanRequestSuccess';
}

/** The screen after the documents ('Continuar', uploaded or skipped): success with a card, else add-card. */
export function nextStepAfterDocuments(journey: Pick<Journey, 'cardProvided'>): LoanFlowRouteKey {
  return journey.cardProvided ? 'loanRequestSuccess' : 'financialInfoAddCard';
}

/**
 * Loads the journey and goes to the screen after the agreement, keeping `l`. When the journey cannot be loaded the
 * flow goes on with the documents screen (the first step after the agreement; it asks again).
 */
export function useGoToNextStep(flowId: string): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    let step: LoanFlowRouteKey = 'documents';
    try {
      step = nextStepAfterAgreement(await getJourney({ ignoreErrors: true }));
    } catch {
      // Fall back to the documents screen.
    }
    navigate(flowPath(step, flowId));
  }, [navigate, flowId]);
}
