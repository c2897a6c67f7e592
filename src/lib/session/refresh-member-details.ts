import { getMemberDetails } from '../api/calls/get-member-details.ts';
import type { CallOptions } from '../api/client.ts';
import type { AppStore } from '../storage/store.ts';
import { updateMemberDetails } from './session.ts';

/**
 * Fetches the customer's details and stores them in the session, e.g. when a call answered that their status changed
 * elsewhere (another tab). Never rejects: by default (`ignoreErrors`) the page's own 'Aviso' has already told the
 * customer and the next start-up refreshes the details; with other options the global error handling shows what the
 * customer needs to see.
 */
export async function refreshMemberDetails(
  store: AppStore,
  options: CallOptions = { ignoreErrors: true },
): Promise<void> {
  try {
    await updateMemberDetails(store, await getMemberDetails(options));
  } catch {
    // see above: nothing more to do here
  }
}
