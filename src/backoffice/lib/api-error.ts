/**
 * Why a back-office call failed:
 * - `business`: the server answered a code of the call in the spec's error shape (422, or 403 such as
 *   `PasswordChangeRequired`); `code` is its name and `message` the server's Spanish text.
 * - `http`: any other answer that is not a success (401, 429, 5xx, …), with a Spanish text of the back office.
 * - `network`: no answer (connection refused, dropped, timed out).
 * - `invalidResponse`: an answer the contract does not describe.
 */
export type StaffApiErrorKind = 'business' | 'http' | 'network' | 'invalidResponse';

export interface StaffApiErrorInit {
  kind: StaffApiErrorKind;
  callName: string;
  message: string;
  status?: number | undefined;
  code?: string | undefined;
  cause?: unknown;
}

/** The one error the back office's `call` rejects with; `message` is always Spanish, fit to show as it is. */
export class StaffApiError extends Error {
  override readonly name = 'StaffApiError';
  readonly kind: StaffApiErrorKind;
  readonly callName: string;
  /** HTTP status when the server answered. */
  readonly status: number | undefined;
  /** The error code's name (`WrongTotpCode`, `Unauthorized`, `TooManyRequests`…) when the answer had the shape. */
  readonly code: string | undefined;

  constructor(init: StaffApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.callName = init.callName;
    this.status = init.status;
    this.code = init.code;
  }
}

export const isStaffApiError = (error: unknown): error is StaffApiError => error instanceof StaffApiError;

/** The error's Spanish text, or the network text for anything that is not a `StaffApiError` (a bug, not a call). */
export const messageOf = (error: unknown, fallback: string): string =>
  error instanceof StaffApiError ? error.message : fallback;
