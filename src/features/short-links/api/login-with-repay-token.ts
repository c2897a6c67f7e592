import { callApi } from '../../../lib/api/client.ts';
import type { Session } from '../../../shared/api/customer-schemas.ts';
import { LoginWithRepayTokenPostByRepayToken } from '../../../shared/api/links.ts';

/** Logs in with the repay token of a short link (first document §7). */
export function loginWithRepayToken(repayToken: string): Promise<Session> {
  return callApi(LoginWithRepayTokenPostByRepayToken, { params: { repayToken } });
}
