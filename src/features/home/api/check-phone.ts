import { callApi } from '../../../lib/api/client.ts';
import { CheckPhoneDniPost } from '../../../shared/api/phone-check.ts';
import { COUNTRY_CODE } from '../../../shared/constants.ts';

/** CheckPhoneDniPost: whether a customer is registered with this phone (9 national digits). */
export async function checkPhone(phone: string): Promise<boolean> {
  const answer = await callApi(CheckPhoneDniPost, { body: { countryCode: COUNTRY_CODE, phone } });
  return answer.phoneregistered;
}
