import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { SERVER_PATH_PREFIXES } from '../src/shared/sw-messages.ts';

/**
 * The shell and every route chunk, as the build lists them (the entry passes `self.__WB_MANIFEST`), precached at install and served
 * cache-first; older precaches are removed. Navigations are the SPA: they get the precached index.html, except the
 * server-owned paths (API, sandbox pages, logs, version file, health), which always go to the network.
 */
export function registerPrecache(manifest: Array<PrecacheEntry | string>): void {
  precacheAndRoute(manifest);
  cleanupOutdatedCaches();
  const denylist = SERVER_PATH_PREFIXES.map(
    (prefix) => new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  );
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist }));
}
