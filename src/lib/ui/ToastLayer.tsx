import { I18nProvider } from 'react-aria-components/I18nProvider';
import { UNSTABLE_ToastQueue as ToastQueue, UNSTABLE_ToastRegion as ToastRegion } from 'react-aria-components/Toast';
import { LOCALE } from '../../shared/constants.ts';
import {
  dismissToast,
  getToasts,
  subscribeToasts,
  TOAST_POSITIONS,
  type ActiveToast,
  type ToastPosition,
} from './toast-store.ts';
import { ToastItem } from './ToastItem.tsx';
import { TOAST_REGION_LABELS } from './ui-texts.ts';
import './toast.css';

/**
 * React Aria keeps one queue per position: it runs the auto-dismiss timers (paused while the customer hovers or
 * focuses the toasts) and the regions announce each toast. The store stays the source of truth; this module
 * mirrors it into the queues, and a toast closed by its timer or its button is removed from the store.
 */
const queues = new Map<ToastPosition, ToastQueue<ActiveToast>>(
  TOAST_POSITIONS.map((position) => [position, new ToastQueue<ActiveToast>()]),
);
/** Store key of each queued toast → its queue and React Aria key. */
const queued = new Map<string, { readonly queue: ToastQueue<ActiveToast>; readonly queueKey: string }>();

function queueOf(position: ToastPosition): ToastQueue<ActiveToast> {
  const queue = queues.get(position);
  if (!queue) throw new Error(`Unknown toast position ${position}`);
  return queue;
}

function mirrorStore(): void {
  const toasts = getToasts();
  const present = new Set(toasts.map((toast) => toast.key));
  for (const [key, entry] of queued) {
    if (!present.has(key)) {
      queued.delete(key);
      entry.queue.close(entry.queueKey);
    }
  }
  for (const toast of toasts) {
    if (queued.has(toast.key)) continue;
    const queue = queueOf(toast.position);
    const queueKey = queue.add(toast, {
      timeout: toast.timeoutMs,
      // Closed by its timer or its button: remove it from the store (unless the store already replaced it).
      onClose: () => {
        queued.delete(toast.key);
        if (getToasts().some((shown) => shown.key === toast.key)) dismissToast(toast.id);
      },
    });
    queued.set(toast.key, { queue, queueKey });
  }
}

subscribeToasts(mirrorStore);
mirrorStore();

/** The six toast regions (each rendered only while it has toasts). Loaded on demand by ToastHost. */
export default function ToastLayer() {
  return (
    <I18nProvider locale={LOCALE}>
      {TOAST_POSITIONS.map((position) => (
        <ToastRegion
          key={position}
          queue={queueOf(position)}
          aria-label={TOAST_REGION_LABELS[position]}
          className={`ui-toast-region ui-toast-region--${position}`}
        >
          {({ toast }) => <ToastItem toast={toast} />}
        </ToastRegion>
      ))}
    </I18nProvider>
  );
}
