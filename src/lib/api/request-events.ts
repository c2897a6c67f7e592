import type { HttpMethod } from '../../shared/api/define.ts';
import type { ApiErrorKind } from './errors.ts';

/**
 * What `callApi` reports about each request, for the client activity log (second document §7.3: request/response
 * events with url, status, message and correlation id). URLs here have secrets replaced (see `displayUrl`).
 */
interface RequestEventBase {
  /** Ties a response to its request within the page. */
  readonly requestId: number;
  /** The spec name of the call. */
  readonly callName: string;
  readonly method: HttpMethod;
  readonly url: string;
}

export interface RequestStartEvent extends RequestEventBase {
  readonly type: 'request';
}

export interface RequestEndEvent extends RequestEventBase {
  readonly type: 'response';
  /** HTTP status; undefined when no answer came (timeout, cancelled, network, offline). */
  readonly status: number | undefined;
  /**
   * 'Timeout' when timed out or cancelled, 'Network Error' on a network failure, 'No Internet Connection' when the
   * browser was offline, else the first error message of the answer or the status text.
   */
  readonly message: string;
  readonly correlationId: string | undefined;
  readonly durationMs: number;
  /** Set when the call failed. */
  readonly errorKind: ApiErrorKind | undefined;
}

export type RequestEvent = RequestStartEvent | RequestEndEvent;
export type RequestEventListener = (event: RequestEvent) => void;

const listeners = new Set<RequestEventListener>();
let nextRequestId = 1;

/** Subscribes; returns the unsubscribe function. */
export function onRequestEvent(listener: RequestEventListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Delivers to every listener; a failing listener never breaks the call that emitted. */
export function emitRequestEvent(event: RequestEvent): void {
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch (error) {
      console.error('request event listener failed', error);
    }
  }
}

export function newRequestId(): number {
  return nextRequestId++;
}
