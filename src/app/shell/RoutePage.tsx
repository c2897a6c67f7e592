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
 * One route of the table: its document title (product name, then page), the access check of first document §6, then
 * its lazily loaded page. Denied visitors see the login-required notice; denied customers are redirected by status
 * (bank credentials redirects by status even when granted).
 */
export function RoutePage({ routeKey }: { routeKey: RouteKey }) {
  const { ready, status } = useSession();
  const location = useLocation();

  useEffect(() => {
    document.title = documentTitle(routeKey);
  }, [routeKey]);
  // A page view is named by its route's pattern (`/r/:repayToken`), never by the address: no token or id leaves.
  useEffect(() => {
    trackPage(routes[routeKey].path);
  }, [routeKey, location.pathname]);

  if (!ready && needsSession(routeKey)) return <PageLoading />;
  const decision = decideAccess(routeKey, status);
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
