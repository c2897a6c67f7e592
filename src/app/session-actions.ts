import { revokeSession } from '../lib/api/calls/logout.ts';
import { getApiConfig, isApiConfigured } from '../lib/api/configure.ts';
import { isReadOnlyView } from '../lib/session/read-only-view.ts';
import { endSession } from '../lib/session/session.ts';
import { showToast } from '../lib/ui/toast-store.ts';
import type { AppStore } from '../lib/storage/store.ts';
import { loginRequiredPath } from '../shared/routes/access.ts';
import { buildPath } from '../shared/routes/paths.ts';

/** Navigation from outside React (the router instance's `navigate`). */
export type Navigate = (to: string, options?: { replace?: boolean }) => unknown;

/** How long the logout waits for each best-effort step (stopping reminders, revoking the token on the server). */
export const LOGOUT_STEP_TIMEOUT_MS = 5_000;

/** Resolves when `step` settles or after `ms`, whichever comes first; never rejects. */
async function bestEffort(step: () => Promise<unknown>, ms: number, what: string): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([step(), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  } catch (error) {
    console.warn(`logout: ${what} failed; the session ends on this device anyway`, error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Logout asked by the customer: this device stops receiving the customer's payment reminders (amounts and dates must
 * not reach whoever uses the device next); the session is cleared here and in every other tab, which show the spec's
 * message, and this tab goes home; then the server revokes the token. The session ends on the device before the
 * server refuses its token: a call another tab sent with it, answered 401 after the revocation, then finds that tab
 * already logged out (the API client does not treat the refusal of an ended session as this session's expiry), and
 * does not send it to login as if its session had expired. The two server steps are best effort and wait at most
 * LOGOUT_STEP_TIMEOUT_MS each: no failure (offline, no service worker, a chunk that does not load) keeps the customer
 * logged in.
 */
export async function logout(store: AppStore, navigate: Navigate): Promise<void> {
  // A staff member's read-only view never touches the browser's push subscription (it is not the customer's device).
  if (!isReadOnlyView())
    await bestEffort(
      async () => {
        // Loaded on demand: the push code is not part of the first page load.
        const { stopPaymentReminders } = await import('../features/push/stop-payment-reminders.ts');
        await stopPaymentReminders();
      },
      LOGOUT_STEP_TIMEOUT_MS,
      'stopping the payment reminders',
    );
  const auth = isApiConfigured() ? getApiConfig().getAuth() : null;
  await endSession(store, { announce: true });
  navigate(buildPath('home'), { replace: true });
  if (auth === null) return;
  await bestEffort(
    () => revokeSession(auth, { ignoreErrors: true, timeoutMs: LOGOUT_STEP_TIMEOUT_MS }),
    LOGOUT_STEP_TIMEOUT_MS,
    'revoking the token',
  );
}

/**
 * The session is over (401, or a status that may not stay logged in): clear it, go to login carrying where the
 * customer was, and tell them why.
 */
export async function expireSession(
  store: AppStore,
  navigate: Navigate,
  message: string,
  current: string = `${window.location.pathname}${window.location.search}`,
): Promise<void> {
  await endSession(store);
  const onLoginPage = current.startsWith(buildPath('login'));
  navigate(onLoginPage ? current : loginRequiredPath(current), { replace: true });
  // One toast however many calls answered 401 at once.
  showToast({ id: 'session-expired', alertType: 'warning', content: message });
}
