import { useAtomValue } from 'jotai';
import { onlineAtom } from '../../lib/pwa/network-status.ts';
import { SHELL_TEXTS } from '../texts.ts';

/** Shown while the app is offline (the browser, the service worker or a failed request says so). */
export function OfflineBanner() {
  const online = useAtomValue(onlineAtom);
  return (
    <div className="offline-banner" role="status" aria-live="polite" hidden={online}>
      {online ? null : SHELL_TEXTS.offline}
    </div>
  );
}
