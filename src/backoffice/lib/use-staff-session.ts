import { useSyncExternalStore } from 'react';
import { sessionStore } from './backoffice-session.ts';
import type { SessionState } from './session-store.ts';

/** The tab's session state, re-rendering on every change (login, confirmation, logout, expiry). */
export function useStaffSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, sessionStore.getState);
}
