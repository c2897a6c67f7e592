/// <reference lib="webworker" />
import { registerMessageHandlers } from './messages.ts';
import { registerNetworkReporting } from './network.ts';
import { registerPrecache } from './precache.ts';
import { registerPushHandlers } from './push.ts';

/**
 * The service worker (architecture §5), built by vite-plugin-pwa (injectManifest) to /service-worker.js. Each concern
 * lives in its own file; this one only wires them. Order matters for routing: API calls are claimed by the network
 * route before the navigation fallback sees anything.
 */
declare const self: ServiceWorkerGlobalScope;

registerNetworkReporting(self);
// The build replaces `self.__WB_MANIFEST` with the precache list; it must stay spelled this way, on the global.
registerPrecache(self.__WB_MANIFEST);
registerMessageHandlers(self);
registerPushHandlers(self);

// A new version waits until the page asks it to take over (it reloads then), so a page never runs on a mix of
// versions; on the very first install there is nothing to wait for.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
