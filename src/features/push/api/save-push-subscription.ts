import { callApi } from '../../../lib/api/client.ts';
import { PushSubscriptionPost, type PushSubscriptionPayload } from '../../../shared/api/push.ts';

/** Stores this browser's subscription for the logged-in customer (the server upserts by endpoint). */
export async function savePushSubscription(subscription: PushSubscriptionPayload): Promise<void> {
  await callApi(PushSubscriptionPost, { body: subscription }, { ignoreErrors: true });
}
