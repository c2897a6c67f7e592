import { callApi } from '../../../lib/api/client.ts';
import { UpdateCommunicationPermissionPost, type CommunicationPermissions } from '../../../shared/api/communication.ts';

/**
 * UpdateCommunicationPermissionPost from the marketing prompt (recorded with that source in the permission
 * history). No global dialogs: the prompt tells the customer how it went.
 */
export async function updateCommunicationPermission(permissions: CommunicationPermissions): Promise<void> {
  await callApi(
    UpdateCommunicationPermissionPost,
    { body: { ...permissions, source: 'marketingPrompt' } },
    { ignoreErrors: true },
  );
}
