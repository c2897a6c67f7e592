import { callApi } from '../../../lib/api/client.ts';
import { ResendPinPost } from '../../../shared/api/registration.ts';

/** ResendPinPost: a new registration code by SMS to the customer's mobile (the previous one stops working). */
export async function resendPin(): Promise<void> {
  await callApi(ResendPinPost);
}
