import { LogoutPost } from '../../../shared/api/wire/generated.ts';
import { callApi, type CallOptions } from '../client.ts';

/** LogoutPost: the server revokes the session's token. */
export async function revokeSession(options: CallOptions = {}): Promise<void> {
  await callApi(LogoutPost, {}, options);
}
