import { callApi } from '../../../lib/api/client.ts';
import { LightRegisterPost, type RegisterResult, type SignupPayload } from '../../../shared/api/registration.ts';

/** LightRegisterPost: creates the customer (status new), sends the SMS code and answers a session and the hint. */
export async function registerCustomer(payload: SignupPayload): Promise<RegisterResult> {
  return callApi(LightRegisterPost, { body: payload });
}
