import { callApi, type CallOptions } from '../../../lib/api/client.ts';
import type { Session } from '../../../shared/api/customer-schemas.ts';
import { ValidateAndChangePasswordPost, type ResetPasswordPayload } from '../../../shared/api/registration.ts';

/** ValidateAndChangePasswordPost: checks the SMS PIN, sets the new password and starts a session. */
export function resetPassword(body: ResetPasswordPayload, options?: CallOptions): Promise<Session> {
  return callApi(ValidateAndChangePasswordPost, { body }, options);
}
