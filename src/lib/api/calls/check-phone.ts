import { CheckPhoneDniPost } from '../../../shared/api/customer.ts';
import { COUNTRY_CODE } from '../../../shared/constants.ts';
import { callApi } from '../client.ts';

/**
 * CheckPhoneDniPost: whether a customer already registered this mobile number (9 national digits). Used by the home
 * page's phone form and the registration's phone check.
 */
export async function checkPhoneRegistered(phone: string): Promise<boolean> {
  const { phoneregistered } = await callApi(CheckPhoneDniPost, { body: { countryCode: COUNTRY_CODE, phone } });
  return phoneregistered;
}
