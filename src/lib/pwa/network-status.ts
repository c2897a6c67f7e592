import { atom } from 'jotai';
import type { AppStore } from '../storage/store.ts';

/**
 * Whether the app is online, as far as the page can tell: the browser's online/offline events, the service
 * worker's reports (a request through it failed for lack of network, or got through again: wired by
 * src/lib/pwa/service-worker.ts) and the API client's own network failures (`reportNetwork`). The offline banner
 * reads it.
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
  setOnline(navigator.onLine);
  return () => {
    started = false;
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
  };
}

/**
 * A request failed for lack of network, or one got through again. A success reported while the browser itself says
 * it is offline is stale news (an answer that left the server before the connection dropped, or a service-worker
 * message delivered late): it must not hide the banner; the browser's `online` event will.
 */
export function reportNetwork(store: AppStore, online: boolean): void {
  store.set(onlineAtom, online && navigator.onLine);
}
