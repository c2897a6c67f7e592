import { useDialogs } from './dialog-store.ts';
import { lazyOverlay } from './lazy-overlay.tsx';

const ConfirmDialogLayer = lazyOverlay(() => import('./ConfirmDialogLayer.tsx'), 'ConfirmDialogLayer');

/**
 * Shows the confirm dialogs opened with `openDialog`, one at a time. The app shell mounts it once. It renders
 * nothing and loads nothing until the first dialog is opened; the dialog code (React Aria's modal) is fetched then.
 */
export function DialogHost() {
  const dialogs = useDialogs();
  if (dialogs.length === 0) return null;
  return <ConfirmDialogLayer retryKey={dialogs.length} />;
}
