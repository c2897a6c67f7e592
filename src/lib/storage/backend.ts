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

export const storageBackend: StorageBackend = {
  get: (key) => get(key, appStore()),
  set: (key, value) => set(key, value, appStore()),
  del: (key) => del(key, appStore()),
};
