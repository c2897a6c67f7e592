import { callApi } from '../../../lib/api/client.ts';
import { HandoverGet, type Handover } from '../../../shared/api/links.ts';

/** HandoverGet: whom the link's code goes to, while the introduction can be used (else TokenNotValid). */
export function getHandover(introductionId: string, signal: AbortSignal): Promise<Handover> {
  return callApi(HandoverGet, { params: { introductionId } }, { signal });
}
