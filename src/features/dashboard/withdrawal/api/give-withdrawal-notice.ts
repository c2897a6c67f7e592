import { callApi } from '../../../../lib/api/client.ts';
import { DesistContractPost, type WithdrawalQuote } from '../../../../shared/api/withdrawal.ts';

/**
 * DesistContractPost: the customer's notice of withdrawal. `idempotencyKey` is the press's key: callApi's own
 * retries and the next press after a lost answer send it again, so one notice is recorded whatever happens.
 */
export function giveWithdrawalNotice(loanId: number, idempotencyKey: string): Promise<WithdrawalQuote> {
  return callApi(DesistContractPost, { body: { loanId } }, { idempotencyKey, ignoreErrors: true });
}
