import { CLIENT_LOG_LIMITS, type ClientLogAction, type ClientLogRecord } from '../../shared/api/logs.ts';
import { APPLICATION_NAME, BROWSER_EVENT_LOG_THROTTLE_MS, CLIENT_LOG } from '../../shared/constants.ts';
import { getApiConfig } from '../api/configure.ts';
import { isApiError } from '../api/errors.ts';
import { randomId } from '../api/random-id.ts';
import { onRequestEvent, type RequestEvent } from '../api/request-events.ts';
import { buildAction, errorText } from './actions.ts';
import { isActivityLogAllowed, type LogLocation } from './test-host.ts';
import { ACTIVITY_LOG_CALL_NAMES, apiActivityLogTransport, type ActivityLogTransport } from './transport.ts';

/**
 * The client activity log (first document §7-§9, second document §3 "Client log record" and §7.3).
 *
 * Only over https and not on a test host. The first send is 2 s after start (POST /logs/write, creating the
 * record of this device and page session), then 5 s after each success (PUT, appending); a failed send is retried
 * 5 s later with the same actions. Each send carries the actions recorded since the last successful one, at most
 * `CLIENT_LOG_LIMITS.actionsPerRequest` (the oldest are dropped first). When the page is hidden or goes away
 * (`visibilitychange` to hidden, `pagehide`) the actions not yet sent go at once, in a `keepalive` request that
 * outlives the page, so closing the tab does not lose the last seconds. Recorded: browser errors (window 'error'
 * and 'unhandledrejection', at most one per kind per second), every API request and response (except the log's
 * own), and what the app logs with `logActivity`.
 */

export interface ActivityLogContext {
  customerId?: number | null;
  email?: string | null;
  phone?: string | null;
}

export interface ActivityLogTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

type ErrorEventTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;
type VisibilityTarget = Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;

export interface StartActivityLogOptions {
  /** The customer, when known; read at every send. */
  getContext: () => ActivityLogContext;
  /** Where the page is (protocol and host decide whether the log runs; pathname is each action's page). */
  location?: LogLocation;
  /** Epoch milliseconds. */
  now?: () => number;
  transport?: ActivityLogTransport;
  timers?: ActivityLogTimers;
  /** Where the browser errors and `pagehide` are listened to (default `window`). */
  target?: ErrorEventTarget;
  /** Whose `visibilitychange` flushes the log (default `document`). */
  visibilityTarget?: VisibilityTarget;
  userAgent?: string;
  /** The device id: the Client-Unique id (default: the one `configureApi` was given). */
  getDeviceId?: () => string;
  /** Random per page session (default: a new random id). */
  sessionHash?: string;
}

/** The running log (one per page): its recorder and its stop function. */
let active: { record: (type: string, payload?: unknown) => void; stop: () => void } | null = null;

/** Records an action of the app (e.g. 'pageView') in the running activity log; does nothing when none runs. */
export function logActivity(type: string, payload?: unknown): void {
  active?.record(type, payload);
}

const defaultTimers: ActivityLogTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** Answers after which resending the same actions can never succeed: they are dropped. */
const REJECTED_FOR_GOOD = new Set([400, 413, 422]);

function contactFields(context: ActivityLogContext): Pick<ClientLogRecord, 'customerId' | 'email' | 'mobilePhone'> {
  const fields: Pick<ClientLogRecord, 'customerId' | 'email' | 'mobilePhone'> = {};
  const { customerId, email, phone } = context;
  if (typeof customerId === 'number' && Number.isInteger(customerId) && customerId > 0) fields.customerId = customerId;
  if (typeof email === 'string' && email.length > 0 && email.length <= 254) fields.email = { email };
  if (typeof phone === 'string' && phone.length > 0 && phone.length <= 20) fields.mobilePhone = { phone };
  return fields;
}

function requestPayload(event: RequestEvent): Record<string, unknown> {
  if (event.type === 'request') return { url: event.url, method: event.method, call: event.callName };
  return {
    url: event.url,
    method: event.method,
    call: event.callName,
    status: event.status ?? null,
    message: event.message,
    correlationId: event.correlationId ?? null,
    durationMs: event.durationMs,
  };
}

/**
 * Starts the log (stopping one already running); returns the function that stops it. Where the log is not allowed
 * (http, a test host) it records and sends nothing.
 */
export function startActivityLog(options: StartActivityLogOptions): () => void {
  active?.stop();
  const location = options.location ?? globalThis.location;
  if (!location || !isActivityLogAllowed(location)) return () => {};

  const now = options.now ?? Date.now;
  const transport = options.transport ?? apiActivityLogTransport;
  const timers = options.timers ?? defaultTimers;
  const target = options.target ?? globalThis.window;
  const visibilityTarget = options.visibilityTarget ?? globalThis.document;
  const userAgent = (options.userAgent ?? globalThis.navigator?.userAgent ?? '').slice(0, 1_000);
  const getDeviceId = options.getDeviceId ?? (() => getApiConfig().getClientUniqueId());
  /** Read at the first send (the app may still be loading the persisted id at start), then kept. */
  let deviceId: string | undefined;
  const sessionHash = options.sessionHash ?? randomId();

  let pending: ClientLogAction[] = [];
  let created = false;
  let stopped = false;
  let lastContactSent = '';
  let timer: unknown;
  let inFlight: AbortController | undefined;
  const lastBrowserEventAt = new Map<string, number>();

  const record = (type: string, payload?: unknown) => {
    if (stopped) return;
    pending.push(buildAction(type, location.pathname, now(), payload));
    if (pending.length > CLIENT_LOG_LIMITS.actionsPerRequest)
      pending = pending.slice(-CLIENT_LOG_LIMITS.actionsPerRequest);
  };

  /** Browser events: at most one per kind per BROWSER_EVENT_LOG_THROTTLE_MS. */
  const recordBrowserEvent = (kind: string, payload: Record<string, unknown>) => {
    const time = now();
    const last = lastBrowserEventAt.get(kind);
    if (last !== undefined && time - last < BROWSER_EVENT_LOG_THROTTLE_MS) return;
    lastBrowserEventAt.set(kind, time);
    record('browserError', { type: kind, ...payload });
  };

  const onError = (event: ErrorEvent) =>
    recordBrowserEvent('error', {
      url: event.filename || location.pathname,
      error: event.error === undefined || event.error === null ? event.message : errorText(event.error),
      line: event.lineno ?? null,
      column: event.colno ?? null,
    });
  const onRejection = (event: PromiseRejectionEvent) =>
    recordBrowserEvent('unhandledrejection', { url: location.pathname, error: errorText(event.reason), line: null });

  const schedule = (ms: number) => {
    timer = timers.setTimeout(() => void send(), ms);
  };

  /** One send of the actions recorded so far; throws when it failed. */
  const sendOnce = async (keepalive: boolean): Promise<void> => {
    deviceId ??= getDeviceId().slice(0, 100) || randomId();
    const contact = contactFields(options.getContext());
    const contactKey = JSON.stringify(contact);
    const batch = pending.slice();
    // Nothing new since the last successful send: no request.
    if (created && batch.length === 0 && contactKey === lastContactSent) return;
    const body: ClientLogRecord = {
      deviceId,
      sessionHash,
      application: APPLICATION_NAME,
      ...contact,
      userAgent,
      actions: batch,
      firstInit: !created,
      update: created,
    };
    const controller = new AbortController();
    inFlight = controller;
    try {
      await transport.send(body, controller.signal, keepalive ? { keepalive } : undefined);
    } catch (error) {
      const status = isApiError(error) ? error.status : undefined;
      // The server lost the record (PUT answered 404): create it again with the next send.
      if (status === 404) created = false;
      if (status !== undefined && REJECTED_FOR_GOOD.has(status)) {
        const rejected = new Set(batch);
        pending = pending.filter((action) => !rejected.has(action));
        console.warn('activity log: the server refused a batch; its actions are dropped', error);
      }
      throw error;
    } finally {
      if (inFlight === controller) inFlight = undefined;
    }
    created = true;
    lastContactSent = contactKey;
    const sent = new Set(batch);
    pending = pending.filter((action) => !sent.has(action));
  };

  const send = async (keepalive = false) => {
    timer = undefined;
    if (stopped) return;
    let next: number = CLIENT_LOG.nextAfterSuccessMs;
    try {
      await sendOnce(keepalive);
    } catch {
      next = CLIENT_LOG.retryAfterFailureMs;
    }
    if (!stopped) schedule(next);
  };

  const unsubscribe = onRequestEvent((event) => {
    if (ACTIVITY_LOG_CALL_NAMES.has(event.callName)) return;
    record(event.type, requestPayload(event));
  });
  /**
   * The page is hidden or going away: send what is pending now, in a request that outlives the page. Not while a
   * send is in flight (it carries those actions; the next scheduled send takes the rest if the page stays).
   */
  const flush = () => {
    if (stopped || inFlight !== undefined || pending.length === 0) return;
    if (timer !== undefined) timers.clearTimeout(timer);
    void send(true);
  };
  const onVisibilityChange = () => {
    if (visibilityTarget?.visibilityState === 'hidden') flush();
  };

  target?.addEventListener('error', onError);
  target?.addEventListener('unhandledrejection', onRejection);
  target?.addEventListener('pagehide', flush);
  visibilityTarget?.addEventListener('visibilitychange', onVisibilityChange);
  schedule(CLIENT_LOG.firstSendAfterMs);

  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (timer !== undefined) timers.clearTimeout(timer);
    inFlight?.abort();
    unsubscribe();
    target?.removeEventListener('error', onError);
    target?.removeEventListener('unhandledrejection', onRejection);
    target?.removeEventListener('pagehide', flush);
    visibilityTarget?.removeEventListener('visibilitychange', onVisibilityChange);
    if (active?.stop === stop) active = null;
  };
  active = { record, stop };
  return stop;
}
