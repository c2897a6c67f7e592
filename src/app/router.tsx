import { Navigate, Route, Routes, useLocation } from 'react-router';
import { redirectRowTarget } from '../shared/routes/access.ts';
import type { RouteDefinition } from '../shared/routes/table.ts';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { routeCandidates } from './route-candidates.ts';
import { Layout } from './shell/Layout.tsx';
import { RoutePage } from './shell/RoutePage.tsx';

/**
 * Every route of the shared table under the shell layout. Declarative routing (`<BrowserRouter>` + `<Routes>`): the
 * app loads data per page, so react-router's data-router layer (loaders, actions, fetchers: ~16 KB gzip) stays out
 * of the first load; render errors are caught by the shell's error boundary (crash screen). `<Routes>` gets only the
 * rows that can match the current path (route-candidates.ts): it ranks whatever it is given on every render.
 */

/** A redirect row of the table (/iniciar-sesion → /login keeping the query, /policita-privacidad → …). */
function RedirectRow({ route }: { route: RouteDefinition }) {
  const { search } = useLocation();
  return <Navigate to={redirectRowTarget(route.key, search) ?? '/'} replace />;
}

function elementFor(route: RouteDefinition) {
  switch (route.kind) {
    case 'redirect':
      return <RedirectRow route={route} />;
    case 'notFound':
      return <NotFoundPage />;
    default:
      return <RoutePage routeKey={route.key} />;
  }
}

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <Routes>
      <Route element={<Layout />}>
        {routeCandidates(pathname).map((route) => (
          <Route key={route.key} path={route.path} element={elementFor(route)} />
        ))}
      </Route>
    </Routes>
  );
}
