import { callApi } from '../../../lib/api/client.ts';
import { PermissionHistoryGet, type PermissionHistoryItem } from '../../../shared/api/communication.ts';

/** PermissionHistoryGet: every change of the customer's permissions, newest first (the page shows a failure). */
export function getPermissionHistory(signal?: AbortSignal): Promise<PermissionHistoryItem[]> {
  return callApi(PermissionHistoryGet, {}, { ignoreErrors: true, signal });
}
