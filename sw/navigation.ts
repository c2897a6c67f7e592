import { APP_SHELL_FILE, prerenderedFileFor } from '../src/shared/prerendered-pages.ts';

/**
 * The precached document that answers a navigation: a pre-rendered page's own HTML for its path (the static pages,
 * and `/` the home page), otherwise the app shell without page content (`/app.html`). A build without them (older
 * precache) falls back to `/index.html`, the shell of old.
 */
export function navigationDocument(pathname: string, isPrecached: (url: string) => boolean): string {
  const file = prerenderedFileFor(pathname);
  if (file !== null && isPrecached(`/${file}`)) return `/${file}`;
  const shell = `/${APP_SHELL_FILE}`;
  return isPrecached(shell) ? shell : '/index.html';
}
