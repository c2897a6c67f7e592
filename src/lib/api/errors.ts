import type { ApiError as ApiErrorItem, HttpMethod } from '../../shared/api/define.ts';
import type { ClientCall } from '../../shared/api/wire/light-call.ts';

/**
 * Why a call failed (first document §7-§8, second document §7):
 * - `business`: HTTP 422 with the spec's error shape; the caller handles it per code.
 * - `timeout`: no answer within the call's timeout (`cancelled`: the caller aborted it with its own signal).
 * - `network`: the request never got an answer (DNS, connection refused, CORS, dropped connection).
 * - `offline`: the browser said it was offline; nothing was sent ('No Internet Connection').
 * - `http`: any other non-200 status (401, 404, 429, 5xx, 400, …), with the parsed `errors` when the body has the
 *   error shape.
 * - `invalidResponse`: the server answered, but not what the contract says (a 200 whose `data` does not match
 *   the call's response schema, a 422 without the error shape, a body that is not JSON).
 */
export type ApiErrorKind = 'business' | 'timeout' | 'cancelled' | 'network' | 'offline' | 'http' | 'invalidResponse';

export type { ApiErrorItem };

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  callName: string;
  method: HttpMethod;
  url: string;
  status?: number | undefined;
  correlationId?: string | undefined;
  errors?: readonly ApiErrorItem[];
  cause?: unknown;
}

/**
 * The one error `callApi` rejects with. `Code` narrows `codes` and `has` to a call's business codes (see
 * `isBusinessError`); errors caught with `catch (error)` are plain `ApiError`.
 */
export class ApiError<Code extends string = string> extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status when the server answered; undefined for timeouts, cancellations, network failures, offline. */
  readonly status: number | undefined;
  /** The spec name of the call (`LoginPost`, …). */
  readonly callName: string;
  readonly method: HttpMethod;
  /** The requested URL, with secrets (tokens, PINs, passwords in the path or query) replaced. */
  readonly url: string;
  /** The `x-correlation-id` answer header: quote it when reporting a failure. */
  readonly correlationId: string | undefined;
  /** The spec's `errors` list when the body had the error shape, else empty. */
  readonly errors: readonly ApiErrorItem[];

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.callName = init.callName;
    this.method = init.method;
    this.url = init.url;
    this.correlationId = init.correlationId;
    this.errors = init.errors ?? [];
  }

  /** The error code names of the answer, in order (`['WrongPasswordException']`). */
  get codes(): Code[] {
    return this.errors.map((item) => item.code.name as Code);
  }

  /** Whether the answer carries this error code. */
  has(code: Code): boolean {
    return this.errors.some((item) => item.code.name === code);
  }

  /** The entry of this code (its Spanish `message` and `title`), if present. */
  find(code: Code): ApiErrorItem | undefined {
    return this.errors.find((item) => item.code.name === code);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * A business exception (422) of this call: narrows `codes`/`has`/`find` to the call's declared error codes.
 *
 *   catch (error) { if (isBusinessError(error, LoginPost) && error.has('MemberBlocked')) … }
 */
export function isBusinessError<C extends ClientCall>(error: unknown, call: C): error is ApiError<C['errors'][number]> {
  return error instanceof ApiError && error.kind === 'business' && error.callName === call.name;
}
