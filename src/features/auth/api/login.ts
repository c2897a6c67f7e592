import { callApi, type CallOptions } from '../../../lib/api/client.ts';
import type { Session } from '../../../shared/api/customer-schemas.ts';
import { LoginPost, type LoginPayload } from '../../../shared/api/membership.ts';

/** LoginPost: phone and PIN/password; answers the token and the customer details (with passwordRequired). */
export function login(body: LoginPayload, options?: CallOptions): Promise<Session> {
  return callApi(LoginPost, { body }, options);
}
