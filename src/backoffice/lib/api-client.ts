import type { AnyCall, CallBody, CallParams, CallQuery, CallResponse } from '../../shared/api/define.ts';
import { errorResponseSchema } from '../../shared/api/define.ts';
import { StaffLogoutPost } from '../../shared/api/staff.ts';
import { LOCALE } from '../../shared/constants.ts';
import { joinUrl, requestPath, type UrlValues } from '../../lib/api/request-url.ts';
import { StaffApiError } from './api-error.ts';
import type { SessionStore, StaffSession } from './session-store.ts';
import { API_TEXTS } from './texts.ts';

/**
 * The back office's API client over the contract entries (src/shared/api): `call(entry, { params, query, body })`
 * sends the request with the staff headers (docs/backoffice.md §1: `Authorization: Bearer bo_…`, `X-Member-ID`,
 * `X-Member-Role`; `none` before login), resolves with the answer's `data` parsed by the entry's response schema, and
 * rejects with a `StaffApiError` carrying the code's name and a Spanish message. A 401 to a staff call made with the
 * tab's current session ends it as expired (the session guard then shows the login with its message); any answer
 * to a staff call counts as activity for the idle warning. `file(entry, …)` reads a `file` entry's bytes as a Blob.
 */

export interface CallInput<C extends AnyCall> {
  params?: CallParams<C>;
  query?: CallQuery<C>;
  body?: CallBody<C>;
}

export interface StaffApiDeps {
  session: SessionStore;
  /** Read on every call (tests replace the global). */
  fetch?: () => typeof fetch;
  baseUrl?: string;
  timeoutMs?: number;
}

/** X-Member-Role of a request without a session (docs/backoffice.md §1). */
const ANONYMOUS_ROLE = 'none';
const DEFAULT_TIMEOUT_MS = 60_000;

const httpMessage = (status: number): string =>
  status === 401
    ? API_TEXTS.sessionExpired
    : status === 429
      ? API_TEXTS.tooManyRequests
      : status >= 500
        ? API_TEXTS.serverError
        : API_TEXTS.invalidResponse;

function headersFor(entry: AnyCall, session: StaffSession | null, hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    // A file entry answers its bytes, or an error in JSON.
    Accept: entry.file ? '*/*' : 'application/json',
    'Accept-Language': LOCALE,
    'X-Member-Role': ANONYMOUS_ROLE,
  };
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (entry.auth === 'staff' && session) {
    headers['Authorization'] = `Bearer ${session.token}`;
    headers['X-Member-ID'] = String(session.staff.id);
    headers['X-Member-Role'] = session.staff.role;
  }
  return headers;
}

function encodeBody(entry: AnyCall, body: unknown): string | undefined {
  if (!entry.hasBody || entry.method === 'GET' || body === undefined) return undefined;
  // The contract's codecs give the wire's values; a body its schema refuses goes as it is, for the server to answer.
  const encoded = entry.body.safeEncode(body);
  return JSON.stringify(encoded.success ? encoded.data : body);
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

export function createStaffApi(deps: StaffApiDeps) {
  const fetchOf = deps.fetch ?? (() => globalThis.fetch);
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  /** The request with the staff headers; no answer at all (refused, dropped, timed out) is a `network` error. */
  async function request(entry: AnyCall, input: CallInput<AnyCall>, session: StaffSession | null): Promise<Response> {
    const url = joinUrl(
      deps.baseUrl ?? '',
      requestPath(entry.path, (input.params ?? {}) as UrlValues, (input.query ?? {}) as UrlValues),
    );
    const body = encodeBody(entry, input.body);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    let response: Response;
    try {
      response = await fetchOf()(url, {
        method: entry.method,
        headers: headersFor(entry, session, body !== undefined),
        ...(body === undefined ? {} : { body }),
        signal: controller.signal,
        credentials: 'same-origin',
      });
    } catch (cause) {
      const message = timedOut ? API_TEXTS.timeout : API_TEXTS.network;
      throw new StaffApiError({ kind: 'network', callName: entry.name, message, cause });
    } finally {
      clearTimeout(timer);
    }
    if (entry.auth === 'staff' && session && response.status !== 401) deps.session.touch();
    return response;
  }

  /** The error of an answer that is not a success, from its JSON (the spec's error shape) when it has one. */
  function failure(entry: AnyCall, status: number, json: unknown, session: StaffSession | null): StaffApiError {
    const shaped = errorResponseSchema.safeParse(json);
    const first = shaped.success ? shaped.data.errors[0] : undefined;
    const code = first?.code.name;
    if (status === 401 && entry.auth === 'staff' && session && deps.session.getState().session?.token === session.token)
      deps.session.end('expired');
    if (status === 403 && code === 'PasswordChangeRequired' && session)
      deps.session.confirm({ ...session.staff, mustChangePassword: true });
    // The codes the call declares (422, and the 404s of what the staff member may not see) and the staff's 403s carry
    // the server's Spanish text, written with `tú`; the transport errors get the back office's own.
    const declared = code !== undefined && (entry.errors as readonly string[]).includes(code);
    const business = first !== undefined && (status === 422 || status === 403 || (status === 404 && declared));
    return new StaffApiError({
      kind: business ? 'business' : 'http',
      callName: entry.name,
      status,
      code,
      message: business ? first.message : httpMessage(status),
    });
  }

  const invalid = (entry: AnyCall, status: number) =>
    new StaffApiError({ kind: 'invalidResponse', callName: entry.name, status, message: API_TEXTS.invalidResponse });

  async function send<C extends AnyCall>(
    entry: C,
    input: CallInput<C>,
    session: StaffSession | null,
  ): Promise<CallResponse<C>> {
    const response = await request(entry, input, session);
    const { status } = response;
    const json = await readJson(response);
    if (status < 200 || status >= 300) throw failure(entry, status, json, session);
    const envelope = json !== null && typeof json === 'object' && 'data' in json ? json : undefined;
    const parsed = entry.response.safeParse(envelope?.data);
    if (envelope && parsed.success) return parsed.data as CallResponse<C>;
    console.error(`${entry.name}: the answer does not match the contract`, parsed.error?.issues);
    throw invalid(entry, status);
  }

  /** A `file` entry's answer (define.ts): the bytes as a Blob of the answer's content type; errors as `send`'s. */
  async function sendFile<C extends AnyCall>(entry: C, input: CallInput<C>, session: StaffSession | null) {
    if (!entry.file) throw new Error(`${entry.name} does not answer a file`);
    const response = await request(entry, input, session);
    const { status } = response;
    if (status < 200 || status >= 300) throw failure(entry, status, await readJson(response), session);
    try {
      return await response.blob();
    } catch (cause) {
      throw new StaffApiError({ kind: 'network', callName: entry.name, message: API_TEXTS.network, cause });
    }
  }

  return {
    /** A call of the contract with this tab's session. */
    call<C extends AnyCall>(entry: C, input: CallInput<C> = {}): Promise<CallResponse<C>> {
      return send(entry, input, deps.session.getState().session);
    },
    /**
     * A `file` entry of the contract (a document's bytes) with this tab's session, read as a Blob kept in memory
     * only: the server answers it `no-store`, and the back office has no service worker to keep a copy.
     */
    file<C extends AnyCall>(entry: C, input: CallInput<C> = {}): Promise<Blob> {
      return sendFile(entry, input, deps.session.getState().session);
    },
    /** Revokes a session this tab no longer holds (another tab logged out); failures are left to its expiry. */
    async revoke(session: StaffSession): Promise<void> {
      try {
        await send(StaffLogoutPost, {}, session);
      } catch {
        // Already revoked or unreachable: the server's idle expiry ends it.
      }
    },
  };
}

export type StaffApi = ReturnType<typeof createStaffApi>;
