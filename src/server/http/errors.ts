import type { ErrorResponse } from '../../shared/api/define.ts';
import { transportErrorCodes, type TransportErrorCodeName } from '../../shared/api/error-codes.ts';
import { errorCodes, formatErrorMessage, type ErrorCodeName } from '../../shared/api/errors.ts';
import { staffErrorCodes, type StaffErrorCodeName } from '../../shared/api/staff-error-codes.ts';

/**
 * Errors a handler or service throws; the error handler turns them into the spec's error shape
 * `{ errors: [{ code: { name, value }, message, title }] }` with the code's HTTP status.
 */

export type MessageParams = Record<string, string | number>;

/** Replace `{name}` placeholders of a catalogue message; unknown ones stay as they are. */
export const fillMessage = formatErrorMessage;

export class ApiError extends Error {
  constructor(
    readonly codeName: string,
    readonly value: number,
    readonly statusCode: number,
    readonly title: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toResponse(): ErrorResponse {
    return errorResponse(this.codeName, this.value, this.message, this.title);
  }
}

/**
 * A business exception of the spec's catalogue (HTTP 422 for business codes): the message comes from `errorCodes`
 * with its `{placeholders}` filled, e.g. `throw new BusinessError('PinNotValidWithRemainingAttemptCount', { remaining: 2 })`.
 */
export class BusinessError extends ApiError {
  constructor(name: ErrorCodeName | StaffErrorCodeName, params: MessageParams = {}) {
    const definition = Object.hasOwn(staffErrorCodes, name)
      ? staffErrorCodes[name as StaffErrorCodeName]
      : errorCodes[name as ErrorCodeName];
    super(
      name,
      definition.value,
      definition.status,
      fillMessage(definition.title, params),
      fillMessage(definition.message, params),
    );
    this.name = 'BusinessError';
  }
}

/** A transport error (400, 401, 404, 405, 413, 415, 429, 500) with the catalogue's texts or a more precise message. */
export class HttpError extends ApiError {
  constructor(name: TransportErrorCodeName, message?: string, headers?: Record<string, string>) {
    const definition = transportErrorCodes[name];
    super(name, definition.value, definition.status, definition.title, message ?? definition.message, headers);
    this.name = 'HttpError';
  }
}

export function errorResponse(name: string, value: number, message: string, title: string): ErrorResponse {
  return { errors: [{ code: { name, value }, message, title }] };
}

export function transportErrorResponse(name: TransportErrorCodeName, message?: string): ErrorResponse {
  const definition = transportErrorCodes[name];
  return errorResponse(name, definition.value, message ?? definition.message, definition.title);
}

/** The transport code for an HTTP status (Fastify's own errors, plugin errors). */
export function transportCodeForStatus(status: number): TransportErrorCodeName {
  switch (status) {
    case 401:
      return 'Unauthorized';
    case 403:
      return 'Forbidden';
    case 404:
      return 'NotFound';
    case 405:
      return 'MethodNotAllowed';
    case 413:
      return 'PayloadTooLarge';
    case 415:
      return 'UnsupportedMediaType';
    case 429:
      return 'TooManyRequests';
    default:
      return status >= 500 ? 'InternalError' : 'ValidationError';
  }
}
