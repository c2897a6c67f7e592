import './lib/ui/tokens.css';
import './lib/ui/button.css';
import './app/app.css';
// Start-up in stages, each evaluated in its own task (see the stage files), so the page answers input in between. The
// first load carries no zod: the stored state and the calculator's calls use generated codecs (src/shared/api/wire).
import './app/start/stage-stored-state.ts';
import './app/start/stage-react.ts';
import { Provider } from 'jotai';
import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { bootstrap } from './app/bootstrap.ts';
import { navigateOutsideReact } from './app/navigation.ts';
import { preloadPage } from './app/route-pages.ts';
import { AppRoutes } from './app/router.tsx';
import { ErrorBoundary } from './app/shell/ErrorBoundary.tsx';
import { PageLoading } from './app/shell/PageLoading.tsx';
import { TakeoverSignal } from './app/shell/TakeoverSignal.tsx';
import { cookieConsentAtom, persistedAtoms, sessionAtom } from './lib/storage/atoms.ts';
import { hydrate, keepMounted } from './lib/storage/persisted-atom.ts';
import { appStore } from './lib/storage/store.ts';
import { matchRoute } from './shared/routes/paths.ts';
import { yieldToMain } from './lib/scheduling/yield-to-main.ts';
import { enterReadOnlyView } from './lib/session/read-only-view.ts';

// A staff member's read-only view (/morph#t=…) is decided before any stored state is read: its state lives in memory.
enterReadOnlyView();
// The app's modules were evaluated in this task: start it in the next one.
await yieldToMain();
bootstrap(appStore, navigateOutsideReact);

// Start-up waits for the stored state (a few milliseconds of IndexedDB) before the first render: nothing suspends.
await hydrate(appStore, persistedAtoms);
// Every stored value expires on time and follows the other tabs, read by a component or not.
keepMounted(appStore, persistedAtoms);

const root = document.getElementById('root');
if (root) {
  // A page pre-rendered at build time (scripts/vite-prerender.ts) is hydrated when what the browser has stored is what
  // the build rendered with: no session (the header) and no cookie choice (the consent modal, in the build's markup).
  // Hydrating keeps the page's DOM: no second copy of the page is built, swapped in and laid out again. Otherwise
  // the app renders over the build's markup, which it replaces in one commit by its own (the same page, with the
  // customer's header), without a flash or a layout shift.
  const prerendered = root.dataset.prerendered !== undefined;
  const hydrating = prerendered && appStore.get(sessionAtom) === null && appStore.get(cookieConsentAtom) === null;
  const app = (
    <StrictMode>
      <ErrorBoundary standalone>
        <Provider store={appStore}>
          <TakeoverSignal root={root}>
            {/* Stored state is hydrated before this render; the boundary is for lazily loaded code. */}
            <Suspense fallback={<PageLoading />}>
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            </Suspense>
          </TakeoverSignal>
        </Provider>
      </ErrorBoundary>
    </StrictMode>
  );
  if (prerendered) {
    // With the page's code loaded first, the first render never suspends. Not awaited here: the page's chunk imports
    // this module's chunk, which must first finish evaluating (a top-level await on it would wait forever).
    void preloadPage(matchRoute(window.location.pathname).key)
      .catch(() => undefined)
      .then(() => {
        if (hydrating) {
          // In a transition, the hydration is time-sliced (at its default priority it is one task: the whole page).
          startTransition(() => {
            hydrateRoot(root, app, {
              // A difference from the build's markup: React renders that part again on the client, which is what
              // rendering over the page would have done. Worth a warning (the e2e tests assert there is none).
              onRecoverableError: (error) => console.warn('The pre-rendered page was rendered again', error),
            });
          });
        } else {
          const reactRoot = createRoot(root);
          startTransition(() => reactRoot.render(app));
        }
      });
  } else {
    createRoot(root).render(app);
  }
}
