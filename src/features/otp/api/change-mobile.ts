import { callApi } from '../../../lib/api/client.ts';
import { ChangeMobilePost } from '../../../shared/api/registration.ts';
import type { MemberDetails } from '../../../shared/api/customer-schemas.ts';
import { COUNTRY_CODE } from '../../../shared/constants.ts';

/** ChangeMobilePost: replaces the unconfirmed mobile (9 national digits) and sends a new code to it. */
export async function changeMobile(mobilePhone: string): Promise<MemberDetails> {
  const { memberDetails } = await callApi(ChangeMobilePost, { body: { mobilePhone, countryCode: COUNTRY_CODE } });
  return memberDetails;
}
