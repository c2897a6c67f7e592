import type { CallResponse } from '../../../shared/api/define.ts';
import type { EntryOf } from '../../../shared/api/wire/light-call.ts';
import { TokenGet } from '../../../shared/api/wire/generated.ts';
import { callApi, type CallOptions } from '../client.ts';

/** TokenGet: checks a token (the `jwt` query parameter at start-up) and answers the session to start with it. */
export function getTokenSession(
  token: string,
  options: CallOptions = {},
): Promise<CallResponse<EntryOf<typeof TokenGet>>> {
  return callApi(TokenGet, { params: { token } }, options);
}
