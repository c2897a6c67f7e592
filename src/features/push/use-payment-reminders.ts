import { useCallback, useEffect, useState } from 'react';
import {
  getPushState,
  PushSubscriptionError,
  subscribeToPush,
  unsubscribeFromPush,
  type PushState,
} from '../../lib/pwa/push-subscription.ts';
import { isReadOnlyView } from '../../lib/session/read-only-view.ts';
import { pushSubscriptionPayloadSchema } from '../../shared/api/push.ts';
import { deletePushSubscription } from './api/delete-push-subscription.ts';
import { getPushPublicKey } from './api/get-push-public-key.ts';
import { savePushSubscription } from './api/save-push-subscription.ts';
import { appRegistration } from './service-worker-registration.ts';

export interface PaymentReminders {
  /** null while the current state is read. */
  readonly state: PushState | null;
  readonly busy: boolean;
  /** The Spanish reason the last change failed. */
  readonly error: string | null;
  /** Turn reminders on or off: call it from the switch's change (a user gesture: the permission prompt needs one). */
  readonly toggle: (on: boolean) => void;
}

const messageOf = (error: unknown): string =>
  error instanceof PushSubscriptionError ? error.message : new PushSubscriptionError('failed').message;

/**
 * 'Recordatorios de pago': this browser's push subscription for the logged-in customer. Turning it on asks the
 * notification permission (only from the switch, never on load), subscribes with a timeout and saves the
 * subscription on the server; turning it off unsubscribes here and on the server. A subscription the browser already
 * holds is saved again on load, so it belongs to the customer who is logged in now. In a staff member's read-only
 * view none of this happens: the switch says reminders are not available here.
 */
export function usePaymentReminders(): PaymentReminders {
  const [state, setState] = useState<PushState | null>(() => (isReadOnlyView() ? 'unsupported' : null));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [registration, setRegistration] = useState<ServiceWorkerRegistration | null>(null);

  useEffect(() => {
    // A staff member's read-only view: this browser's subscription is not the customer's, and nothing is asked.
    if (isReadOnlyView()) return;
    let cancelled = false;
    void (async () => {
      let found: ServiceWorkerRegistration | null = null;
      let current: PushState = 'unsupported';
      try {
        found = await appRegistration();
        current = await getPushState(found);
      } catch (failure) {
        // Service workers blocked (a privacy mode, a policy): the switch says reminders are not available here.
        console.warn('payment reminders: the push state could not be read', failure);
      }
      if (cancelled) return;
      setRegistration(found);
      setState(current);
      if (current !== 'subscribed' || !found) return;
      try {
        const subscription = await found.pushManager.getSubscription();
        const payload = pushSubscriptionPayloadSchema.safeParse(subscription?.toJSON());
        // Saved again so the subscription belongs to whoever is logged in now; a failure only waits for next time.
        if (payload.success) await savePushSubscription(payload.data);
      } catch (failure) {
        console.warn('payment reminders: the subscription could not be saved again', failure);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  const toggle = useCallback(
    (on: boolean) => {
      if (isReadOnlyView()) return;
      setBusy(true);
      setError(null);
      // subscribeToPush asks permission before its first await, inside this gesture.
      const change = on
        ? subscribeToPush({ registration, publicKey: getPushPublicKey, save: savePushSubscription })
        : unsubscribeFromPush({ registration, remove: deletePushSubscription });
      void change
        .catch((failure: unknown) => setError(messageOf(failure)))
        .then(() => getPushState(registration))
        .then(setState)
        .finally(() => setBusy(false));
    },
    [registration],
  );

  return { state, busy, error, toggle };
}
