import { callApi } from '../lib/api/client.ts';
import { endSession } from '../lib/session/session.ts';
import { showToast } from '../lib/ui/toast-store.ts';
import type { AppStore } from '../lib/storage/store.ts';
import { LogoutPost } from '../shared/api/member.ts';
import { buildPath, loginRequiredPath } from '../shared/routes.ts';

/** Navigation from outside React (the router instance's `navigate`). */
export type Navigate = (to: string, options?: { replace?: boolean }) => unknown;

/**
 * Logout asked by the customer: this device stops receiving the customer's payment reminders (amounts and dates must
 * not reach whoever uses the device next), the server revokes the token (best effort: an offline logout still ends
 * the session on this device), then the session is cleared here and in every other tab, which show the spec's
 * message.
 */
export async function logout(store: AppStore, navigate: Navigate): Promise<void> {
  // Loaded on demand: the push code is not part of the first page load.
  const { stopPaymentReminders } = await import('../features/push/stop-payment-reminders.ts');
  await stopPaymentReminders();
  await callApi(LogoutPost, {}, { ignoreErrors: true, timeoutMs: 5_000 }).catch(() => undefined);
  await endSession(store, { announce: true });
  navigate(buildPath('home'), { replace: true });
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
  showToast({ alertType: 'warning', content: message });
}
