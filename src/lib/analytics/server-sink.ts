import { ANALYTICS_LIMITS, ANALYTICS_PROP_KEY, isAnalyticsEventName } from '../../shared/analytics.ts';
import type { AnalyticsBatch, AnalyticsItem } from '../../shared/api/analytics.ts';
import type { AnalyticsProps, AnalyticsSink } from './analytics.ts';

/**
 * The product's own analytics sink: page views and events go to the app's server
 * (`AnalyticsEventsPost`, POST /api/analytics/events), never to a third party. It only ever receives what
 * ./analytics.ts lets through, that is nothing without the analytics/performance permission.
 *
 * Items wait at most `delayMs` (2 s) and go in batches of at most 20 (a full batch goes at once); when the page is
 * hidden or goes away (`visibilitychange` to hidden, `pagehide`) what waits goes at once in a `keepalive` request.
 * A batch is sent once: a failed request loses it (analytics are best effort; nothing is kept for later), and no
 * failure ever reaches the page. Event names the server does not know are dropped here, so one wrong name never
 * costs the batch; `userId` is not sent (the server takes the customer from the session).
 *
 * Kept small and without zod (it is in the first load): the request code (callApi and the contract's schemas) is
 * loaded on the first send, and asked for as soon as the first item waits.
 */

export type AnalyticsSender = (batch: AnalyticsBatch, keepalive: boolean) => Promise<unknown>;

export interface ServerSinkTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

type EventTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;
type VisibilityTarget = Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;

export interface ServerSinkOptions {
  /** This browser's Client-Unique id; read at each send (a batch waits while it is not known yet). */
  getClientId: () => string;
  /** Posts a batch (default: `sendAnalyticsBatch`, loaded on first use). */
  send?: AnalyticsSender;
  /** Epoch milliseconds. */
  now?: () => number;
  /** How long an item waits for others (default 2 s). */
  delayMs?: number;
  timers?: ServerSinkTimers;
  /** Whose `pagehide` sends what waits (default `window`). */
  target?: EventTarget;
  /** Whose `visibilitychange` to hidden sends what waits (default `document`). */
  visibilityTarget?: VisibilityTarget;
}

export interface ServerSink extends AnalyticsSink {
  /** Sends what waits now (`keepalive`: the page is going away). */
  flush(keepalive?: boolean): void;
  /** Removes the listeners and forgets what waits. */
  stop(): void;
}

const DEFAULT_DELAY_MS = 2_000;
/** At most this many items wait (a Client-Unique id that never comes): the oldest go first. */
const MAX_WAITING = ANALYTICS_LIMITS.itemsPerRequest * 5;

const defaultTimers: ServerSinkTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

let sender: Promise<AnalyticsSender> | undefined;
/** The real sender, loaded once (again after a failed load). */
function loadSender(): Promise<AnalyticsSender> {
  sender ??= import('./send-analytics.ts').then(
    (module) => module.sendAnalyticsBatch,
    (error: unknown) => {
      sender = undefined;
      throw error;
    },
  );
  return sender;
}
const lazySend: AnalyticsSender = (batch, keepalive) => loadSender().then((send) => send(batch, keepalive));

const isClientId = (id: string) => /^[A-Za-z0-9_-]{8,100}$/.test(id);

/** The props the server takes: flat, named plainly, texts cut to their limit, at most 10; never `userId`. */
function wireProps(props: AnalyticsProps): Record<string, string | number | boolean | null> | undefined {
  const out: Record<string, string | number | boolean | null> = {};
  let count = 0;
  for (const [key, value] of Object.entries(props)) {
    if (count >= ANALYTICS_LIMITS.propsPerItem) break;
    if (key === 'userId' || key.length > ANALYTICS_LIMITS.propKeyChars || !ANALYTICS_PROP_KEY.test(key)) continue;
    if (typeof value === 'string') out[key] = value.slice(0, ANALYTICS_LIMITS.propTextChars);
    else if (typeof value === 'number') out[key] = Number.isFinite(value) ? value : null;
    else if (typeof value === 'boolean' || value === null) out[key] = value;
    else continue;
    count += 1;
  }
  return count > 0 ? out : undefined;
}

export function createServerSink(options: ServerSinkOptions): ServerSink {
  const send = options.send ?? lazySend;
  const now = options.now ?? Date.now;
  const delayMs = options.delayMs ?? DEFAULT_DELAY_MS;
  const timers = options.timers ?? defaultTimers;
  const target = options.target ?? globalThis.window;
  const visibilityTarget = options.visibilityTarget ?? globalThis.document;

  let waiting: AnalyticsItem[] = [];
  let timer: unknown;

  const cancelTimer = () => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
  };

  const post = (batch: AnalyticsBatch, keepalive: boolean) => {
    try {
      void send(batch, keepalive).catch((error: unknown) => console.warn('analytics not sent', error));
    } catch (error) {
      console.warn('analytics not sent', error);
    }
  };

  const flush = (keepalive = false) => {
    cancelTimer();
    if (waiting.length === 0) return;
    const clientId = options.getClientId();
    if (!isClientId(clientId)) {
      // Start-up has not made the browser's id yet: try again a little later.
      if (!keepalive) timer = timers.setTimeout(() => flush(), delayMs);
      return;
    }
    while (waiting.length > 0)
      post({ clientId, items: waiting.splice(0, ANALYTICS_LIMITS.itemsPerRequest) }, keepalive);
  };

  const add = (item: AnalyticsItem) => {
    if (options.send === undefined) void loadSender().catch(() => undefined);
    waiting.push(item);
    if (waiting.length > MAX_WAITING) waiting = waiting.slice(-MAX_WAITING);
    if (waiting.length >= ANALYTICS_LIMITS.itemsPerRequest) flush();
    else timer ??= timers.setTimeout(() => flush(), delayMs);
  };

  const occurredAt = () => new Date(now()).toISOString();
  const onHide = () => flush(true);
  const onVisibility = () => {
    if (visibilityTarget?.visibilityState === 'hidden') flush(true);
  };
  target?.addEventListener('pagehide', onHide);
  visibilityTarget?.addEventListener('visibilitychange', onVisibility);

  return {
    page(path) {
      add({ kind: 'page', name: path, occurredAt: occurredAt() });
    },
    event(name, props) {
      if (!isAnalyticsEventName(name)) return;
      const wire = wireProps(props);
      add({ kind: 'event', name, ...(wire ? { props: wire } : {}), occurredAt: occurredAt() });
    },
    discard() {
      cancelTimer();
      waiting = [];
    },
    flush,
    stop() {
      cancelTimer();
      waiting = [];
      target?.removeEventListener('pagehide', onHide);
      visibilityTarget?.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
