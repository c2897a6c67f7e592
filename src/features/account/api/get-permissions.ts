import { customerPermissions } from '../../../lib/api/calls/check-permissions.ts';
import type { CommunicationPermissions, PermissionHistoryItem } from '../../../shared/api/communication.ts';
import { getPermissionHistory } from './get-permission-history.ts';

export interface PermissionsData {
  /** null when they could not be read. */
  readonly permissions: CommunicationPermissions | null;
  readonly history: readonly PermissionHistoryItem[];
}

/** CheckPermissionsPost and PermissionHistoryGet, in parallel (a history that cannot be read is shown empty). */
export async function getPermissions(customerId: number, signal: AbortSignal): Promise<PermissionsData> {
  const [permissions, history] = await Promise.all([
    customerPermissions(customerId),
    getPermissionHistory(signal).catch(() => [] as PermissionHistoryItem[]),
  ]);
  return {
    // Only the three flags: the answer also names the customer, which the update does not take.
    permissions: permissions && {
      allowEmail: permissions.allowEmail,
      allowSms: permissions.allowSms,
      allow3CxCalls: permissions.allow3CxCalls,
    },
    history,
  };
}
