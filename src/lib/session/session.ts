import { atom, useAtomValue } from 'jotai';
import { useSyncExternalStore } from 'react';
import { RESET } from 'jotai/utils';
import type { MemberDetails } from '../../shared/api/customer-schemas.ts';
import type { CustomerStatus } from '../../shared/statuses.ts';
import { clearLoans } from '../loans/loans-state.ts';
import { clearReopenSnapshot } from '../loans/reopen-snapshot.ts';
import { basicDetailsAtom, sessionAtom, type StoredSession } from '../storage/atoms.ts';
import type { AppStore } from '../storage/store.ts';
import { isReadOnlyView } from './read-only-view.ts';

/**
 * The customer's session on the client: the stored token and member details (sessionAtom, 24 h), whether start-up
 * has finished, and the two ways a session ends (first document §4): logout clears the token, the member details and
 * the active-loan flag (it travels in the member details); logging out in one tab logs out every open tab.
 */

/** Start-up has finished (first document §4 "Startup"): until then the guarded pages wait. */
export const sessionReadyAtom = atom(false);

/**
 * Start-up is checking the session (its wait of at least 1 s and the member details): the pages that show the data
 * kept on the device (src/lib/loans) show it meanwhile and ask the server for nothing until it is over. False outside
 * start-up (and where no start-up runs, as in the pages' tests).
 */
export const sessionCheckingAtom = atom(false);

/**
 * Start-up is checking a token that came in the `jwt` query parameter: until it answers, who the customer is is not
 * known, and the header shows no account area. Otherwise the header renders at once from the stored session (or as
 * a visitor's), so it neither waits nor shifts when start-up ends.
 */
export const queryTokenPendingAtom = atom(false);

export interface SessionView {
  /** Start-up has finished: `member` is verified by the server (or kept offline). */
  readonly ready: boolean;
  /** Who the customer is can be shown (start-up has finished, or there is no query token to check). */
  readonly known: boolean;
  readonly token: string | null;
  readonly member: MemberDetails | null;
  /** The customer status, or null for a visitor. */
  readonly status: CustomerStatus | null;
  readonly loggedIn: boolean;
  readonly hasActiveLoan: boolean;
}

function toView(session: StoredSession | null, ready: boolean, pending: boolean): SessionView {
  const member = session?.memberDetails ?? null;
  return {
    ready,
    known: ready || !pending,
    token: session?.token ?? null,
    member,
    status: member?.status ?? null,
    loggedIn: member !== null,
    hasActiveLoan: member?.hasActiveLoan ?? false,
  };
}

/**
 * The session as the UI reads it. Synchronous once the stored session is loaded: start-up finishing (ready) or a
 * login must not suspend the app again (a promise here would swap the whole shell for the loading fallback).
 */
export const sessionViewAtom = atom((get): SessionView | Promise<SessionView> => {
  const ready = get(sessionReadyAtom);
  const pending = get(queryTokenPendingAtom);
  const session = get(sessionAtom);
  return session instanceof Promise
    ? session.then((loaded) => toView(loaded, ready, pending))
    : toView(session, ready, pending);
});

export const useSession = (): SessionView => useAtomValue(sessionViewAtom);

/** Start-up is checking the session (`sessionCheckingAtom`). */
export const useSessionChecking = (): boolean => useAtomValue(sessionCheckingAtom);

/**
 * The session as the build pre-renders pages (scripts/vite-prerender.ts): start-up not finished and who the customer
 * is not known, so the header has no account area (a logged-in customer must never see the logged-out header).
 */
const AS_BUILT: SessionView = toView(null, false, true);

const subscribeToNothing = () => () => undefined;

/**
 * The session for the markup that shows who the customer is (the header's account area and offer banner, the home
 * page's 'Solicita YA'): the build's view while the component renders on the server (the build's pre-render) or
 * hydrates that markup in the browser (src/main.tsx), the customer's once it is mounted. React renders with the
 * server snapshot during hydration, then again with the client's, so the first client render matches the build's
 * markup exactly. That second render is synchronous, so it is kept to these few components: the others use
 * `useSession` (their markup does not depend on start-up having finished on the pages the build renders).
 */
export function useShownSession(): SessionView {
  const view = useSession();
  const asBuilt = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
  return asBuilt ? AS_BUILT : view;
}

/** What a login answer says beyond the session itself. */
export interface SessionStartInfo {
  /** The customer must choose a new password (the update-password modal). */
  readonly passwordRequired: boolean;
  /**
   * The login form's 'Recordarme en este dispositivo': true keeps the basic details for the next login's greeting,
   * false forgets any kept ones (this device greets nobody). Logins without the box (registration, a repay link, a
   * `jwt` token, a PIN reset) leave what is kept as it is.
   */
  readonly rememberMe?: boolean;
}

type StartedListener = (session: StoredSession, info: SessionStartInfo) => void;
const startedListeners = new Set<StartedListener>();

/**
 * Runs the listener after every login in this tab (password, registration, PIN reset, repay link, `jwt` token):
 * what must follow any login (attaching campaign clicks, …) is wired once by the app. Returns the unsubscribe.
 */
export function onSessionStarted(listener: StartedListener): () => void {
  startedListeners.add(listener);
  return () => {
    startedListeners.delete(listener);
  };
}

/**
 * Log in: store the token and member details (the reopen snapshot of an earlier session goes); the basic details for the next login's greeting only when the
 * customer asked to be remembered (`info.rememberMe`).
 */
export async function startSession(
  store: AppStore,
  session: StoredSession,
  info: SessionStartInfo = { passwordRequired: false },
): Promise<void> {
  // A copy of the dashboard kept by an earlier session is never painted for this one.
  clearReopenSnapshot();
  await store.set(sessionAtom, session);
  if (info.rememberMe === true) {
    await store.set(basicDetailsAtom, {
      firstName: session.memberDetails.firstName,
      phone: session.memberDetails.phone,
    });
  } else if (info.rememberMe === false) {
    await store.set(basicDetailsAtom, RESET);
  }
  for (const listener of startedListeners) {
    try {
      listener(session, info);
    } catch (error) {
      console.error('A session-started listener failed', error);
    }
  }
}

/** New member details for the running session (status changes): the session keeps its expiry. */
export async function updateMemberDetails(store: AppStore, memberDetails: MemberDetails): Promise<void> {
  await store.set(sessionAtom, (previous) => (previous ? { ...previous, memberDetails } : previous));
}

// ── logout in every tab ────────────────────────────────────────────────────────────────────────────────────────────

const SESSION_CHANNEL = 'prestamo-rapido:session';
type SessionMessage = { readonly type: 'logout' };
let channel: BroadcastChannel | null | undefined;
const logoutListeners = new Set<() => void>();

function sessionChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  // A read-only view (staff) neither logs out the browser's other tabs nor follows them.
  if (typeof BroadcastChannel === 'undefined' || isReadOnlyView()) return (channel = null);
  channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.onmessage = (event: MessageEvent<SessionMessage>) => {
    if (event.data?.type === 'logout') for (const listener of logoutListeners) listener();
  };
  return channel;
}

/**
 * Clear the session (token, member details, active-loan flag). The storage change reaches every tab; with
 * `announce` (a logout the customer asked for), the other tabs also show that they were logged out from another tab.
 * The basic details stay: the next login greets by name a customer who asked to be remembered. The customer's loans (kept for the offline
 * dashboard) go with the session.
 */
export async function endSession(store: AppStore, { announce = false } = {}): Promise<void> {
  await store.set(sessionAtom, RESET);
  await clearLoans(store);
  if (announce) sessionChannel()?.postMessage({ type: 'logout' } satisfies SessionMessage);
}

/** Runs the listener when another tab of this origin logs out. Returns the unsubscribe function. */
export function onLogoutInAnotherTab(listener: () => void): () => void {
  sessionChannel();
  logoutListeners.add(listener);
  return () => {
    logoutListeners.delete(listener);
  };
}

/** The stored session right now, without waiting (null before it is loaded or when logged out). */
export function currentSession(store: AppStore): StoredSession | null {
  const value = store.get(sessionAtom);
  return value instanceof Promise ? null : value;
}
