import { isApiError } from '../../lib/api/errors.ts';

/** Whether an upload failed for lack of connection (the chosen file is kept for later). */
export const isConnectionFailure = (error: unknown): boolean =>
  isApiError(error) && (error.kind === 'offline' || error.kind === 'network' || error.kind === 'timeout');

/**
 * The message of a failed upload: offline → `offline`; a refusal the server explains in Spanish (wrong type from
 * the bytes, too large, no document) → its message; anything else → `generic`.
 */
export function uploadFailureMessage(
  error: unknown,
  texts: { offline: string; generic: string },
  { serverMessages = true } = {},
): string {
  if (isConnectionFailure(error)) return texts.offline;
  if (serverMessages && isApiError(error) && (error.kind === 'business' || error.status === 413)) {
    return error.errors[0]?.message || texts.generic;
  }
  return texts.generic;
}
