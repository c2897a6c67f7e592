/**
 * Whether the update-password modal ('Cambiar Contraseña?') is asked for. Any code opens it with
 * `requestPasswordUpdate()` — the login page after a login whose customerDetails.passwordRequired is true, and the
 * app after any other login that answers passwordRequired (TokenGet at start-up). `UpdatePasswordHost`, mounted once
 * in the shell, shows it. This module stays tiny and free of UI code: the shell imports it in the first load.
 */
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
let requested = false;

function publish(next: boolean): void {
  if (requested === next) return;
  requested = next;
  for (const listener of listeners) listener();
}

/** Opens the update-password modal (a second call while it is open changes nothing). */
export function requestPasswordUpdate(): void {
  publish(true);
}

/** Closes it (done, dismissed, or the session ended). */
export function dismissPasswordUpdate(): void {
  publish(false);
}

export function isPasswordUpdateRequested(): boolean {
  return requested;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Whether the modal is asked for, re-rendering on every change. */
export function usePasswordUpdateRequested(): boolean {
  return useSyncExternalStore(subscribe, isPasswordUpdateRequested, isPasswordUpdateRequested);
}
