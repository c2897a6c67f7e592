import type { ClientCall } from '../../shared/api/wire/light-call.ts';
import { API_TIMEOUT } from '../../shared/constants.ts';

export type ApiClientName = 'main' | 'file';

/**
 * The timeout of a call (first document §9, second document §7 and §9): uploads (multipart) 3 minutes; long calls
 * 5 minutes; the second ('file') client twice the normal; everything else 1 minute. An explicit `timeoutMs` wins.
 */
export function timeoutFor(call: ClientCall, client: ApiClientName, timeoutMs?: number): number {
  if (timeoutMs !== undefined) return timeoutMs;
  if (call.multipart) return API_TIMEOUT.uploadMs;
  if (call.long) return API_TIMEOUT.longMs;
  if (client === 'file') return API_TIMEOUT.fileMs;
  return API_TIMEOUT.normalMs;
}
