import {
  UpdateCommunicationPermissionPost,
  type CommunicationPermissions,
  type PermissionChangeSource,
} from '../../../shared/api/communication.ts';
import { callApi } from '../client.ts';

/**
 * UpdateCommunicationPermissionPost, recorded in the permission history with where the customer changed it: the
 * marketing prompt (no global dialogs: the prompt tells the customer how it went, `ignoreErrors`) or the account
 * page (global error handling on: the shell shows a failure and the page puts the switch back).
 */
export async function updateCommunicationPermissions(
  permissions: CommunicationPermissions,
  source: PermissionChangeSource,
  options: { readonly ignoreErrors?: boolean } = {},
): Promise<void> {
  await callApi(
    UpdateCommunicationPermissionPost,
    { body: { ...permissions, source } },
    options.ignoreErrors ? { ignoreErrors: true } : {},
  );
}
