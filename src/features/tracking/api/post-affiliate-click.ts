import { callApi } from '../../../lib/api/client.ts';
import { AffilateClickPost, type AffiliateClickPayload } from '../../../shared/api/tracking.ts';

/** AffilateClickPost: this browser's campaign landings. Tracking never interrupts the customer: no global dialogs. */
export async function postAffiliateClick(payload: AffiliateClickPayload): Promise<void> {
  await callApi(AffilateClickPost, { body: payload }, { ignoreErrors: true });
}
