import { callApi } from '../../../lib/api/client.ts';
import { CheckPhoneDniPost } from '../../../shared/api/phone-check.ts';
import { COUNTRY_CODE } from '../../../shared/constants.ts';

/** CheckPhoneDniPost: whether a customer already registered this mobile number (9 national digits). */
export async function checkPhoneRegistered(phone: string): Promise<boolean> {
  const { phoneregistered } = await callApi(CheckPhoneDniPost, { body: { countryCode: COUNTRY_CODE, phone } });
  return phoneregistered;
}
