/**
 * Toast alerts (second document §2, §9): header, content, alertType, dismissable, autoDismiss, icon, position,
 * actions; six positions. Any code shows a toast imperatively; `ToastHost`, mounted once by the app shell, renders
 * them. This module stays tiny and free of UI dependencies: it is part of every page's first load.
 */
import { useSyncExternalStore, type ReactNode } from 'react';
import { ALERTS } from '../../shared/constants.ts';
import { NOTIFICATION_TITLES } from '../../shared/messages.ts';

export type AlertType = keyof typeof NOTIFICATION_TITLES;

export const TOAST_POSITIONS = [
  'top-left',
  'top-center',
  'top-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
] as const;

export type ToastPosition = (typeof TOAST_POSITIONS)[number];

export interface ToastAction {
  readonly label: string;
  /** Called when the action is pressed; the toast is dismissed afterwards. */
  readonly onPress: () => void;
}

export interface ToastOptions {
  /** Showing an id that is already shown replaces that toast. Default: a new id. */
  id?: string;
  /** Default: the title of the alert type ('Success', 'Error', 'Warning', 'Info', 'Processing'). */
  header?: string;
  content: ReactNode;
  /** Default 'info'. */
  alertType?: AlertType;
  /** Whether the toast has a 'Cerrar notificación' button. Default true. */
  dismissable?: boolean;
  /**
   * Milliseconds before the toast closes by itself (the timer pauses while the toasts are hovered or focused);
   * true means the default 5000 ms, false keeps the toast until it is dismissed. Default true.
   */
  autoDismiss?: number | boolean;
  /** Replaces the alert type's icon. */
  icon?: ReactNode;
  /** Default 'top-right'. */
  position?: ToastPosition;
  actions?: readonly ToastAction[];
}

/** A toast on screen, with every default applied. */
export interface ActiveToast {
  /** Unique per showing (a replaced toast gets a new key). */
  readonly key: string;
  readonly id: string;
  readonly header: string;
  readonly content: ReactNode;
  readonly alertType: AlertType;
  readonly dismissable: boolean;
  /** Undefined when the toast stays until dismissed. */
  readonly timeoutMs: number | undefined;
  readonly icon: ReactNode;
  readonly position: ToastPosition;
  readonly actions: readonly ToastAction[];
}

const listeners = new Set<() => void>();
let toasts: readonly ActiveToast[] = [];
let sequence = 0;

function publish(next: readonly ActiveToast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function timeoutOf(autoDismiss: number | boolean | undefined): number | undefined {
  if (autoDismiss === false) return undefined;
  if (typeof autoDismiss === 'number' && autoDismiss > 0) return autoDismiss;
  return ALERTS.autoDismissMs;
}

/** Shows a toast and returns its id (for `dismissToast`). */
export function showToast(options: ToastOptions): string {
  sequence += 1;
  const key = `toast-${sequence}`;
  const id = options.id ?? key;
  const alertType = options.alertType ?? 'info';
  const toast: ActiveToast = {
    key,
    id,
    header: options.header ?? NOTIFICATION_TITLES[alertType],
    content: options.content,
    alertType,
    dismissable: options.dismissable ?? true,
    timeoutMs: timeoutOf(options.autoDismiss),
    icon: options.icon,
    position: options.position ?? 'top-right',
    actions: options.actions ?? [],
  };
  publish([...toasts.filter((shown) => shown.id !== id), toast]);
  return id;
}

/** Removes the toast with this id. Unknown ids are ignored. */
export function dismissToast(id: string): void {
  if (toasts.some((toast) => toast.id === id)) publish(toasts.filter((toast) => toast.id !== id));
}

/** Removes every toast (for example on logout). */
export function clearToasts(): void {
  if (toasts.length > 0) publish([]);
}

/** The toasts on screen, oldest first. */
export function getToasts(): readonly ActiveToast[] {
  return toasts;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useToasts(): readonly ActiveToast[] {
  return useSyncExternalStore(subscribeToasts, getToasts, getToasts);
}
