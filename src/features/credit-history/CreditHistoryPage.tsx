import { useMemo } from 'react';
import { Link } from 'react-router';
import { useLoanCtaDestination } from '../../lib/loan-flow/use-loan-cta.ts';
import { useLoans } from '../../lib/loans/use-loans.ts';
import { Button } from '../../lib/ui/Button.tsx';
import { DataAgeNote } from '../../lib/ui/DataAgeNote.tsx';
import { Spinner } from '../../lib/ui/Spinner.tsx';
import { todayInMadrid } from '../../shared/madrid-today.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { routes } from '../../shared/routes/table.ts';
import { LoanHistoryItem } from './LoanHistoryItem.tsx';
import { newestFirst } from './history.ts';
import { CREDIT_HISTORY_TEXTS as TEXT } from './texts.ts';
import './credit-history.css';

/**
 * `creditHistory` (/credit-history): every loan of the customer, newest first, with its amount, dates, §4 label
 * ('No pagado' included), instalments and payments. The same loans the dashboard reads (src/lib/loans:
 * CustomerAllLoansGet, kept for the session), so offline, or when the load fails, the history shows what it had with
 * its age, as the dashboard does (it failed where the dashboard showed its last data). Loading, failure
 * with 'Reintentar' when nothing is kept, and how to get a first loan when there is none.
 */
export default function CreditHistoryPage() {
  const { state, loans, savedAt, stale, online, reload } = useLoans({ refresh: true });
  const history = useMemo(() => (loans ? newestFirst(loans) : undefined), [loans]);
  const loanCta = useLoanCtaDestination();
  const retry = () => void reload();

  const today = todayInMadrid();
  return (
    <section className="page page-credit-history" aria-labelledby="page-title">
      <h1 id="page-title">{routes.creditHistory.title}</h1>
      <p>{TEXT.intro}</p>
      {history === undefined && (state.kind === 'idle' || state.kind === 'loading') && <Spinner label={TEXT.loading} />}
      {history === undefined && state.kind === 'failed' && (
        <div role="alert" className="history-failed">
          <p>{TEXT.loadFailed}</p>
          <Button onPress={retry}>{TEXT.retry}</Button>
        </div>
      )}
      {stale && savedAt !== undefined && <DataAgeNote savedAt={savedAt} online={online} texts={TEXT} onRetry={retry} />}
      {history !== undefined && history.length === 0 && (
        <div className="history-empty">
          <h2>{TEXT.emptyTitle}</h2>
          <p>{TEXT.empty}</p>
          {loanCta !== buildPath('dashboard') && (
            <Link className="ui-button ui-button--primary" to={loanCta}>
              {TEXT.requestLoan}
            </Link>
          )}
        </div>
      )}
      {history !== undefined && history.length > 0 && (
        <ol className="history-loans" aria-label={TEXT.listLabel}>
          {history.map((loan, index) => (
            <LoanHistoryItem key={loan.id} loan={loan} today={today} open={index === 0} />
          ))}
        </ol>
      )}
    </section>
  );
}
