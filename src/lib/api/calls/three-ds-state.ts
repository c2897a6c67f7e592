import { callApi } from '../../../lib/api/client.ts';
import type { ThreeDsFlowEvent } from '../../../lib/three-ds/three-ds-flow.ts';
import { ThreeDsStateGet } from '../../../shared/api/card.ts';

/** ThreeDsStateGet: the card's 3-D Secure state by track id (the flow's `poll`). A failure fails the flow. */
export function getThreeDsState(trackId: string, signal: AbortSignal): Promise<ThreeDsFlowEvent> {
  return callApi(ThreeDsStateGet, { query: { trackId } }, { signal, ignoreErrors: true });
}
