import { callApi } from '../../../lib/api/client.ts';
import type { Session } from '../../../shared/api/customer-schemas.ts';
import { HandoverLoginPost } from '../../../shared/api/links.ts';

/** HandoverLoginPost: the SMS code starts the customer's session; the link is then used up. */
export function loginWithHandover(introductionId: string, code: string): Promise<Session> {
  return callApi(HandoverLoginPost, { params: { introductionId }, body: { code } });
}
