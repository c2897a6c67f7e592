import { BACKOFFICE_BASE } from '../src/shared/backoffice.ts';
import { APP_SHELL_FILE, prerenderedFileFor } from '../src/shared/prerendered-pages.ts';
import { SERVER_PATH_PREFIXES } from '../src/shared/sw-messages.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Navigations the service worker never answers, left to the network (Workbox tests each pattern against the URL's
 * path and query): the server-owned paths (API, sandbox pages, logs, version file, health), and the back office,
 * `/backoffice` and everything under it, a build of its own that the server serves (never the customer's shell).
 */
export const navigationDenylist: readonly RegExp[] = [
  ...SERVER_PATH_PREFIXES.map((prefix) => new RegExp(`^${escapeRegExp(prefix)}`)),
  new RegExp(`^${escapeRegExp(BACKOFFICE_BASE)}(?:[/?]|$)`),
];

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
