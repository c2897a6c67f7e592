import type { MemberDetails } from '../../../shared/api/customer-schemas.ts';
import { MemberDetailsGet } from '../../../shared/api/wire/generated.ts';
import { callApi, type CallOptions } from '../client.ts';

/**
 * MemberDetailsGet: the customer's current details (start-up, a status changed elsewhere, the account page). The one
 * request function of this call; start-up, the address and OTP features and the account feature use it. The caller
 * says how failures are handled (`ignoreErrors`, `signal`).
 */
export async function getMemberDetails(options: CallOptions = {}): Promise<MemberDetails> {
  const { memberDetails } = await callApi(MemberDetailsGet, {}, options);
  return memberDetails;
}
