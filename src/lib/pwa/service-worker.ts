import type { AppStore } from '../storage/store.ts';
import { reportNetwork } from './network-status.ts';
import { onSwMessage, registerServiceWorker } from './sw-bridge.ts';
import { fetchServerVersion, updateAndReload } from './update.ts';
import { startVersionCheck } from './version-check.ts';

/**
 * Everything about the service worker that starts after the page's load event, in one module the app imports then
 * (so none of it weighs on the first paint): registration, the SW's network reports, and the version check (first
 * after 10 s, then every 5 minutes; a new version is installed and the page reloads where it is).
 */
export async function startServiceWorker({
  store,
  enabled,
  currentVersion,
}: {
  store: AppStore;
  enabled: boolean;
  currentVersion: string;
}): Promise<void> {
  onSwMessage((message) => {
    if (message.type === 'NETWORK_STATUS') reportNetwork(store, message.online);
  });
  const workbox = await registerServiceWorker({ enabled });
  if (!workbox) return;
  startVersionCheck({
    currentVersion,
    fetchServerVersion,
    update: updateAndReload,
    onError: (error) => console.warn('Version check failed', error),
  });
}
