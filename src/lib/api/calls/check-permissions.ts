import { callApi } from '../client.ts';
import { CheckPermissionsPost, type CustomerCommunicationPermissions } from '../../../shared/api/communication.ts';

/**
 * The customer's current communication permissions with the date of their last choice, or null when they cannot be
 * read (the marketing prompt then waits for another visit; the loan request then leaves out acceptCommunications).
 */
export async function customerPermissions(customerId: number): Promise<CustomerCommunicationPermissions | null> {
  try {
    const [own] = await callApi(CheckPermissionsPost, { body: [customerId] }, { ignoreErrors: true });
    return own ?? null;
  } catch (error) {
    console.warn('Communication permissions could not be read', error);
    return null;
  }
}
