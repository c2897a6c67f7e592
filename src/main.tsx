import './shared/zod-jitless.ts';
import './lib/ui/tokens.css';
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
import { appStore } from './lib/storage/store.ts';

bootstrap(appStore, navigateOutsideReact);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ErrorBoundary standalone>
        <Provider store={appStore}>
          {/* The one Suspense boundary of start-up: the stored state is read before the shell renders. */}
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
