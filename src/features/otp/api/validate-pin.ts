import { callApi } from '../../../lib/api/client.ts';
import { PinValidatePost } from '../../../shared/api/registration.ts';
import type { MemberDetails } from '../../../shared/api/customer-schemas.ts';

/** PinValidatePost: confirms the mobile with the SMS code; the customer moves from new to preRegistered. */
export async function validatePin(pin: string): Promise<MemberDetails> {
  const { memberDetails } = await callApi(PinValidatePost, { body: { pin } });
  return memberDetails;
}
