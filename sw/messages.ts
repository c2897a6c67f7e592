import {
  isPageToSwMessage,
  versionOf,
  versionUrl,
  type StatusReply,
  type VersionReply,
} from '../src/shared/sw-messages.ts';
import { isOnline, reportNetwork } from './network.ts';
import type { ClientsScope, MessageScope } from './scope.ts';

/**
 * Messages from the page (architecture §5):
 * - CHECK_VERSION: fetch `/version.json?v=…` with no cache and answer the server's version on the message port; the
 *   page compares it with its own build and starts the update (first document §4 "Version check").
 * - SKIP_WAITING: a new SW that is waiting takes over; the page reloads on `controllerchange`.
 * - GET_STATUS: the SW's build version and its view of the network.
 */

async function fetchServerVersion(self: ClientsScope): Promise<string | null> {
  try {
    const response = await fetch(versionUrl(Date.now()), {
      cache: 'no-store',
      headers: { accept: 'application/json' },
    });
    reportNetwork(self, true);
    if (!response.ok) return null;
    return versionOf(await response.json());
  } catch {
    reportNetwork(self, false);
    return null;
  }
}

export function registerMessageHandlers(self: MessageScope): void {
  self.addEventListener('message', (event) => {
    const message: unknown = event.data;
    if (!isPageToSwMessage(message)) return;
    // Only pages of this origin may talk to the SW.
    if (event.origin && event.origin !== self.location.origin) return;
    const reply = (answer: VersionReply | StatusReply) => {
      const port = event.ports[0];
      if (port) port.postMessage(answer);
      else event.source?.postMessage(answer);
    };
    switch (message.type) {
      case 'SKIP_WAITING':
        event.waitUntil(self.skipWaiting());
        break;
      case 'GET_STATUS':
        reply({ type: 'STATUS', swVersion: __APP_VERSION__, online: isOnline() });
        break;
      case 'CHECK_VERSION':
        event.waitUntil(
          fetchServerVersion(self).then((serverVersion) =>
            reply({ type: 'VERSION', serverVersion, swVersion: __APP_VERSION__ }),
          ),
        );
        break;
    }
  });
}
