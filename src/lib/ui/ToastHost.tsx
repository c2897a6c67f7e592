import { lazyOverlay } from './lazy-overlay.tsx';
import { useToasts } from './toast-store.ts';

const ToastLayer = lazyOverlay(() => import('./ToastLayer.tsx'), 'ToastLayer');

/**
 * Shows the toasts of `showToast` in their six positions. The app shell mounts it once. It renders nothing and
 * loads nothing until the first toast is shown; the toast code (React Aria's toast regions) is fetched then.
 */
export function ToastHost() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return <ToastLayer retryKey={toasts.length} />;
}
