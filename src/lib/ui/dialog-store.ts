/**
 * The confirm-dialog queue (first document §2, second document §3 "Confirm dialog"). Any code (API error handling,
 * features) opens a dialog imperatively and awaits the customer's answer; `DialogHost`, mounted once by the app
 * shell, shows one dialog at a time in the order they were opened.
 *
 * This module stays tiny and free of UI dependencies: it is part of every page's first load.
 */
import { useSyncExternalStore, type ReactNode } from 'react';

export type DialogType = 'success' | 'error' | 'info' | 'warning';

export interface DialogOptions {
  /** Identifies the dialog: opening an id that is already open or queued does not add a second copy. */
  id?: string;
  /** Chooses the default title ('Exito', 'Attencione', 'Aviso') and icon. Default 'info'. */
  type?: DialogType;
  /** Free classification of the dialog (for styling and analytics), exposed as `data-subtype`. */
  subType?: string;
  title?: string;
  icon?: ReactNode;
  content: ReactNode;
  /** Secondary text under the content. */
  description?: ReactNode;
  /** Label of the confirming button. Default 'Sí' when the dialog asks (showButtonNo), else 'Aceptar'. */
  buttonYes?: string;
  /** Label of the refusing button. Default 'No'. */
  buttonNo?: string;
  /** Whether the refusing button is shown. Default false. */
  showButtonNo?: boolean;
  /** Whether Escape, a click outside and the 'Cerrar' button close the dialog (answer false). Default true. */
  isDismissable?: boolean;
}

/** A dialog that is open (the first one) or waiting in the queue. */
export interface QueuedDialog {
  /** Unique per opening; the host uses it as the React key. */
  readonly key: string;
  /** The caller's id, or the key when the caller gave none. */
  readonly id: string;
  readonly options: DialogOptions;
}

interface Pending {
  readonly promise: Promise<boolean>;
  readonly settle: (answer: boolean) => void;
}

const listeners = new Set<() => void>();
const pending = new Map<string, Pending>();
let dialogs: readonly QueuedDialog[] = [];
let sequence = 0;

function publish(next: readonly QueuedDialog[]): void {
  dialogs = next;
  for (const listener of listeners) listener();
}

function settle(dialog: QueuedDialog, answer: boolean): void {
  publish(dialogs.filter((queued) => queued !== dialog));
  const entry = pending.get(dialog.key);
  pending.delete(dialog.key);
  entry?.settle(answer);
}

/**
 * Opens a confirm dialog, or queues it behind the one on screen. Resolves true when the customer presses the
 * confirming button, false for the refusing button or when the dialog is closed (Escape, outside click, 'Cerrar',
 * `closeDialog`). Opening an id that is already open or queued returns the answer of that dialog.
 */
export function openDialog(options: DialogOptions): Promise<boolean> {
  if (options.id !== undefined) {
    const existing = dialogs.find((dialog) => dialog.id === options.id);
    const existingPending = existing && pending.get(existing.key);
    if (existingPending) return existingPending.promise;
  }
  sequence += 1;
  const key = `dialog-${sequence}`;
  let resolve: (answer: boolean) => void = () => undefined;
  const promise = new Promise<boolean>((done) => {
    resolve = done;
  });
  pending.set(key, { promise, settle: resolve });
  publish([...dialogs, { key, id: options.id ?? key, options }]);
  return promise;
}

/** Closes the dialog with this id (open or queued); its promise resolves false. Unknown ids are ignored. */
export function closeDialog(id: string): void {
  const dialog = dialogs.find((queued) => queued.id === id);
  if (dialog) settle(dialog, false);
}

/** Closes every dialog (for example on logout); each promise resolves false. */
export function closeAllDialogs(): void {
  const all = dialogs;
  publish([]);
  for (const dialog of all) {
    const entry = pending.get(dialog.key);
    pending.delete(dialog.key);
    entry?.settle(false);
  }
}

/** Answers the dialog opened with this key (used by the host's buttons). */
export function answerDialog(key: string, answer: boolean): void {
  const dialog = dialogs.find((queued) => queued.key === key);
  if (dialog) settle(dialog, answer);
}

/** The open dialog first, then the queued ones in order. */
export function getDialogs(): readonly QueuedDialog[] {
  return dialogs;
}

export function subscribeDialogs(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The dialog queue, re-rendering on every change. */
export function useDialogs(): readonly QueuedDialog[] {
  return useSyncExternalStore(subscribeDialogs, getDialogs, getDialogs);
}
