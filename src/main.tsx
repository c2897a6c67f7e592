import './lib/ui/tokens.css';
import './lib/ui/button.css';
import './app/app.css';
import { Provider } from 'jotai';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { bootstrap } from './app/bootstrap.ts';
import { navigateOutsideReact } from './app/navigation.ts';
import { AppRoutes } from './app/router.tsx';
import { ErrorBoundary } from './app/shell/ErrorBoundary.tsx';
import { PageLoading } from './app/shell/PageLoading.tsx';
import { persistedAtoms } from './lib/storage/atoms.ts';
import { hydrate } from './lib/storage/persisted-atom.ts';
import { appStore } from './lib/storage/store.ts';

bootstrap(appStore, navigateOutsideReact);

// Start-up waits for the stored state (a few milliseconds of IndexedDB) before the first render: nothing suspends.
await hydrate(appStore, persistedAtoms);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ErrorBoundary standalone>
        <Provider store={appStore}>
          {/* Stored state is hydrated before this render; the boundary is for lazily loaded code. */}
          <Suspense fallback={<PageLoading />}>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </Suspense>
        </Provider>
      </ErrorBoundary>
    </StrictMode>,
  );
}
