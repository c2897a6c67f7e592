import type { Workbox } from 'workbox-window';
import { isSwToPageMessage, type PageToSwMessage, type SwToPageMessage } from '../../shared/sw-messages.ts';

/**
 * The one page-side module that owns the service worker: registration (production builds, secure contexts only),
 * typed messages to it, and its broadcasts. workbox-window is loaded only when a SW is registered, after the page's
 * `load` event, so it never weighs on the first paint.
 */

let workbox: Promise<Workbox | null> | undefined;
const listeners = new Set<(message: SwToPageMessage) => void>();

export const swSupported = (): boolean =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator && window.isSecureContext;

/** Registers /service-worker.js once; resolves to null where there is no SW (dev server, http, old browsers). */
export function registerServiceWorker({ enabled }: { enabled: boolean }): Promise<Workbox | null> {
  workbox ??= (async () => {
    if (!enabled || !swSupported()) return null;
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox('/service-worker.js', { scope: '/' });
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (!isSwToPageMessage(event.data)) return;
      for (const listener of listeners) listener(event.data);
    });
    try {
      await wb.register();
    } catch (error) {
      console.warn('Service worker registration failed', error);
      return null;
    }
    return wb;
  })();
  return workbox;
}

export const getWorkbox = (): Promise<Workbox | null> => workbox ?? Promise.resolve(null);

/** Subscribe to the SW's broadcasts (network status). */
export function onSwMessage(listener: (message: SwToPageMessage) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Sends a message to the active SW and waits for its answer (MessageChannel), or null when none answers in time. */
export async function askServiceWorker(message: PageToSwMessage, timeoutMs = 10_000): Promise<SwToPageMessage | null> {
  const wb = await getWorkbox();
  if (!wb || !navigator.serviceWorker.controller) return null;
  const answer = wb.messageSW(message) as Promise<unknown>;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs));
  const reply = await Promise.race([answer.catch(() => null), timeout]);
  return isSwToPageMessage(reply) ? reply : null;
}
