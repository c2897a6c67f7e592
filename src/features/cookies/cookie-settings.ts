import { useSyncExternalStore } from 'react';

/**
 * Reopening the cookie modal after a choice (a 'Configuración de cookies' link the app places, e.g. in the footer):
 * `openCookieSettings()` from anywhere; the mounted `CookieConsent` shows the modal in its detailed view.
 */
let open = false;
const listeners = new Set<() => void>();

function publish(next: boolean): void {
  open = next;
  for (const listener of listeners) listener();
}

export function openCookieSettings(): void {
  publish(true);
}

export function closeCookieSettings(): void {
  publish(false);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useCookieSettingsOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}
