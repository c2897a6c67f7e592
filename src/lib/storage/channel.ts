/**
 * Tab sync of persisted atoms: a write in one tab is posted on a BroadcastChannel of the origin and applied by the
 * same atom in every other tab (the IndexedDB write happens in the writing tab only). Messages are validated by the
 * receiving atom's schema, never trusted.
 */

const CHANNEL_NAME = 'prestamo-rapido:storage';

interface ChangeMessage {
  readonly key: string;
  readonly stored: unknown;
}

type Listener = (stored: unknown) => void;

const listeners = new Map<string, Set<Listener>>();
let channel: BroadcastChannel | null | undefined;

function getChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  if (typeof BroadcastChannel === 'undefined') return (channel = null);
  channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<ChangeMessage>) => {
    const message = event.data;
    if (typeof message?.key !== 'string') return;
    for (const listener of listeners.get(message.key) ?? []) listener(message.stored);
  };
  return channel;
}

/**
 * Takes this tab out of the sync for the rest of its life (a staff member's read-only view): it neither posts its
 * writes nor applies the other tabs'. Called at boot, before any persisted atom is read.
 */
export function disableTabSync(): void {
  channel?.close();
  channel = null;
}

export function publishChange(key: string, stored: unknown): void {
  try {
    getChannel()?.postMessage({ key, stored } satisfies ChangeMessage);
  } catch {
    // An uncloneable value or a closed channel: other tabs catch up on their next load.
  }
}

export function onRemoteChange(key: string, listener: Listener): () => void {
  getChannel();
  let set = listeners.get(key);
  if (!set) listeners.set(key, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}
