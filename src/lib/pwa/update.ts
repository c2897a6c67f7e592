import { versionOf, versionUrl, type PageToSwMessage } from '../../shared/sw-messages.ts';
import { askServiceWorker, getRegistration } from './sw-bridge.ts';

/**
 * The two halves the version check needs, over the service worker: reading the server's version (the SW fetches
 * /version.json with no cache; without a SW the page fetches it itself), and installing the new version (waiting SW →
 * SKIP_WAITING → `controlling` → reload at the current location).
 */

export async function fetchServerVersion(): Promise<string | null> {
  const reply = await askServiceWorker({ type: 'CHECK_VERSION' });
  if (reply?.type === 'VERSION') return reply.serverVersion;
  try {
    const response = await fetch(versionUrl(Date.now()), {
      cache: 'no-store',
      headers: { accept: 'application/json' },
    });
    return response.ok ? versionOf(await response.json()) : null;
  } catch {
    return null;
  }
}

const UPDATE_WAIT_MS = 30_000;

/** Resolves when the new SW controls the page, or false when none was found or it did not take over in time. */
async function activateNewWorker(): Promise<boolean> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  if (!registration) return false;
  await registration.update().catch(() => undefined);
  const candidate = registration.installing ?? registration.waiting;
  if (!candidate) return false;
  return new Promise<boolean>((resolve) => {
    const done = (value: boolean) => {
      clearTimeout(timer);
      resolve(value);
    };
    const timer = setTimeout(() => done(false), UPDATE_WAIT_MS);
    navigator.serviceWorker.addEventListener('controllerchange', () => done(true), { once: true });
    const takeOver = () => candidate.postMessage({ type: 'SKIP_WAITING' } satisfies PageToSwMessage);
    if (candidate.state === 'installed') takeOver();
    else
      candidate.addEventListener('statechange', () => {
        if (candidate.state === 'installed') takeOver();
        if (candidate.state === 'redundant') done(false);
      });
  });
}

/** Installs the new version when there is a new SW, then reloads the page where it is (path, query and hash kept). */
export async function updateAndReload(): Promise<void> {
  if (await getRegistration()) await activateNewWorker();
  window.location.reload();
}
