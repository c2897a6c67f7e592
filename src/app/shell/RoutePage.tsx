import { Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { trackPage } from '../../lib/analytics/analytics.ts';
import { useSession } from '../../lib/session/session.ts';
import { safeRedirectPath } from '../../shared/redirect-target.ts';
import { decideAccess } from '../../shared/routes/access.ts';
import { documentTitle, routes, type RouteKey } from '../../shared/routes/table.ts';
import { pages } from '../route-pages.ts';
import { LoginRequired } from './LoginRequired.tsx';
import { PageLoading } from './PageLoading.tsx';
import { RouteKeyContext } from './route-key-context.ts';

/** Routes whose decision depends on who the customer is: they wait for start-up. Open pages render at once. */
const needsSession = (key: RouteKey): boolean => {
  const route = routes[key];
  return route.requiresLogin || route.anonymousOnly || route.redirectByStatusWhenGranted;
};

/**
 * Pages that show the customer's data kept on the device at once: opened before start-up has checked the
 * stored session, they render for its customer when the stored status is allowed there, with the data kept from the
 * last visit marked with its age and paying disabled (src/lib/loans `checking`), until the fresh answer replaces it.
 * The session check still decides: a session it ends sends the customer where a visitor goes, a new status where
 * that status goes.
 */
const PAINTS_KEPT_DATA: ReadonlySet<RouteKey> = new Set<RouteKey>(['dashboard']);

/**
 * One route of the table: its document title (product name, then page), the access check of first document §6, then
 * its lazily loaded page. Denied visitors see the login-required notice; denied customers are redirected by status
 * (bank credentials redirects by status even when granted).
 */
export function RoutePage({ routeKey }: { routeKey: RouteKey }) {
  const { ready, known, status } = useSession();
  const location = useLocation();

  useEffect(() => {
    document.title = documentTitle(routeKey);
  }, [routeKey]);
  // A page view is named by its route's pattern (`/r/:repayToken`), never by the address: no token or id leaves.
  useEffect(() => {
    trackPage(routes[routeKey].path);
  }, [routeKey, location.pathname]);

  const decision = decideAccess(routeKey, status);
  const paintsKept = known && status !== null && PAINTS_KEPT_DATA.has(routeKey) && decision.kind === 'allow';
  if (!ready && needsSession(routeKey) && !paintsKept) return <PageLoading />;
  if (decision.kind === 'redirect') {
    // A customer who has just logged in on an anonymous-only page (login, reset) goes where the page would send
    // them: its redirectTo when safe, so no status page flashes on the way there.
    const redirectTo = routes[routeKey].anonymousOnly
      ? safeRedirectPath(new URLSearchParams(location.search).get('redirectTo'), window.location.origin)
      : undefined;
    return <Navigate to={redirectTo ?? decision.to} replace />;
  }
  if (decision.kind === 'loginRequired') {
    return <LoginRequired redirectTo={`${location.pathname}${location.search}`} hasStatus={status !== null} />;
  }
  const Page = pages[routeKey];
  return (
    <RouteKeyContext value={routeKey}>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </RouteKeyContext>
  );
}
