import { callApi } from '../client.ts';
import { CheckPermissionsPost, type CommunicationPermissions } from '../../../shared/api/communication.ts';

/**
 * The customer's current communication permissions, or null when they cannot be read (the marketing prompt is then
 * shown; the loan request then leaves out acceptCommunications).
 */
export async function customerPermissions(customerId: number): Promise<CommunicationPermissions | null> {
  try {
    const [own] = await callApi(CheckPermissionsPost, { body: [customerId] }, { ignoreErrors: true });
    return own ?? null;
  } catch (error) {
    console.warn('Communication permissions could not be read', error);
    return null;
  }
}
