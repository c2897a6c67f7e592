import { AddNewEmailPost } from '../../../shared/api/customer.ts';
import { callApi } from '../client.ts';

/** AddNewEmailPost: replaces the customer's personal e-mail (the e-mail update modal of the loan request and account). */
export async function updateEmail(email: string): Promise<void> {
  await callApi(AddNewEmailPost, { body: { type: 'email', subType: 'personal', value: email } });
}
