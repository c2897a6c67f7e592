import { callApi, type CallOptions } from '../../../lib/api/client.ts';
import { ChangePasswordPost, type ChangePasswordPayload } from '../../../shared/api/registration.ts';

/** ChangePasswordPost: the logged-in customer's new password (update-password modal). */
export function changePassword(body: ChangePasswordPayload, options?: CallOptions): Promise<boolean> {
  return callApi(ChangePasswordPost, { body }, options);
}
