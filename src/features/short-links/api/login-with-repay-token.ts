import { callApi } from '../../../lib/api/client.ts';
import { LoginWithRepayTokenPostByRepayToken, type Session } from '../../../shared/api/membership.ts';

/** Logs in with the repay token of a short link (first document §7). */
export function loginWithRepayToken(repayToken: string): Promise<Session> {
  return callApi(LoginWithRepayTokenPostByRepayToken, { params: { repayToken } });
}
