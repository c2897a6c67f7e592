import { Link } from 'react-router';
import { getCustomerAllLoans } from '../../lib/api/calls/customer-loans.ts';
import { useLoanCtaDestination } from '../../lib/loan-flow/use-loan-cta.ts';
import { Button } from '../../lib/ui/Button.tsx';
import { Spinner } from '../../lib/ui/Spinner.tsx';
import { useLoad } from '../../lib/ui/use-load.ts';
import { todayInMadrid } from '../../shared/madrid-today.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { routes } from '../../shared/routes/table.ts';
import { LoanHistoryItem } from './LoanHistoryItem.tsx';
import { newestFirst } from './history.ts';
import { CREDIT_HISTORY_TEXTS as TEXT } from './texts.ts';
import './credit-history.css';

/**
 * `creditHistory` (/credit-history): every loan of the customer (CustomerAllLoansGet), newest first, with its
 * amount, dates, §4 label ('No pagado' included), instalments and payments. Loading, failure with 'Reintentar', and
 * how to get a first loan when there is none.
 */
export default function CreditHistoryPage() {
  const { load, retry } = useLoad(async (signal) =>
    newestFirst(await getCustomerAllLoans({ ignoreErrors: true, signal })),
  );
  const loanCta = useLoanCtaDestination();

  const today = todayInMadrid();
  return (
    <section className="page page-credit-history" aria-labelledby="page-title">
      <h1 id="page-title">{routes.creditHistory.title}</h1>
      <p>{TEXT.intro}</p>
      {load.kind === 'loading' && <Spinner label={TEXT.loading} />}
      {load.kind === 'failed' && (
        <div role="alert" className="history-failed">
          <p>{TEXT.loadFailed}</p>
          <Button onPress={retry}>{TEXT.retry}</Button>
        </div>
      )}
      {load.kind === 'ready' && load.value.length === 0 && (
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
      {load.kind === 'ready' && load.value.length > 0 && (
        <ol className="history-loans" aria-label={TEXT.listLabel}>
          {load.value.map((loan, index) => (
            <LoanHistoryItem key={loan.id} loan={loan} today={today} open={index === 0} />
          ))}
        </ol>
      )}
    </section>
  );
}
