import { Provider } from 'jotai';
import { StrictMode, Suspense } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app/router.tsx';
import { ErrorBoundary } from './app/shell/ErrorBoundary.tsx';
import { PageLoading } from './app/shell/PageLoading.tsx';
import { staticPageDescriptions } from './features/static-pages/page-meta.ts';
import { persistedAtoms } from './lib/storage/atoms.ts';
import { hydrate } from './lib/storage/persisted-atom.ts';
import { appStore } from './lib/storage/store.ts';
import { BRAND } from './shared/constants.ts';
import { prerenderedRouteKeys, type PrerenderedRouteKey } from './shared/prerendered-pages.ts';
import { buildPath } from './shared/routes/paths.ts';
import { documentTitle } from './shared/routes/table.ts';

/**
 * The build-time render entry (scripts/vite-prerender.ts loads it in Node at the end of `vite build`): the same tree
 * as src/main.tsx, at one path, with no stored session (IndexedDB does not exist here, so every persisted atom reads
 * as absent). `prerenderToNodeStream` waits for every lazily loaded page, so the HTML is the page's full content,
 * what the client's first render produces.
 *
 * Who the customer is cannot be known at build time, so the header is rendered as while start-up checks a token
 * (`useSession` gives that view to a server render): no account area and no offer banner (a logged-in customer must
 * never see the logged-out header, not even before the app takes over). The app fills them in when it takes over;
 * the rest of the page does not move.
 */

export interface PrerenderedPage {
  readonly key: PrerenderedRouteKey;
  readonly path: string;
  /** The document title: product name, then page (as the client's RoutePage sets it). */
  readonly title: string;
  /** The meta description; null keeps the shell's (the home page). */
  readonly description: string | null;
}

export const prerenderedPages: readonly PrerenderedPage[] = prerenderedRouteKeys.map((key) => ({
  key,
  path: buildPath(key),
  title: documentTitle(key),
  description: key === 'home' ? null : staticPageDescriptions[key],
}));

let hydrated: Promise<void> | undefined;

/** The markup of the app's root element at `path`; rejects when anything fails to render (the build fails). */
export async function renderPage(path: string): Promise<string> {
  hydrated ??= hydrate(appStore, persistedAtoms);
  await hydrated;
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <ErrorBoundary standalone>
        <Provider store={appStore}>
          <Suspense fallback={<PageLoading />}>
            <StaticRouter location={path}>
              <AppRoutes />
            </StaticRouter>
          </Suspense>
        </Provider>
      </ErrorBoundary>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Never outline a large page into a hidden segment swapped in by an inline script: the HTML must read without
      // JavaScript (and the CSP forbids inline scripts).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  if (errors.length > 0) {
    throw new AggregateError(errors, `${BRAND}: pre-rendering ${path} failed: ${String(errors[0])}`);
  }
  const html = Buffer.concat(chunks).toString('utf8');
  if (/<template id="B:|<script/.test(html)) {
    throw new Error(`${BRAND}: pre-rendering ${path} left a pending boundary or an inline script in the HTML`);
  }
  return html;
}
