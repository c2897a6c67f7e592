import { startSession } from '../../lib/session/session.ts';
import type { AppStore } from '../../lib/storage/store.ts';
import type { Session } from '../../shared/api/customer-schemas.ts';

/**
 * Starts the session of a login or reset answer: the token and the member details are stored (with the basic
 * details for the next greeting when the login form's 'Recordarme' was ticked; a reset leaves them as they are).
 * Returns whether the customer must choose a new password (update-password modal).
 */
export async function beginSession(
  store: AppStore,
  { token, customerDetails }: Session,
  { rememberMe }: { rememberMe?: boolean } = {},
): Promise<boolean> {
  const { passwordRequired, ...memberDetails } = customerDetails;
  await startSession(
    store,
    { token, memberDetails },
    rememberMe === undefined ? { passwordRequired } : { passwordRequired, rememberMe },
  );
  return passwordRequired;
}
