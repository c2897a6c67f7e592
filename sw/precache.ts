import type { RouteHandlerCallback } from 'workbox-core/types.js';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  getCacheKeyForURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { navigationDenylist, navigationDocument } from './navigation.ts';

/**
 * The shell, the pre-rendered pages and every route chunk, as the build lists them (the entry passes
 * `self.__WB_MANIFEST`), precached at install and served cache-first; older precaches are removed. A navigation to
 * a pre-rendered page gets that page's precached HTML (it reads offline and without waiting for the app); any other
 * navigation gets the app shell (`/app.html`), so a deep link never shows the home page's content first. The
 * server-owned paths (API, sandbox pages, logs, version file, health) and the back office (`/backoffice`, its own
 * build) always go to the network (`navigationDenylist`).
 */
export function registerPrecache(manifest: Array<PrecacheEntry | string>): void {
  precacheAndRoute(manifest);
  cleanupOutdatedCaches();
  const isPrecached = (url: string) => getCacheKeyForURL(url) !== undefined;
  const handlers = new Map<string, RouteHandlerCallback>();
  const handlerFor = (url: string): RouteHandlerCallback => {
    let handler = handlers.get(url);
    if (!handler) {
      handler = createHandlerBoundToURL(url);
      handlers.set(url, handler);
    }
    return handler;
  };
  registerRoute(
    new NavigationRoute((options) => handlerFor(navigationDocument(options.url.pathname, isPrecached))(options), {
      denylist: [...navigationDenylist],
    }),
  );
}
