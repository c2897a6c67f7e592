import { startActivityLog } from '../lib/activity-log/activity-log.ts';
import { setAnalyticsConsent } from '../lib/analytics/analytics.ts';
import { configureApi } from '../lib/api/configure.ts';
import { onRequestEvent } from '../lib/api/request-events.ts';
import { startInstallPrompt } from '../lib/pwa/install-prompt.ts';
import { reportNetwork, startNetworkStatus } from '../lib/pwa/network-status.ts';
import { registerServiceWorker } from '../lib/pwa/sw-bridge.ts';
import { fetchServerVersion, updateAndReload } from '../lib/pwa/update.ts';
import { startVersionCheck } from '../lib/pwa/version-check.ts';
import { currentSession } from '../lib/session/session.ts';
import { clientUniqueIdAtom, cookieConsentAtom, sessionAtom } from '../lib/storage/atoms.ts';
import type { AppStore } from '../lib/storage/store.ts';
import { CUSTOMER_ROLE } from '../shared/statuses.ts';
import { handleGlobalFailure } from './global-failure.tsx';
import type { Navigate } from './session-actions.ts';
import { runStartup } from './startup.ts';

/**
 * Everything the app starts before its first render, in order: the API client (auth and ids read from the store),
 * network status, the install prompt, start-up (session), then, after the page has loaded, the service worker, the
 * version check and the activity log.
 */
export function bootstrap(store: AppStore, navigate: Navigate): void {
  // Keep the persisted atoms the API needs mounted, so they are read synchronously once loaded.
  store.sub(sessionAtom, () => undefined);
  store.sub(clientUniqueIdAtom, () => undefined);
  store.sub(cookieConsentAtom, () => {
    const consent = store.get(cookieConsentAtom);
    if (!(consent instanceof Promise)) setAnalyticsConsent(consent);
  });

  configureApi({
    appVersion: __APP_VERSION__,
    getAuth: () => {
      const session = currentSession(store);
      if (!session) return null;
      return {
        token: session.token,
        memberId: session.memberDetails.id,
        role: session.memberDetails.role ?? CUSTOMER_ROLE,
      };
    },
    getClientUniqueId: () => {
      const id = store.get(clientUniqueIdAtom);
      return typeof id === 'string' ? id : '';
    },
    onGlobalFailure: (outcome) => handleGlobalFailure(outcome, { store, navigate }),
  });
  onRequestEvent((event) => {
    if (event.type !== 'response') return;
    if (event.message === 'Network Error') reportNetwork(store, false);
    else if (event.status !== undefined && event.status > 0) reportNetwork(store, true);
  });

  startNetworkStatus(store);
  startInstallPrompt(store);
  void runStartup(store);

  const afterLoad = () => {
    void registerServiceWorker({ enabled: import.meta.env.PROD }).then((wb) => {
      if (!wb) return;
      startVersionCheck({
        currentVersion: __APP_VERSION__,
        fetchServerVersion,
        update: updateAndReload,
        onError: (error) => console.warn('Version check failed', error),
      });
    });
    startActivityLog({
      getContext: () => {
        const member = currentSession(store)?.memberDetails;
        return member ? { customerId: member.id, phone: member.phone } : {};
      },
    });
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
