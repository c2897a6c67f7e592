import { LogoutPost } from '../../../shared/api/wire/generated.ts';
import { callApi, type CallOptions } from '../client.ts';
import type { ApiAuth } from '../configure.ts';

/**
 * LogoutPost: the server revokes the session's token. `auth` is the session to end, sent as its own headers: the
 * logout ends the session on this device before it asks the server (src/app/session-actions.ts).
 */
export async function revokeSession(auth: ApiAuth, options: CallOptions = {}): Promise<void> {
  const headers = {
    Authorization: `Bearer ${auth.token}`,
    'X-Member-ID': String(auth.memberId),
    'X-Member-Role': auth.role,
  };
  await callApi(LogoutPost, { headers }, options);
}
