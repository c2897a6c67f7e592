import { buildPath } from './routes/paths.ts';
import type { RouteKey } from './routes/table.ts';

/**
 * Pages pre-rendered at build time (scripts/vite-prerender.ts), so that they show and index without JavaScript:
 * the home page's static part and the static pages. The build writes each one's HTML to `<path>/index.html` (the
 * home page to `index.html`) and the app shell without page content to `app.html`; the server and the service worker
 * answer a navigation to one of these paths with its page, and every other navigation with the app shell.
 */
export const prerenderedRouteKeys = [
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
] as const satisfies readonly RouteKey[];
export type PrerenderedRouteKey = (typeof prerenderedRouteKeys)[number];

/** The HTML of the app shell (head, scripts, empty root): the answer to a navigation to any other path. */
export const APP_SHELL_FILE = 'app.html';

/**
 * The CSP sources of the scripts the build writes inline (the pre-rendered pages' loader), as
 * `{ "script-src": ["'sha256-…'"] }`: the server adds them to its `script-src`, so only that exact text may run inline.
 */
export const INLINE_SCRIPT_HASHES_FILE = 'csp-hashes.json';

/** `/` → `index.html`, `/como-funciona` → `como-funciona/index.html` (relative to the build folder). */
export function prerenderedFileOf(path: string): string {
  return path === '/' ? 'index.html' : `${path.replace(/^\/+|\/+$/g, '')}/index.html`;
}

const fileByPath: ReadonlyMap<string, string> = new Map(
  prerenderedRouteKeys.map((key) => {
    const path = buildPath(key);
    return [path, prerenderedFileOf(path)];
  }),
);

/**
 * The pre-rendered file of a navigation's pathname (no query), or null when the path is not pre-rendered. The match
 * is exact, one trailing slash allowed (`/cookie/` is `/cookie`, as the router sees it); case and encoding count.
 */
export function prerenderedFileFor(pathname: string): string | null {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return fileByPath.get(path) ?? null;
}
