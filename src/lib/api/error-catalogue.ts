import { HTTP_MESSAGES } from '../../shared/messages.ts';
import type { ApiError } from './errors.ts';

/**
 * The global error catalogue (first document §8, "Global by HTTP outcome"): what the app shows for a failed call,
 * whatever the call. The app shell turns an outcome into a dialog, a warning, a logout or nothing.
 */

/** A button that reloads the page. */
export interface ReloadAction {
  readonly label: string;
  readonly reload: true;
}

export type GlobalDialogId =
  'offline-timeout' | 'offline-network' | 'too-many-requests' | 'server-error' | 'read-only-session';

export interface GlobalDialog {
  readonly kind: 'dialog';
  /** Stable id: the dialog host shows one dialog per id at a time. */
  readonly id: GlobalDialogId;
  readonly title?: string;
  readonly heading?: string;
  readonly message: string;
  readonly action?: ReloadAction;
}

/** 401: clear the session, log out, go to /login with redirectTo, show the message. */
export interface SessionExpired {
  readonly kind: 'sessionExpired';
  readonly message: string;
}

/** 404: a warning with this title and message, then go home. */
export interface NotFound {
  readonly kind: 'notFound';
  readonly title: string;
  readonly message: string;
}

export type GlobalOutcome =
  | GlobalDialog
  | SessionExpired
  | NotFound
  /** 422: no generic dialog; only logged, the caller handles the codes. */
  | { readonly kind: 'business' }
  /** Any other status: nothing global; the caller decides. */
  | { readonly kind: 'passThrough' };

const reload = (label: string): ReloadAction => ({ label, reload: true });

const timeoutDialog: GlobalDialog = {
  kind: 'dialog',
  id: 'offline-timeout',
  title: HTTP_MESSAGES.timeout.title,
  heading: HTTP_MESSAGES.timeout.heading,
  message: HTTP_MESSAGES.timeout.message,
  action: reload(HTTP_MESSAGES.timeout.button),
};

const networkDialog: GlobalDialog = {
  kind: 'dialog',
  id: 'offline-network',
  heading: HTTP_MESSAGES.network.heading,
  message: HTTP_MESSAGES.network.message,
  action: reload(HTTP_MESSAGES.network.button),
};

const tooManyRequestsDialog: GlobalDialog = {
  kind: 'dialog',
  id: 'too-many-requests',
  title: HTTP_MESSAGES.tooManyRequests.title,
  message: HTTP_MESSAGES.tooManyRequests.message,
};

const serverErrorDialog: GlobalDialog = {
  kind: 'dialog',
  id: 'server-error',
  message: HTTP_MESSAGES.serverError.message,
  action: reload(HTTP_MESSAGES.serverError.button),
};

function outcomeForStatus(status: number | undefined): GlobalOutcome {
  if (status === undefined || status === 0 || status === -1) return networkDialog;
  if (status === 401) return { kind: 'sessionExpired', message: HTTP_MESSAGES.unauthorized.message };
  if (status === 404)
    return { kind: 'notFound', title: HTTP_MESSAGES.notFound.title, message: HTTP_MESSAGES.notFound.message };
  if (status === 429) return tooManyRequestsDialog;
  if (status === 422) return { kind: 'business' };
  if (status >= 500 && status <= 599) return serverErrorDialog;
  return { kind: 'passThrough' };
}

/** The business code of a call that writes, refused to a staff member's read-only view (HTTP 403). */
export const READ_ONLY_SESSION_CODE = 'ReadOnlySession';

/**
 * Its title and message (the same as src/shared/api/business-error-codes.ts, kept out of the first load), when an
 * answer carries none: the server's own are shown.
 */
export const READ_ONLY_SESSION_TEXTS = {
  title: 'Aviso',
  message: 'Estás en la vista de empleado, que es solo de lectura: esta acción no está disponible.',
} as const;

/** Whether the server refused a change because the session is a staff member's read-only view. */
export const isReadOnlyRefusal = (error: ApiError): boolean =>
  error.status === 403 && error.has(READ_ONLY_SESSION_CODE);

/** 403 ReadOnlySession: a warning with the server's Spanish message; the session goes on (no logout, no retry). */
function readOnlyDialog(error: ApiError): GlobalDialog {
  const item = error.find(READ_ONLY_SESSION_CODE);
  return {
    kind: 'dialog',
    id: 'read-only-session',
    title: item?.title || READ_ONLY_SESSION_TEXTS.title,
    message: item?.message || READ_ONLY_SESSION_TEXTS.message,
  };
}

/**
 * The global outcome of a failed call. Pure: the same error always gives the same outcome.
 *
 * An answer that breaks the contract (`invalidResponse`, e.g. a client older than the server after a deploy) is
 * treated like a 500: the customer is offered 'Recargar', which loads the matching client.
 */
export function globalOutcomeFor(error: ApiError): GlobalOutcome {
  switch (error.kind) {
    case 'timeout':
    case 'cancelled':
      return timeoutDialog;
    case 'network':
    case 'offline':
      return networkDialog;
    case 'business':
      return { kind: 'business' };
    case 'invalidResponse':
      return serverErrorDialog;
    case 'http':
      return isReadOnlyRefusal(error) ? readOnlyDialog(error) : outcomeForStatus(error.status);
  }
}
