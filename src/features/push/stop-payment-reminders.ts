import { unsubscribeFromPush } from '../../lib/pwa/push-subscription.ts';
import { deletePushSubscription } from './api/delete-push-subscription.ts';
import { appRegistration } from './service-worker-registration.ts';

/**
 * Logout on a shared device: this browser stops receiving the customer's reminders (amounts and due dates must not
 * reach whoever uses the device next), here and on the server. Best effort: never blocks the logout.
 */
export async function stopPaymentReminders(): Promise<void> {
  try {
    const registration = await appRegistration();
    await unsubscribeFromPush({ registration, remove: deletePushSubscription });
  } catch (error) {
    // Service workers blocked, or the push service unreachable: the logout goes on.
    console.warn('payment reminders could not be stopped on this device', error);
  }
}
