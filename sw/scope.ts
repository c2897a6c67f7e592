/**
 * The parts of the service worker's global scope that the SW modules use, as structural types: the real
 * `ServiceWorkerGlobalScope` satisfies them, and unit tests (compiled without the WebWorker lib) can pass fakes.
 */

export interface PostMessageTarget {
  postMessage(message: unknown): void;
}

/** `self.clients`, enough to tell every open page something. */
export interface ClientsScope {
  readonly clients: {
    matchAll(options?: {
      type?: 'window' | 'worker' | 'sharedworker' | 'all';
      includeUncontrolled?: boolean;
    }): Promise<readonly PostMessageTarget[]>;
  };
}

/** An `ExtendableMessageEvent` as the message handler reads it. */
export interface MessageEventLike {
  readonly data: unknown;
  readonly origin: string;
  readonly ports: readonly PostMessageTarget[];
  readonly source: PostMessageTarget | null;
  waitUntil(promise: Promise<unknown>): void;
}

export interface MessageScope extends ClientsScope {
  readonly location: { readonly origin: string };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
}
