import { isSwToPageMessage, type PageToSwMessage, type SwToPageMessage } from '../../shared/sw-messages.ts';

/**
 * The one page-side module that owns the service worker: registration (production builds, secure contexts only),
 * typed messages to it, and its broadcasts. It starts after the page's `load` event. The platform's own API is
 * enough for the three things the app does (register, ask over a MessageChannel, tell a waiting worker to take
 * over): no workbox-window (2.2 kB gzip of a first visit).
 */

let registered: Promise<ServiceWorkerRegistration | null> | undefined;
const listeners = new Set<(message: SwToPageMessage) => void>();

export const swSupported = (): boolean =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator && window.isSecureContext;

/** Registers /service-worker.js once; resolves to null where there is no SW (dev server, http, old browsers). */
export function registerServiceWorker({ enabled }: { enabled: boolean }): Promise<ServiceWorkerRegistration | null> {
  registered ??= (async () => {
    if (!enabled || !swSupported()) return null;
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (!isSwToPageMessage(event.data)) return;
      for (const listener of listeners) listener(event.data);
    });
    try {
      return await navigator.serviceWorker.register('/service-worker.js', { scope: '/' });
    } catch (error) {
      console.warn('Service worker registration failed', error);
      return null;
    }
  })();
  return registered;
}

/** The registration made by `registerServiceWorker`, or null when there is none (yet). */
export const getRegistration = (): Promise<ServiceWorkerRegistration | null> => registered ?? Promise.resolve(null);

/** Posts `message` to `worker` with a MessageChannel and resolves with the first answer on it. */
function messageWorker(worker: ServiceWorker, message: PageToSwMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<unknown>) => resolve(event.data);
    worker.postMessage(message, [channel.port2]);
  });
}

/** Subscribe to the SW's broadcasts (network status). */
export function onSwMessage(listener: (message: SwToPageMessage) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Sends a message to the active SW and waits for its answer (MessageChannel), or null when none answers in time. */
export async function askServiceWorker(message: PageToSwMessage, timeoutMs = 10_000): Promise<SwToPageMessage | null> {
  const controller = (await getRegistration()) ? navigator.serviceWorker.controller : null;
  if (!controller) return null;
  const answer = messageWorker(controller, message);
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs));
  const reply = await Promise.race([answer.catch(() => null), timeout]);
  return isSwToPageMessage(reply) ? reply : null;
}
