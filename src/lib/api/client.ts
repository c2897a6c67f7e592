import { ofetch, type FetchResponse } from 'ofetch';
import type { CallBody, CallParams, CallQuery, CallResponse } from '../../shared/api/define.ts';
import { errorResponseCodec } from '../../shared/api/wire/generated.ts';
import type { WireIssue, WireResult } from '../../shared/api/wire/light.ts';
import type { ClientCall, EntryOf } from '../../shared/api/wire/light-call.ts';
import { HTTP_MESSAGES, LOG_TEXTS } from '../../shared/messages.ts';
import { getApiConfig, type ApiConfig } from './configure.ts';
import { globalOutcomeFor, isReadOnlyRefusal } from './error-catalogue.ts';
import { ApiError, type ApiErrorInit, type ApiErrorItem } from './errors.ts';
import { toFormData } from './request-body.ts';
import { emitRequestEvent, newRequestId } from './request-events.ts';
import { randomId } from './random-id.ts';
import { requestHeaders } from './request-headers.ts';
import { displayPath, joinUrl, requestPath, type UrlValues } from './request-url.ts';
import { timeoutFor, type ApiClientName } from './timeouts.ts';

/**
 * The one request helper (second document §7): every call of the contract goes through `callApi`.
 *
 *   const plans = await callApi(PaymentPlansPost, { body, query: { customerId } });
 *
 * `call` is a contract entry (zod schemas) or its zod-free twin (src/shared/api/wire/generated.ts, the calls of a
 * first visit): both give `response.safeParse` and `body.safeEncode`, with the same results.
 *
 * Resolves with the 200 answer's `data`, parsed by the call's response schema. Rejects with an `ApiError`:
 * 422 → kind 'business' with the spec's `errors` (handle it per code); anything else → 'timeout', 'cancelled',
 * 'network', 'offline', 'http' or 'invalidResponse', with status, url and correlation id. Every failure first goes
 * to the global error catalogue (`onGlobalFailure`) unless `ignoreErrors` is set or `handledByCaller` claims it.
 */

export interface CallOptions {
  /** Skip all global error handling: the call only rejects (first document §7). */
  ignoreErrors?: boolean;
  /**
   * The failures the caller shows itself; every other one still goes to the global catalogue. A money call passes
   * its lost answers (`isLostAnswer`): the page says the payment may have been made and its next press sends the
   * same key, where the global network dialog's 'Recargar' would drop it. An idempotent call asks once, with the
   * failure it finally rejects with.
   */
  handledByCaller?: (error: ApiError) => boolean;
  /** Aborting it rejects with kind 'cancelled'; a deliberate cancellation never shows a global dialog. */
  signal?: AbortSignal;
  /** Overrides the call's timeout. */
  timeoutMs?: number;
  /**
   * Idempotency-Key of a money-moving call. By default each `callApi` makes one (one user intent) and its own
   * retries reuse it; pass one to make a later call the same intent (the customer presses again after a failure).
   */
  idempotencyKey?: string;
  /** Waits before an idempotent call's own retries (default `IDEMPOTENT_RETRY_DELAYS_MS`); `[]` for none. */
  retryDelaysMs?: readonly number[];
  /** 'file': the second client (file and fast API), twice the normal timeout. */
  client?: ApiClientName;
  /** Let the request outlive the page (fetch `keepalive`, body up to 64 KiB): a last send as the page goes away. */
  keepalive?: boolean;
}

export interface CallInput<C extends ClientCall> {
  params?: CallParams<EntryOf<C>>;
  query?: CallQuery<EntryOf<C>>;
  body?: CallBody<EntryOf<C>>;
  headers?: Readonly<Record<string, string>>;
}

interface RequestContext {
  readonly call: ClientCall;
  readonly config: ApiConfig;
  readonly options: CallOptions;
  readonly requestId: number;
  readonly url: string;
  readonly startedAt: number;
  /** An attempt of an idempotent call that may be retried: its failure is not reported globally yet. */
  readonly quiet: boolean;
  /** The Authorization header sent, once the request is built. */
  authorization?: string;
}

const clock = (): number => (typeof performance === 'undefined' ? Date.now() : performance.now());

const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Ends a failed attempt: reports it to the bus and (unless the attempt is `quiet`: an idempotent call may still retry)
 * to the global catalogue, then returns the error to throw.
 */
function failed(context: RequestContext, init: Omit<ApiErrorInit, 'callName' | 'method' | 'url'>): ApiError {
  const { call, config, options } = context;
  const error = new ApiError({ ...init, callName: call.name, method: call.method, url: context.url });
  emitRequestEvent({
    type: 'response',
    requestId: context.requestId,
    callName: call.name,
    method: call.method,
    url: context.url,
    status: error.status,
    message: error.message,
    correlationId: error.correlationId,
    durationMs: Math.round(clock() - context.startedAt),
    errorKind: error.kind,
  });
  if (error.kind === 'invalidResponse') {
    console.error(`${call.name}: the answer does not match the contract`, error.message, error.correlationId ?? '');
  }
  if (!context.quiet && !refusesEndedSession(context, error)) reportFailure(config, options, error);
  return error;
}

/**
 * A 401 to a call sent with a session this tab no longer holds (a logout here or in another tab, a new login since)
 * says nothing about the current one: it is not reported as the session's expiry (the caller still gets it).
 */
function refusesEndedSession(context: RequestContext, error: ApiError): boolean {
  if (error.status !== 401 || context.authorization === undefined) return false;
  const auth = context.config.getAuth();
  return auth === null || context.authorization !== `Bearer ${auth.token}`;
}

/**
 * Hands a failure to the global error catalogue (dialogs, toasts, logout) unless the caller handles it alone. A
 * change refused to a staff member's read-only view (403 ReadOnlySession) is always shown: the caller of a change
 * never expects it, and its own message would not say why.
 */
function reportFailure(config: ApiConfig, options: CallOptions, error: ApiError): void {
  if (error.kind === 'cancelled' || !config.onGlobalFailure) return;
  if (options.ignoreErrors && !isReadOnlyRefusal(error)) return;
  if (options.handledByCaller?.(error)) return;
  try {
    config.onGlobalFailure(globalOutcomeFor(error), error);
  } catch (handlerError) {
    console.error('onGlobalFailure failed', handlerError);
  }
}

function issuesSummary(issues: readonly WireIssue[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => `${['data', ...issue.path.map(String)].join('.')}: ${issue.message}`)
    .join('; ');
}

/** Turns the server's answer into the resolved data or the error to reject with. */
function settle<C extends ClientCall>(
  context: RequestContext,
  response: FetchResponse<unknown>,
): { ok: true; data: CallResponse<EntryOf<C>> } | { ok: false; error: ApiError } {
  const status = response.status;
  const correlationId = response.headers.get('x-correlation-id') ?? undefined;
  const body: unknown = response._data;
  const base = { status, correlationId };

  if (status >= 200 && status < 300) {
    const envelope = body !== null && typeof body === 'object' && 'data' in body ? body : undefined;
    const parsed: WireResult<unknown> = context.call.response.safeParse(envelope?.data);
    if (envelope && parsed.success) {
      emitRequestEvent({
        type: 'response',
        requestId: context.requestId,
        callName: context.call.name,
        method: context.call.method,
        url: context.url,
        status,
        message: response.statusText || `HTTP ${status}`,
        correlationId,
        durationMs: Math.round(clock() - context.startedAt),
        errorKind: undefined,
      });
      return { ok: true, data: parsed.data as CallResponse<EntryOf<C>> };
    }
    const detail = envelope ? issuesSummary(parsed.error?.issues ?? []) : 'no data envelope';
    return {
      ok: false,
      error: failed(context, { ...base, kind: 'invalidResponse', message: `Invalid response: ${detail}` }),
    };
  }

  const shaped = errorResponseCodec.safeParse(body);
  const errors: readonly ApiErrorItem[] = shaped.success ? shaped.data.errors : [];
  // 409 RequestInProgress (an idempotent call's retry while the first runs) is a business answer like a 422.
  if (status === 422 || (status === 409 && shaped.success)) {
    const error = shaped.success
      ? failed(context, { ...base, kind: 'business', errors, message: errors[0]?.message ?? '' })
      : failed(context, { ...base, kind: 'invalidResponse', message: 'Invalid response: 422 without the error shape' });
    return { ok: false, error };
  }
  const message = errors[0]?.message || response.statusText || `HTTP ${status}`;
  return { ok: false, error: failed(context, { ...base, kind: 'http', errors, message }) };
}

function requestBody(call: ClientCall, body: unknown): { body?: BodyInit; headers: Record<string, string> } {
  if (!call.hasBody || !call.body || call.method === 'GET' || body === undefined) return { headers: {} };
  if (call.multipart) return { body: toFormData(body), headers: {} };
  // The contract's codecs turn the body's values back into the wire's (Cents → euros). A body its schema refuses is
  // sent as it is, for the server to answer (400).
  const encoded: WireResult<unknown> = (call.body as { safeEncode(value: unknown): WireResult<unknown> }).safeEncode(
    body,
  );
  const wire: unknown = encoded.success ? encoded.data : body;
  return { body: JSON.stringify(wire), headers: { 'Content-Type': 'application/json' } };
}

/**
 * Waits before an idempotent call's own retries: after a lost answer (network failure, timeout) or a 409
 * RequestInProgress, the same request goes again with the same key, so the server answers what it did the first
 * time and never does it twice. A call made while offline is not retried: a money call is never queued.
 */
export const IDEMPOTENT_RETRY_DELAYS_MS: readonly number[] = [1000, 3000];

const retriable = (error: ApiError): boolean =>
  error.kind === 'network' || error.kind === 'timeout' || (error.status === 409 && error.has('RequestInProgress'));

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

export async function callApi<C extends ClientCall>(
  call: C,
  input: CallInput<C> = {},
  options: CallOptions = {},
): Promise<CallResponse<EntryOf<C>>> {
  if (!call.idempotent) return attempt(call, input, options, false);
  // One key per call of callApi (one user intent); the same key for every retry below.
  const keyed = { ...options, idempotencyKey: options.idempotencyKey ?? randomId() };
  for (let retry = 0; ; retry += 1) {
    const delay = (options.retryDelaysMs ?? IDEMPOTENT_RETRY_DELAYS_MS)[retry];
    try {
      return await attempt(call, input, keyed, delay !== undefined);
    } catch (error) {
      if (delay === undefined || !(error instanceof ApiError)) throw error;
      if (!retriable(error) || options.signal?.aborted) {
        reportFailure(getApiConfig(), options, error);
        throw error;
      }
      await pause(delay, options.signal);
    }
  }
}

async function attempt<C extends ClientCall>(
  call: C,
  input: CallInput<C>,
  options: CallOptions,
  quiet: boolean,
): Promise<CallResponse<EntryOf<C>>> {
  const config = getApiConfig();
  const client = options.client ?? 'main';
  const params = (input.params ?? {}) as UrlValues;
  const query = (input.query ?? {}) as UrlValues;
  const baseUrl = (client === 'file' ? (config.fileBaseUrl ?? config.baseUrl) : config.baseUrl) ?? '';
  const target = joinUrl(baseUrl, requestPath(call.path, params, query));
  const context: RequestContext = {
    call,
    config,
    options,
    requestId: newRequestId(),
    url: joinUrl(baseUrl, displayPath(call.path, params, query)),
    startedAt: clock(),
    quiet,
  };

  if (isOffline()) throw failed(context, { kind: 'offline', message: HTTP_MESSAGES.offline });
  if (options.signal?.aborted) throw failed(context, { kind: 'cancelled', message: LOG_TEXTS.timeout });

  const { body, headers: bodyHeaders } = requestBody(call, input.body);
  const headers = { ...bodyHeaders, ...requestHeaders(call, config, input.headers, options.idempotencyKey) };
  context.authorization = headers['Authorization'];
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      controller.abort();
    },
    timeoutFor(call, client, options.timeoutMs),
  );
  const cancel = () => controller.abort();
  options.signal?.addEventListener('abort', cancel, { once: true });

  emitRequestEvent({
    type: 'request',
    requestId: context.requestId,
    callName: call.name,
    method: call.method,
    url: context.url,
  });
  let response: FetchResponse<unknown>;
  try {
    response = await ofetch.raw<unknown>(target, {
      method: call.method,
      headers,
      ...(body === undefined ? {} : { body }),
      signal: controller.signal,
      ...(options.keepalive ? { keepalive: true } : {}),
      retry: 0,
      ignoreResponseError: true,
    });
  } catch (cause) {
    if (timedOut) throw failed(context, { kind: 'timeout', message: LOG_TEXTS.timeout, cause });
    if (options.signal?.aborted) throw failed(context, { kind: 'cancelled', message: LOG_TEXTS.timeout, cause });
    throw failed(context, { kind: 'network', message: LOG_TEXTS.networkError, cause });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }

  const outcome = settle<C>(context, response);
  if (outcome.ok) return outcome.data;
  throw outcome.error;
}
