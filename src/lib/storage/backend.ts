import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/** Where persisted atoms keep their envelopes: idb-keyval (one IndexedDB database of the origin). */
export interface StorageBackend {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
}

/** The app's store: database `prestamo-rapido`, object store `state`. Created on first use (not at import). */
let store: UseStore | undefined;
const appStore = (): UseStore => (store ??= createStore('prestamo-rapido', 'state'));

const indexedDbBackend: StorageBackend = {
  get: (key) => get(key, appStore()),
  set: (key, value) => set(key, value, appStore()),
  del: (key) => del(key, appStore()),
};

/** Entries kept in this tab's memory only: gone with the tab, never seen by another one. */
export function memoryBackend(): StorageBackend {
  const entries = new Map<string, unknown>();
  return {
    get: (key) => Promise.resolve(structuredClone(entries.get(key))),
    set: (key, value) => {
      entries.set(key, structuredClone(value));
      return Promise.resolve();
    },
    del: (key) => {
      entries.delete(key);
      return Promise.resolve();
    },
  };
}

let current: StorageBackend = indexedDbBackend;

/**
 * The backend every persisted atom uses: it hands each call to the current implementation (IndexedDB, or memory
 * once `switchToMemoryStorage` has switched this tab to it).
 */
export const storageBackend: StorageBackend = {
  get: (key) => current.get(key),
  set: (key, value) => current.set(key, value),
  del: (key) => current.del(key),
};

/**
 * Keeps this tab's persisted state in memory from now on (a staff member's read-only view, src/lib/session/
 * read-only-view.ts): nothing is read from or written to the origin's IndexedDB. Called at boot, before any
 * persisted atom is read; there is no way back for the tab.
 */
export function switchToMemoryStorage(): void {
  current = memoryBackend();
}

/** Whether this tab keeps its state in memory (tests). */
export const isMemoryStorage = (): boolean => current !== indexedDbBackend;
