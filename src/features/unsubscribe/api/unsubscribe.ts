import { callApi } from '../../../lib/api/client.ts';
import { CommMarketingUnsubscribePost, type UnsubscribePayload } from '../../../shared/api/communication.ts';

/**
 * CommMarketingUnsubscribePost (first document §7): its failure is only logged (§8), so the global error dialogs
 * are skipped; the page tells the customer what happened in its own words.
 */
export function unsubscribe(payload: UnsubscribePayload): Promise<unknown> {
  return callApi(CommMarketingUnsubscribePost, { body: payload }, { ignoreErrors: true });
}
