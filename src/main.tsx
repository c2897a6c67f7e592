import './lib/ui/tokens.css';
import './lib/ui/button.css';
import './app/app.css';
// Start-up in stages, each evaluated in its own task (see the stage files): evaluated at once, the first load's code
// is one task of ~90 ms here and several times that on a mid-range phone, during which the page ignores input. Most
// of it is building the contract's schemas (zod), hence one stage per group of schemas.
import './app/start/stage-statuses.ts';
import './app/start/stage-common-schemas.ts';
import './app/start/stage-stored-state.ts';
import './app/start/stage-quotes.ts';
import './app/start/stage-react.ts';
import { Provider } from 'jotai';
import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { bootstrap } from './app/bootstrap.ts';
import { navigateOutsideReact } from './app/navigation.ts';
import { preloadPage } from './app/route-pages.ts';
import { AppRoutes } from './app/router.tsx';
import { ErrorBoundary } from './app/shell/ErrorBoundary.tsx';
import { PageLoading } from './app/shell/PageLoading.tsx';
import { persistedAtoms } from './lib/storage/atoms.ts';
import { hydrate, keepMounted } from './lib/storage/persisted-atom.ts';
import { appStore } from './lib/storage/store.ts';
import { matchRoute } from './shared/routes/paths.ts';
import { yieldToMain } from './lib/scheduling/yield-to-main.ts';

// The app's modules were evaluated in this task: start it in the next one.
await yieldToMain();
bootstrap(appStore, navigateOutsideReact);

// Start-up waits for the stored state (a few milliseconds of IndexedDB) before the first render: nothing suspends.
await hydrate(appStore, persistedAtoms);
// Every stored value expires on time and follows the other tabs, read by a component or not.
keepMounted(appStore, persistedAtoms);

const root = document.getElementById('root');
if (root) {
  const app = (
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
    </StrictMode>
  );
  const reactRoot = createRoot(root);
  if (root.dataset.prerendered) {
    // A page pre-rendered at build time (scripts/vite-prerender.ts) is taken over by rendering over it, not by
    // hydrating (the header depends on the stored session, which the build cannot know). With its code loaded
    // first, the first render never suspends: the markup is replaced in one commit by the same markup, without a
    // flash or a layout shift. Not awaited here: the page's chunk imports this module's chunk, which must first
    // finish evaluating (a top-level await on it would wait forever).
    void preloadPage(matchRoute(window.location.pathname).key)
      .catch(() => undefined)
      .then(() => startTransition(() => reactRoot.render(app)));
  } else {
    reactRoot.render(app);
  }
}
