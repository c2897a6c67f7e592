import { JourneyGet, type Journey } from '../../../shared/api/loan.ts';
import { callApi } from '../client.ts';

/**
 * JourneyGet: the loan application's progress (identity documents, card provided, the loan in application). Used
 * after the agreement and on the documents screen; global errors skipped (each caller has its fallback).
 */
export function getJourney(signal?: AbortSignal): Promise<Journey> {
  return callApi(JourneyGet, {}, { ignoreErrors: true, ...(signal ? { signal } : {}) });
}
