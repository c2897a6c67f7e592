import { callApi, type CallOptions } from '../../../lib/api/client.ts';
import { ForgotPinPost, type ForgotPinPayload } from '../../../shared/api/registration.ts';

/** ForgotPinPost: sends a PIN by SMS to reset the password (also 'No he recibido el PIN'). */
export function requestPin(body: ForgotPinPayload, options?: CallOptions): Promise<boolean> {
  return callApi(ForgotPinPost, { body }, options);
}
