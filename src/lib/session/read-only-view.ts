import { MORPH_PATH, MORPH_TOKEN_PARAM } from '../../shared/morph.ts';
import { switchToMemoryStorage } from '../storage/backend.ts';
import { disableTabSync } from '../storage/channel.ts';

/**
 * The tab's "read-only view" mode: a staff member's view of a customer's area (MorphToPost, docs/backoffice.md §1
 * «morphTo»), opened at `/morph#t=<token>`. Decided once at boot (`enterReadOnlyView`, before any persisted atom is
 * read) and kept for the tab's life, a reload included (a `sessionStorage` flag, which is the tab's own):
 *
 * - the token is taken from the fragment, which leaves the address bar and the history at once;
 * - the persisted atoms live in memory (src/lib/storage/backend.ts): nothing of the customer's is kept in the
 *   browser, and a customer session stored there is neither read nor overwritten; a reload starts logged out;
 * - the tab is out of the cross-tab sync (storage and logout channels);
 * - no analytics, client log, push subscription, reopen snapshot, cookie banner, marketing or install prompt.
 *
 * Other code asks `isReadOnlyView()`.
 */

/** The tab's flag (`sessionStorage`: this tab only, kept across its reloads). */
export const READ_ONLY_VIEW_FLAG = 'prestamo-rapido.read-only-view';

let readOnly = false;
let pendingToken: string | null = null;

export interface ReadOnlyViewEnvironment {
  readonly location: Pick<Location, 'href'>;
  readonly history: Pick<History, 'state' | 'replaceState'>;
  /** The tab's `sessionStorage` (null when blocked). */
  readonly tabStorage: Pick<Storage, 'getItem' | 'setItem'> | null;
}

const tabStorageOf = (): Pick<Storage, 'getItem' | 'setItem'> | null => {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // storage blocked
  }
};

/** The token of a `/morph#t=<token>` address, or null (another path, no `t`, an empty one). */
function fragmentToken(url: URL): string | null {
  if (url.pathname !== MORPH_PATH || url.hash.length < 2) return null;
  const token = new URLSearchParams(url.hash.slice(1)).get(MORPH_TOKEN_PARAM)?.trim();
  return token ? token : null;
}

/**
 * Decides the mode for this tab, once, and applies it (memory storage, no tab sync). Returns whether the tab is a
 * read-only view. A tab that starts at `/morph#t=…` enters it; a tab whose flag says it was one stays one.
 */
export function enterReadOnlyView(
  environment: ReadOnlyViewEnvironment = {
    location: window.location,
    history: window.history,
    tabStorage: tabStorageOf(),
  },
): boolean {
  const { location, history, tabStorage } = environment;
  const url = new URL(location.href);
  const token = fragmentToken(url);
  if (token !== null) {
    // A bearer token must not stay in the address bar or the history.
    history.replaceState(history.state, '', `${url.pathname}${url.search}`);
    pendingToken = token;
    try {
      tabStorage?.setItem(READ_ONLY_VIEW_FLAG, '1');
    } catch {
      // Storage blocked: IndexedDB is too, so a reload of this tab has no stored state of the browser to show.
    }
  }
  let flagged = false;
  try {
    flagged = tabStorage?.getItem(READ_ONLY_VIEW_FLAG) === '1';
  } catch {
    // blocked storage
  }
  readOnly = token !== null || flagged;
  if (readOnly) {
    switchToMemoryStorage();
    disableTabSync();
  }
  return readOnly;
}

/** Whether this tab is a staff member's read-only view of a customer's area. */
export const isReadOnlyView = (): boolean => readOnly;

/** The token the view was opened with, once (start-up takes it); null after, and after a reload. */
export function takeReadOnlyViewToken(): string | null {
  const token = pendingToken;
  pendingToken = null;
  return token;
}
