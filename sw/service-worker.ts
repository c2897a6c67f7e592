/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

// The shell and every route chunk, as listed by the build.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Navigations are the SPA: serve index.html, except for server-owned paths.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/sandbox\//, /^\/logs\//, /^\/version\.json/, /^\/health/],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
