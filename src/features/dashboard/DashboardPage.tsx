import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { getCustomerLoansByStatus } from '../../lib/api/calls/customer-loans.ts';
import { useLoanCtaDestination } from '../../lib/loan-flow/use-loan-cta.ts';
import { useSession } from '../../lib/session/session.ts';
import { Button } from '../../lib/ui/Button.tsx';
import { Spinner } from '../../lib/ui/Spinner.tsx';
import type { Loan } from '../../shared/api/loan.ts';
import { todayInMadrid } from '../../shared/madrid-today.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { routes } from '../../shared/routes/table.ts';
import { openLoanStatuses } from '../../shared/statuses.ts';
import { CreditSummary } from './CreditSummary.tsx';
import { currentLoan } from './loan-summary.ts';
import { DASHBOARD_PAGE_TEXTS as TEXT } from './texts.ts';
import './dashboard.css';

type Load =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly loans: readonly Loan[] }
  | { readonly kind: 'failed' };

/**
 * `dashboard` (/dashboard): the customer's open loans (CustomerLoansByStatusGet with every open status) and the
 * credit summary of the current one (second document §2). Without an open loan: how to get one (the loan
 * call-to-action's destination by status); a declined customer goes to dashboardDeclined (§2).
 */
export default function DashboardPage() {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const { status } = useSession();
  const loanCta = useLoanCtaDestination();

  const reload = useCallback((signal?: AbortSignal) => {
    getCustomerLoansByStatus(openLoanStatuses, signal ? { ignoreErrors: true, signal } : { ignoreErrors: true }).then(
      (loans) => {
        if (!signal?.aborted) setLoad({ kind: 'ready', loans });
      },
      () => {
        if (!signal?.aborted) setLoad({ kind: 'failed' });
      },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    reload(controller.signal);
    return () => controller.abort();
  }, [reload]);

  const loan = load.kind === 'ready' ? currentLoan(load.loans) : undefined;
  if (load.kind === 'ready' && loan === undefined && status === 'declined') {
    return <Navigate to={buildPath('dashboardDeclined')} replace />;
  }
  const dashboardPath = buildPath('dashboard');

  return (
    <section className="page page-dashboard" aria-labelledby="page-title">
      <h1 id="page-title">{routes.dashboard.title}</h1>
      {load.kind === 'loading' && <Spinner label={TEXT.loading} />}
      {load.kind === 'failed' && (
        <div role="alert" className="dashboard-failed">
          <p>{TEXT.loadFailed}</p>
          <Button
            onPress={() => {
              setLoad({ kind: 'loading' });
              reload();
            }}
          >
            {TEXT.retry}
          </Button>
        </div>
      )}
      {loan !== undefined && <CreditSummary loan={loan} today={todayInMadrid()} />}
      {load.kind === 'ready' && loan === undefined && (
        <div className="dashboard-empty">
          <h2>{TEXT.noLoanTitle}</h2>
          <p>{TEXT.noLoan}</p>
          {loanCta !== dashboardPath && (
            <Link className="ui-button ui-button--primary" to={loanCta}>
              {TEXT.requestLoan}
            </Link>
          )}
        </div>
      )}
    </section>
  );
}
