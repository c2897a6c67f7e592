import { lazyOverlay } from '../../../lib/ui/lazy-overlay.tsx';
import { usePasswordUpdateRequested } from './update-password-store.ts';

const UpdatePasswordLayer = lazyOverlay(() => import('./UpdatePasswordModal.tsx'), 'UpdatePasswordModal');

/**
 * Shows the update-password modal once `requestPasswordUpdate()` is called. Mount it once inside the router (the
 * shell's Layout). It renders and loads nothing until then; the modal's code is fetched on first use.
 */
export function UpdatePasswordHost() {
  const requested = usePasswordUpdateRequested();
  if (!requested) return null;
  return <UpdatePasswordLayer retryKey={requested} />;
}
