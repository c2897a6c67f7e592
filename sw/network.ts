import type { RouteHandlerCallback, RouteMatchCallback } from 'workbox-core/types.js';
import { registerRoute } from 'workbox-routing';
import type { NetworkStatusMessage } from '../src/shared/sw-messages.ts';
import type { ClientsScope } from './scope.ts';

/**
 * Offline reporting. The SW passes the app's API calls (`/api/…`, `/logs/…`) straight to the network — answers that
 * hold personal data are never cached, not even in the HTTP cache — and watches the outcome: a request that fails for
 * lack of network tells every open page that the app is offline, the next one that gets through tells them it is
 * back. The page combines this with `navigator.onLine`, which stays true on a network without internet.
 */

let online = true;

export const isOnline = (): boolean => online;

async function broadcast(self: ClientsScope, nowOnline: boolean): Promise<void> {
  if (online === nowOnline) return;
  online = nowOnline;
  const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const message: NetworkStatusMessage = { type: 'NETWORK_STATUS', online: nowOnline };
  for (const client of clients) client.postMessage(message);
}

const isApiCall: RouteMatchCallback = ({ url, sameOrigin }) =>
  sameOrigin && (url.pathname.startsWith('/api/') || url.pathname.startsWith('/logs/'));

export function registerNetworkReporting(self: ClientsScope): void {
  const networkOnly: RouteHandlerCallback = async ({ request }) => {
    try {
      const response = await fetch(request, { cache: 'no-store' });
      void broadcast(self, true);
      return response;
    } catch (error) {
      // An abort is the page's own doing (its timeout, a navigation), not a lost network.
      if (!(error instanceof DOMException && error.name === 'AbortError')) void broadcast(self, false);
      throw error;
    }
  };
  // Workbox matches GET only unless a method is given: register the same handler for every method the API uses.
  for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const)
    registerRoute(isApiCall, networkOnly, method);
}

/** Called by the version check: a /version.json answer or failure is news about the network too. */
export function reportNetwork(self: ClientsScope, nowOnline: boolean): void {
  void broadcast(self, nowOnline);
}
