import { act, cleanup } from '@testing-library/react';
import { Provider } from 'jotai';
import { StrictMode, Suspense } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { preloadPage } from '../../../../src/app/route-pages.ts';
import { AppRoutes } from '../../../../src/app/router.tsx';
import { ErrorBoundary } from '../../../../src/app/shell/ErrorBoundary.tsx';
import { PageLoading } from '../../../../src/app/shell/PageLoading.tsx';
import { persistedAtoms } from '../../../../src/lib/storage/atoms.ts';
import { hydrate } from '../../../../src/lib/storage/persisted-atom.ts';
import { appStore } from '../../../../src/lib/storage/store.ts';
import { prerenderedPages, renderPage } from '../../../../src/prerender.tsx';
import { routes } from '../../../../src/shared/routes/table.ts';

/**
 * The app takes a pre-rendered page over by rendering into the root (src/main.tsx), so the page does not move only
 * if the build's HTML is what the app's first render produces for a visitor. Both are rendered here from the same
 * code, the build's with react-dom's static renderer (src/prerender.tsx), and compared.
 *
 * The app's renders all come first: in one process, react-dom's server renderer leaves the last context values it
 * used in place (harmless at build time, where nothing else renders), which would put a client render after it
 * inside a router.
 */

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
  cleanup();
});

/**
 * The markup as a tree, up to what differs between React's renderers without changing the page: comments (Suspense
 * and text markers), how text is split into nodes, the order of attributes, and generated ids (`useId`). Resource
 * hints that the static renderer puts first (the build moves them into the head) are left out, and so are
 * `<dialog>` elements: modals live in the top layer, outside the page's layout (the cookie consent modal is closed,
 * so not displayed, in the build's HTML, and opened by the app). The header's account area and offer banner depend
 * on who the customer is: the build leaves them empty (checked below) and the app fills them in.
 */
function canonical(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const id = (value: string) => value.replace(/_[rR]_[0-9a-zA-Z]+_/g, '_id_');
  const walk = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
    if (node.nodeType !== Node.ELEMENT_NODE) return '';
    const element = node as Element;
    if (element.localName === 'dialog' || element.classList.contains('offer-banner')) return '';
    if (element.classList.contains('header-account')) return '<div class="header-account"></div>';
    const attributes = [...element.attributes]
      .map((attribute) => `${attribute.name}="${id(attribute.value)}"`)
      .sort()
      .join(' ');
    const children = [...element.childNodes].map(walk).join('');
    return `<${element.localName}${attributes ? ` ${attributes}` : ''}>${children}</${element.localName}>`;
  };
  return [...template.content.childNodes]
    .filter((node) => !(node instanceof HTMLLinkElement))
    .map(walk)
    .join('');
}

async function clientRender(path: string): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.append(container);
  await preloadPage(prerenderedPages.find((page) => page.path === path)?.key ?? 'home');
  root = createRoot(container);
  // As src/main.tsx: the page's code first, then one ordinary render.
  let firstCommit = '';
  const observer = new MutationObserver(() => (firstCommit ||= container.innerHTML));
  observer.observe(container, { childList: true });
  await act(async () => {
    root?.render(
      <StrictMode>
        <ErrorBoundary standalone>
          <Provider store={appStore}>
            <Suspense fallback={<PageLoading />}>
              <MemoryRouter initialEntries={[path]}>
                <AppRoutes />
              </MemoryRouter>
            </Suspense>
          </Provider>
        </ErrorBoundary>
      </StrictMode>,
    );
  });
  observer.disconnect();
  container.dataset.firstCommit = firstCommit;
  return container;
}

const staticPages = prerenderedPages.filter((page) => page.key !== 'home');
const firstRenders = new Map<string, string>();

beforeAll(async () => {
  // As src/main.tsx: the stored state is read before the first render (here: nothing stored, a visitor).
  await hydrate(appStore, persistedAtoms);
  for (const page of staticPages) {
    const client = await clientRender(page.path);
    // What the first commit put in the root: the page itself, never the loading fallback.
    firstRenders.set(page.path, client.dataset.firstCommit ?? '');
    root?.unmount();
    root = undefined;
    client.remove();
  }
});

describe('pre-rendered pages', () => {
  it('list the home page and the nine static pages with their route titles', () => {
    expect(prerenderedPages.map((page) => [page.path, page.title])).toEqual(
      [
        'home',
        'howItWorks',
        'quickLoans',
        'miniLoans',
        'aboutUs',
        'cookies',
        'privacyPolicy',
        'termsAndConditions',
        'contactUs',
        'faq',
      ].map((key) => [
        routes[key as keyof typeof routes].path,
        `Préstamo Rápido | ${routes[key as keyof typeof routes].title}`,
      ]),
    );
  });

  it.each(staticPages.map((page) => [page.path, page] as const))(
    '%s: the build HTML has the whole page (no loading fallback) and equals the app’s first render for a visitor, but for who they are',
    async (path, page) => {
      const firstRender = firstRenders.get(path) ?? '';
      expect(firstRender).toContain('<h1');
      expect(firstRender).not.toContain('page-loading');

      const built = await renderPage(path);
      const parsed = document.createElement('div');
      parsed.innerHTML = built;
      expect(parsed.querySelector('h1')?.textContent).toBe(routes[page.key].title);
      expect(parsed.querySelector('.page-loading')).toBeNull();
      // Nobody is known at build time: no login button (a logged-in customer must never see it), no offer banner.
      expect(parsed.querySelector('.header-account')?.childElementCount).toBe(0);
      expect(parsed.querySelector('.header-account')?.getAttribute('aria-busy')).toBe('true');
      expect(parsed.querySelector('.header-login, .offer-banner')).toBeNull();
      expect(canonical(built)).toBe(canonical(firstRender));
    },
  );
});
