import type { ApiError } from '../api/errors.ts';

/**
 * A lost answer of a card payment call: the payment may have been made. The page says so and its next press sends
 * the same key; the global network dialog is not shown, since its 'Recargar' would drop the key (and a new key could
 * pay again).
 */
export const isLostAnswer = (error: ApiError): boolean =>
  error.kind === 'network' ||
  error.kind === 'timeout' ||
  error.kind === 'offline' ||
  (error.status === 409 && error.has('RequestInProgress'));
