import { callApi } from '../../../lib/api/client.ts';
import { AttachAffilatesPost, type AffiliateClickPayload } from '../../../shared/api/tracking.ts';

/** AttachAffilatesPost: attaches this browser's campaign landings to the logged-in customer. No global dialogs. */
export async function attachAffiliates(payload: AffiliateClickPayload): Promise<void> {
  await callApi(AttachAffilatesPost, { body: payload }, { ignoreErrors: true });
}
