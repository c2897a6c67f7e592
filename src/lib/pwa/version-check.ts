import { VERSION_CHECK } from '../../shared/constants.ts';

/**
 * The version check (first document §4): first after 10 s, then every 5 minutes. When the server's version differs
 * from this build, the new version is installed and the page reloads at the current location.
 *
 * No reload loop: before reloading for a server version, the page writes that version in sessionStorage; if after the
 * reload the page still runs another version (the new service worker could not be installed, or a CDN still serves
 * the old files), it does not reload again for that same version. A later, different server version is tried again.
 */

export interface VersionCheckDeps {
  /** This build's version. */
  currentVersion: string;
  /** The server's version now (through the service worker, or a direct no-cache fetch), null when unknown (offline). */
  fetchServerVersion: () => Promise<string | null>;
  /** Installs the new version (new SW) and reloads the page at its current location. */
  update: () => Promise<void>;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  setInterval?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  clearInterval?: (handle: unknown) => void;
  onError?: (error: unknown) => void;
}

export const RELOADED_FOR_KEY = 'prestamo-rapido:reloaded-for-version';

export type CheckOutcome = 'same' | 'unknown' | 'updating' | 'alreadyTried';

/** One check: compare, and update unless this session already reloaded for that server version. */
export async function checkVersionOnce(deps: VersionCheckDeps): Promise<CheckOutcome> {
  const storage = deps.storage ?? window.sessionStorage;
  const serverVersion = await deps.fetchServerVersion();
  if (serverVersion === null) return 'unknown';
  if (serverVersion === deps.currentVersion) {
    storage.removeItem(RELOADED_FOR_KEY);
    return 'same';
  }
  if (storage.getItem(RELOADED_FOR_KEY) === serverVersion) return 'alreadyTried';
  storage.setItem(RELOADED_FOR_KEY, serverVersion);
  await deps.update();
  return 'updating';
}

/** Starts the schedule; returns a stop function. */
export function startVersionCheck(deps: VersionCheckDeps): () => void {
  const schedule = deps.setTimeout ?? ((callback, ms) => window.setTimeout(callback, ms));
  const every = deps.setInterval ?? ((callback, ms) => window.setInterval(callback, ms));
  const cancelTimeout = deps.clearTimeout ?? ((handle) => window.clearTimeout(handle as number));
  const cancelInterval = deps.clearInterval ?? ((handle) => window.clearInterval(handle as number));
  let running = false;
  const run = () => {
    if (running) return; // a slow check is never overlapped by the next one
    running = true;
    checkVersionOnce(deps)
      .catch((error: unknown) => deps.onError?.(error))
      .finally(() => {
        running = false;
      });
  };
  let interval: unknown;
  const first = schedule(() => {
    run();
    interval = every(run, VERSION_CHECK.everyMs);
  }, VERSION_CHECK.firstAfterMs);
  return () => {
    cancelTimeout(first);
    if (interval !== undefined) cancelInterval(interval);
  };
}
