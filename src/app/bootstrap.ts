import { requestPasswordUpdate } from '../features/auth/update-password/update-password-store.ts';
import { attachCampaign, captureCampaign } from '../features/tracking/campaign-start.ts';
import { isActivityLogAllowed } from '../lib/activity-log/test-host.ts';
import { setAnalyticsConsent, setAnalyticsSink } from '../lib/analytics/analytics.ts';
import { createServerSink } from '../lib/analytics/server-sink.ts';
import { configureApi } from '../lib/api/configure.ts';
import { onRequestEvent } from '../lib/api/request-events.ts';
import { startInstallPrompt } from '../lib/pwa/install-prompt.ts';
import { clearLoansWithoutSession } from '../lib/loans/loans-state.ts';
import { reportNetwork, startNetworkStatus } from '../lib/pwa/network-status.ts';
import { whenIdle } from '../lib/scheduling/when-idle.ts';
import { isReadOnlyView } from '../lib/session/read-only-view.ts';
import { currentSession, onSessionStarted } from '../lib/session/session.ts';
import { clientUniqueIdAtom, cookieConsentAtom, sessionAtom } from '../lib/storage/atoms.ts';
import type { AppStore } from '../lib/storage/store.ts';
import { CUSTOMER_ROLE } from '../shared/statuses.ts';
import { handleGlobalFailure } from './global-failure.tsx';
import type { Navigate } from './session-actions.ts';
import { runStartup } from './startup.ts';

/** The service worker starts at the latest this long after the page has loaded, even if it is never idle. */
const AFTER_LOAD_TIMEOUT_MS = 3000;

/**
 * Everything the app starts before its first render, in order: the analytics sink (sends only with consent), the API
 * client (auth and ids read from the store), network status, the install prompt, start-up (session), then, after the page has loaded and in an idle moment, the
 * service worker, the version check and the activity log.
 *
 * A staff member's read-only view (src/lib/session/read-only-view.ts) tracks nothing and asks nothing of the
 * browser: no analytics sink, campaign capture, install prompt, activity log or work after a login.
 */
export function bootstrap(store: AppStore, navigate: Navigate): void {
  const readOnly = isReadOnlyView();
  // Keep the persisted atoms the API needs mounted, so they are read synchronously once loaded.
  store.sub(sessionAtom, () => undefined);
  store.sub(clientUniqueIdAtom, () => undefined);
  // The loans kept for the offline dashboard go whenever the session does (expiry, another tab, already gone).
  clearLoansWithoutSession(store);
  store.sub(cookieConsentAtom, () => {
    const consent = store.get(cookieConsentAtom);
    if (!(consent instanceof Promise)) setAnalyticsConsent(consent);
  });

  const clientUniqueId = () => {
    const id = store.get(clientUniqueIdAtom);
    return typeof id === 'string' ? id : '';
  };
  // The product's own analytics (no third party): page views and events reach it only with analytics consent.
  if (!readOnly) setAnalyticsSink(createServerSink({ getClientId: clientUniqueId }));

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
    getClientUniqueId: clientUniqueId,
    onGlobalFailure: (outcome) => handleGlobalFailure(outcome, { store, navigate }),
  });
  onRequestEvent((event) => {
    if (event.type !== 'response') return;
    if (event.message === 'Network Error') reportNetwork(store, false);
    else if (event.status !== undefined && event.status > 0) reportNetwork(store, true);
  });

  startNetworkStatus(store);
  if (!readOnly) {
    startInstallPrompt(store);
    // Campaign parameters of the landing URL (kept per the cookie consent), attached to the customer after any login.
    void captureCampaign(window.location.href, store);
    onSessionStarted((_session, { passwordRequired }) => {
      void attachCampaign(store);
      // Any login (password, PIN reset, repay link, the jwt of a link) may require a new password.
      if (passwordRequired) requestPasswordUpdate();
    });
  }
  void runStartup(store);

  const afterLoad = () => {
    // The service worker, its network reports and the version check load after the page has.
    void import('../lib/pwa/service-worker.ts').then(({ startServiceWorker }) =>
      startServiceWorker({ store, enabled: import.meta.env.PROD, currentVersion: __APP_VERSION__ }),
    );
    // The activity log runs only over https on a real host (second document §7.3): its code loads only there.
    if (!readOnly && isActivityLogAllowed(window.location)) {
      void import('../lib/activity-log/activity-log.ts').then(({ startActivityLog }) =>
        startActivityLog({
          getContext: () => {
            const member = currentSession(store)?.memberDetails;
            return member ? { customerId: member.id, phone: member.phone } : {};
          },
        }),
      );
    }
  };
  // Once the page has loaded, in an idle moment: on a first visit, after the pre-rendered page's hydration.
  const afterLoadIdle = () => whenIdle(afterLoad, AFTER_LOAD_TIMEOUT_MS);
  if (document.readyState === 'complete') afterLoadIdle();
  else window.addEventListener('load', afterLoadIdle, { once: true });
}
