import { useStore } from 'jotai';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useLoanCtaDestination } from '../../lib/loan-flow/use-loan-cta.ts';
import { loadLoans } from '../../lib/loans/load-loans.ts';
import { firstPayablePayment } from '../../lib/loans/loan-links.ts';
import { useLoans } from '../../lib/loans/use-loans.ts';
import { lastRepaidLoanId } from '../../lib/reviews/review-loan.ts';
import { ReviewInvitation } from '../../lib/reviews/ReviewInvitation.tsx';
import { keepReopenSnapshot, clearReopenSnapshot } from '../../lib/loans/reopen-snapshot.ts';
import { useSession, useSessionChecking } from '../../lib/session/session.ts';
import { sessionAtom } from '../../lib/storage/atoms.ts';
import { Button } from '../../lib/ui/Button.tsx';
import { DataAgeNote } from '../../lib/ui/DataAgeNote.tsx';
import { Spinner } from '../../lib/ui/Spinner.tsx';
import type { Loan } from '../../shared/api/loan-schemas.ts';
import { todayInMadrid } from '../../shared/madrid-today.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { routes } from '../../shared/routes/table.ts';
import { AlreadyPaidNote } from './AlreadyPaidNote.tsx';
import { CollectionNotice } from './CollectionNotice.tsx';
import { CreditSummary } from './CreditSummary.tsx';
import { openLoansInOrder, pendingKind } from './loan-summary.ts';
import { reopenSnapshotOf } from './reopen-snapshot.ts';
import { DASHBOARD_PAGE_TEXTS as TEXT } from './texts.ts';
import './dashboard.css';

/** Why paying is disabled while the loans shown are the kept copy. */
const STALE_TEXTS = {
  offline: TEXT.offlineReason,
  notUpdated: TEXT.staleReason,
  retry: TEXT.retry,
  checking: TEXT.checkingReason,
};

/** Navigation state that shows 'Ya está pagada' (the payment page, `accion=pagar` with nothing payable). */
export interface DashboardNavigationState {
  readonly notice?: 'alreadyPaid';
}

const positiveId = (value: string | null): number | undefined => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/**
 * `dashboard` (/dashboard): a credit summary for each open loan of the customer (second document §2), from the loans
 * every part of the shell reads (src/lib/loans: CustomerAllLoansGet, kept for the session so it shows offline with its
 * age and the actions disabled; opened before start-up has checked the session, the kept loans show at once, marked
 * the same way, until the fresh answer replaces them). Without an open loan: how to get one (the loan call-to-action's destination by
 * status); a declined customer goes to dashboardDeclined (§2). `?accion=pagar[&loanId=]` (a reminder's link) goes
 * on to the first payable instalment's payment page, or stays with 'Ya está pagada' when nothing is payable.
 */
export default function DashboardPage() {
  const store = useStore();
  const { state, loans, savedAt, stale, checking, online, reload } = useLoans({ refresh: true });
  useFollowPendingLoans(loans, online, reload);
  const { status } = useSession();
  const sessionChecking = useSessionChecking();
  const loanCta = useLoanCtaDestination();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const reasonId = useId();
  const payAction = search.get('accion') === 'pagar';
  const askedLoanId = positiveId(search.get('loanId'));
  const [resolving, setResolving] = useState(payAction);

  useEffect(() => {
    // Opened before start-up has checked the session (the kept loans show): the payment page waits for the fresh ones.
    if (!payAction || sessionChecking) return;
    let live = true;
    // The load the page started (shared): the payment page of what is payable now, not of an older answer.
    void loadLoans(store).then((loaded) => {
      if (!live) return;
      setResolving(false);
      if (loaded.kind !== 'ready') return;
      const target = firstPayablePayment(loaded.loans, todayInMadrid(), askedLoanId);
      if (target) void navigate(target.path, { replace: true });
      else {
        const state: DashboardNavigationState = { notice: 'alreadyPaid' };
        void navigate(buildPath('dashboard'), { replace: true, state });
      }
    });
    return () => {
      live = false;
    };
  }, [payAction, askedLoanId, store, navigate, sessionChecking]);

  const open = loans ? openLoansInOrder(loans) : undefined;
  useKeepReopenSnapshot(state.kind === 'ready' && !stale ? loans : undefined, savedAt);
  if (open !== undefined && open.length === 0 && status === 'declined') {
    return <Navigate to={buildPath('dashboardDeclined')} replace />;
  }
  const dashboardPath = buildPath('dashboard');
  const today = todayInMadrid();
  const notice = (location.state as DashboardNavigationState | null)?.notice;
  const reviewLoanId = open !== undefined && open.length === 0 && !stale ? lastRepaidLoanId(loans ?? []) : null;

  return (
    <section className="page page-dashboard" aria-labelledby="page-title">
      <h1 id="page-title">{routes.dashboard.title}</h1>
      <CollectionNotice status={status} />
      {notice === 'alreadyPaid' && <AlreadyPaidNote key={location.key} />}
      {(state.kind === 'idle' || state.kind === 'loading' || resolving) && open === undefined && (
        <Spinner label={TEXT.loading} />
      )}
      {state.kind === 'failed' && (
        <div role="alert" className="dashboard-failed">
          <p>{TEXT.loadFailed}</p>
          <Button onPress={() => void reload()}>{TEXT.retry}</Button>
        </div>
      )}
      {stale && savedAt !== undefined && (
        <DataAgeNote
          savedAt={savedAt}
          online={online}
          texts={STALE_TEXTS}
          checking={checking}
          reasonId={reasonId}
          onRetry={() => void reload()}
        />
      )}
      {open?.map((loan) => (
        <CreditSummary
          key={loan.id}
          loan={loan}
          customerLoans={loans ?? []}
          today={today}
          disabledReasonId={stale ? reasonId : undefined}
        />
      ))}
      {open !== undefined && open.length === 0 && (
        <div className="dashboard-empty">
          <h2>{TEXT.noLoanTitle}</h2>
          <p>{TEXT.noLoan}</p>
          {loanCta !== dashboardPath && (
            <Link className="ui-button ui-button--primary" to={loanCta}>
              {TEXT.requestLoan}
            </Link>
          )}
          {reviewLoanId !== null && <ReviewInvitation loanId={reviewLoanId} />}
        </div>
      )}
    </section>
  );
}

/**
 * After each render of a fresh answer, keeps what the installed app paints at once the next time it opens here
 * (src/lib/loans/reopen-snapshot.ts), bound to the stored session (its expiry); without an open loan to
 * show, nothing is kept.
 */
function useKeepReopenSnapshot(loans: readonly Loan[] | undefined, savedAt: number | undefined): void {
  const store = useStore();
  useEffect(() => {
    if (loans === undefined || savedAt === undefined) return;
    const entry = store.get(sessionAtom.entryAtom);
    if (entry instanceof Promise || entry.value === null || entry.expiresAt === null) return;
    const snapshot = reopenSnapshotOf(openLoansInOrder(loans), {
      savedAt,
      expiresAt: entry.expiresAt,
      today: todayInMadrid(),
    });
    if (snapshot === null) clearReopenSnapshot();
    else keepReopenSnapshot(snapshot);
  }, [store, loans, savedAt]);
}

/** How often a loan on its way (requested, being paid out) is read again while the dashboard is open and visible. */
export const PENDING_LOAN_REFRESH_MS = 10_000;

/**
 * The dashboard follows a loan that is on its way (requested, agreement accepted, transfer in progress) to its next
 * status by itself — 'En proceso' becomes 'Activo' once the payout is made, without a manual reload: while such a
 * loan is shown, the page is visible and online, the loans are read again every PENDING_LOAN_REFRESH_MS, and at once
 * when the page becomes visible again (the payout push brings the customer back to it).
 */
function useFollowPendingLoans(
  loans: readonly Loan[] | undefined,
  online: boolean,
  reload: () => Promise<unknown>,
): void {
  const waiting = loans?.some((loan) => pendingKind(loan) !== undefined) ?? false;
  const reloadRef = useRef(reload);
  useLayoutEffect(() => {
    reloadRef.current = reload;
  }, [reload]);
  useEffect(() => {
    if (!waiting || !online) return;
    const refresh = () => {
      if (document.visibilityState === 'visible') void reloadRef.current();
    };
    const timer = setInterval(refresh, PENDING_LOAN_REFRESH_MS);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [waiting, online]);
}
