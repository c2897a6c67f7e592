import { atom } from 'jotai';
import type { AppStore } from '../storage/store.ts';
import { onSwMessage } from './sw-bridge.ts';

/**
 * Whether the app is online, as far as the page can tell: the browser's online/offline events, the service
 * worker's reports (a request through it failed for lack of network, or got through again) and the API client's own
 * network failures (`reportNetworkFailure`). The offline banner reads it.
 */
export const onlineAtom = atom(typeof navigator === 'undefined' ? true : navigator.onLine);

let started = false;

/** Call once at start-up. */
export function startNetworkStatus(store: AppStore): () => void {
  if (started) return () => undefined;
  started = true;
  const setOnline = (online: boolean) => store.set(onlineAtom, online);
  const onOnline = () => setOnline(true);
  const onOffline = () => setOnline(false);
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  const unsubscribe = onSwMessage((message) => {
    if (message.type === 'NETWORK_STATUS') setOnline(message.online);
  });
  setOnline(navigator.onLine);
  return () => {
    started = false;
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    unsubscribe();
  };
}

/** The API client saw a request fail for lack of network (or succeed again). */
export function reportNetwork(store: AppStore, online: boolean): void {
  store.set(onlineAtom, online);
}
