import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { prefetchContract } from '../../lib/api/prefetch-contract.ts';
import { endSession, onLogoutInAnotherTab, useSession } from '../../lib/session/session.ts';
import { appStore } from '../../lib/storage/store.ts';
import { showToast } from '../../lib/ui/toast-store.ts';
import { SESSION_MESSAGES } from '../../shared/messages.ts';
import { mustLogOutStatus } from '../../shared/statuses.ts';
import { expireSession } from '../session-actions.ts';

/**
 * Session effects (first document §8, second document §4): a logout in another tab logs this tab out with 'You've
 * been logged out from another tab.'; customers whose status is closed or none are logged out with the spec's
 * message. The access guard then shows each page as a visitor sees it. Once a customer is logged in, the contract's
 * schemas are loaded in an idle moment (their pages need them).
 */
export function SessionEffects() {
  const { ready, status } = useSession();
  const navigate = useNavigate();

  useEffect(
    () =>
      onLogoutInAnotherTab(() => {
        void endSession(appStore).then(() =>
          showToast({ alertType: 'info', content: SESSION_MESSAGES.loggedOutInAnotherTab }),
        );
      }),
    [],
  );

  const loggedIn = ready && status !== null;
  useEffect(() => (loggedIn ? prefetchContract() : undefined), [loggedIn]);

  useEffect(() => {
    if (ready && status !== null && mustLogOutStatus(status)) {
      void expireSession(appStore, navigate, SESSION_MESSAGES.closedOrNoneStatus);
    }
  }, [ready, status, navigate]);

  return null;
}
