import { callApi } from '../../../../lib/api/client.ts';
import { DesistContractGet, type WithdrawalQuote } from '../../../../shared/api/withdrawal.ts';

/**
 * DesistContractGet: the withdrawal quote of a loan (eligible, the deadline, the amount today, the notice if given).
 * Global errors skipped: without it the credit summary simply shows no withdrawal option.
 */
export function getWithdrawalQuote(loanId: number, signal?: AbortSignal): Promise<WithdrawalQuote> {
  return callApi(
    DesistContractGet,
    { query: { loanId } },
    signal ? { signal, ignoreErrors: true } : { ignoreErrors: true },
  );
}
