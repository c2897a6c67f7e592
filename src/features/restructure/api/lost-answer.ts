import type { ApiError } from '../../../lib/api/errors.ts';

/**
 * A lost answer: the restructure may have been made. The page says so and its next press sends the same key (the
 * server then answers what it did the first time); the global network dialog is not shown, since its 'Recargar'
 * would drop the key.
 */
export const isLostAnswer = (error: ApiError): boolean =>
  error.kind === 'network' ||
  error.kind === 'timeout' ||
  error.kind === 'offline' ||
  (error.kind === 'http' && (error.status ?? 0) >= 500) ||
  (error.status === 409 && error.has('RequestInProgress'));
