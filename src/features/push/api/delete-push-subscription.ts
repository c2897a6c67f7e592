import { callApi } from '../../../lib/api/client.ts';
import { PushSubscriptionDelete } from '../../../shared/api/push.ts';

/** Forgets a subscription on the server (turning reminders off, logging out). */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  await callApi(PushSubscriptionDelete, { body: { endpoint } }, { ignoreErrors: true });
}
