import { ThreeDsStateGet, type ThreeDsEvent } from '../../../shared/api/card.ts';
import { callApi } from '../client.ts';

/**
 * ThreeDsStateGet: the 3-D Secure state by track id (the `poll` of `ThreeDsFlow`). It serves both flows that ask for
 * 3-D Secure: a card being added (features/cards) and a loan payment's card charge (features/payment). A failure
 * fails the flow.
 */
export function getThreeDsState(trackId: string, signal: AbortSignal): Promise<ThreeDsEvent> {
  return callApi(ThreeDsStateGet, { query: { trackId } }, { signal, ignoreErrors: true });
}
