import { updateCommunicationPermissions } from '../../../lib/api/calls/update-communication-permissions.ts';
import type { CommunicationPermissions } from '../../../shared/api/communication.ts';

/** UpdateCommunicationPermissionPost from the account page's switches (source `account`; the shell shows a failure). */
export const savePermissions = (permissions: CommunicationPermissions): Promise<void> =>
  updateCommunicationPermissions(permissions, 'account');
