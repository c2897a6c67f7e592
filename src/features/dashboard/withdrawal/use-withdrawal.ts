import { useCallback } from 'react';
import type { Loan } from '../../../shared/api/loan-schemas.ts';
import type { WithdrawalQuote } from '../../../shared/api/withdrawal.ts';
import { isActiveLoanStatus } from '../../../shared/loan-statuses.ts';
import { usePageData } from '../../../lib/api/use-page-data.ts';
import { useSessionChecking } from '../../../lib/session/session.ts';
import { getWithdrawalQuote } from './api/get-withdrawal-quote.ts';

/**
 * The withdrawal quote of a running loan (DesistContractGet), loaded with the credit summary through `usePageData`;
 * undefined while loading, when it failed (an error: the summary then shows no withdrawal option; offline, it is
 * asked again once the connection comes back) and for a loan that is not running. `update` applies the answer of
 * DesistContractPost. Asked once start-up has checked the session (the dashboard may show the kept loans before).
 */
export function useWithdrawal(loan: Pick<Loan, 'id' | 'status'>) {
  const running = isActiveLoanStatus(loan.status);
  const checking = useSessionChecking();
  const asked = running && !checking;
  const { load, setLoad } = usePageData(
    (signal): Promise<WithdrawalQuote | undefined> =>
      asked ? getWithdrawalQuote(loan.id, signal) : Promise.resolve(undefined),
    { key: `${loan.id}:${asked}` },
  );
  const update = useCallback((answer: WithdrawalQuote) => setLoad({ kind: 'ready', value: answer }), [setLoad]);
  return { quote: running && load.kind === 'ready' ? load.value : undefined, update };
}
