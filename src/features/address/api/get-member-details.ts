import { callApi } from '../../../lib/api/client.ts';
import { MemberDetailsGet, type MemberDetails } from '../../../shared/api/member.ts';

/** MemberDetailsGet: the customer's current details (their status changed elsewhere, e.g. in another tab). */
export async function getMemberDetails(): Promise<MemberDetails> {
  const { memberDetails } = await callApi(MemberDetailsGet, {}, { ignoreErrors: true });
  return memberDetails;
}
