import { useCallback, useEffect, useState } from 'react';
import type { Loan } from '../../../shared/api/loan-schemas.ts';
import type { WithdrawalQuote } from '../../../shared/api/withdrawal.ts';
import { isActiveLoanStatus } from '../../../shared/loan-statuses.ts';
import { useSessionChecking } from '../../../lib/session/session.ts';
import { getWithdrawalQuote } from './api.ts';

/**
 * The withdrawal quote of a running loan (DesistContractGet), loaded with the credit summary; undefined while
 * loading, when it failed (offline, an error: the summary then shows no withdrawal option) and for a loan that is not
 * running. `update` applies the answer of DesistContractPost. Asked once start-up has checked the session (the
 * dashboard may show the kept loans before).
 */
export function useWithdrawal(loan: Pick<Loan, 'id' | 'status'>) {
  const running = isActiveLoanStatus(loan.status);
  const checking = useSessionChecking();
  const [quote, setQuote] = useState<WithdrawalQuote | undefined>(undefined);
  useEffect(() => {
    if (!running || checking) return;
    const controller = new AbortController();
    getWithdrawalQuote(loan.id, controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted) setQuote(answer);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [loan.id, running, checking]);
  const update = useCallback((answer: WithdrawalQuote) => setQuote(answer), []);
  return { quote: running ? quote : undefined, update };
}
