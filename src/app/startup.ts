import { getMemberDetails } from '../lib/api/calls/get-member-details.ts';
import { getTokenSession } from '../lib/api/calls/get-token-session.ts';
import { isApiError } from '../lib/api/errors.ts';
import { isReadOnlyView, takeReadOnlyViewToken } from '../lib/session/read-only-view.ts';
import {
  endSession,
  queryTokenPendingAtom,
  sessionCheckingAtom,
  sessionReadyAtom,
  startSession,
  updateMemberDetails,
} from '../lib/session/session.ts';
import { basicDetailsAtom, clientUniqueIdAtom, sessionAtom } from '../lib/storage/atoms.ts';
import type { AppStore } from '../lib/storage/store.ts';
import { STARTUP_MIN_WAIT_MS } from '../shared/constants.ts';

/**
 * Start-up (first document §4 "Startup"): wait for the stored state to be read and at least 1 s; take the token from
 * the `jwt` query parameter (in a staff member's read-only view, from `/morph#t=…`) or from storage; fetch the member
 * details with it; log in (storing a token that came in the query) or log out. Only then is the session ready: a logged-in customer never sees the logged-out shell.
 *
 * Decision (offline-aware): when the details cannot be fetched for lack of network (offline, timeout, network error)
 * and the token came from storage, the stored session is kept with its stored details — an offline customer is not
 * logged out by a dead connection; the next call that reaches the server decides. Every other error (the server
 * refused the token) clears the stored session.
 */

export const JWT_QUERY = 'jwt';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const connectivityKinds = new Set(['offline', 'network', 'timeout', 'cancelled']);

/** Removes `jwt` from the address bar and history: a bearer token must not stay in a URL. */
function takeQueryToken(location: Location, history: History): string | null {
  const url = new URL(location.href);
  const token = url.searchParams.get(JWT_QUERY);
  if (token === null) return null;
  url.searchParams.delete(JWT_QUERY);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return token.trim() === '' ? null : token;
}

export interface StartupResult {
  readonly loggedIn: boolean;
  /** The session was kept unverified because the server could not be reached. */
  readonly offline: boolean;
}

export async function runStartup(
  store: AppStore,
  { location = window.location, history = window.history, minWaitMs = STARTUP_MIN_WAIT_MS } = {},
): Promise<StartupResult> {
  // A staff member's read-only view logs in with the token of its address's fragment (taken at boot) and no other.
  const queryToken = isReadOnlyView() ? takeReadOnlyViewToken() : takeQueryToken(location, history);
  store.set(queryTokenPendingAtom, queryToken !== null);
  // Until the session is checked, the data kept on the device shows and nothing of the customer's is asked.
  store.set(sessionCheckingAtom, true);
  const [stored] = await Promise.all([
    store.get(sessionAtom),
    store.get(basicDetailsAtom),
    ensureClientUniqueId(store),
    sleep(minWaitMs),
  ]);
  let result: StartupResult = { loggedIn: false, offline: false };
  try {
    if (queryToken !== null) {
      const answer = await getTokenSession(queryToken, { ignoreErrors: true });
      await startSession(
        store,
        { token: answer.token, memberDetails: answer.memberDetails },
        { passwordRequired: answer.passwordRequired },
      );
      result = { loggedIn: true, offline: false };
    } else if (stored !== null) {
      await updateMemberDetails(store, await getMemberDetails({ ignoreErrors: true }));
      result = { loggedIn: true, offline: false };
    }
  } catch (error) {
    const unreachable = isApiError(error) && connectivityKinds.has(error.kind);
    if (unreachable && queryToken === null && stored !== null) {
      result = { loggedIn: true, offline: true };
    } else {
      // The server refused the token (or answered nonsense): the stored session is cleared in every tab.
      await endSession(store);
    }
  }
  store.set(sessionReadyAtom, true);
  store.set(sessionCheckingAtom, false);
  store.set(queryTokenPendingAtom, false);
  return result;
}

/** The persisted random id of this browser (Client-Unique header, activity log device id). */
export async function ensureClientUniqueId(store: AppStore): Promise<string> {
  const existing = await store.get(clientUniqueIdAtom);
  if (existing) return existing;
  const id = crypto.randomUUID();
  await store.set(clientUniqueIdAtom, id);
  return id;
}
