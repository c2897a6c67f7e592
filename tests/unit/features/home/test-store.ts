import { createStore } from 'jotai';
import { RESET } from 'jotai/utils';
import { persistedAtoms } from '../../../../src/lib/storage/atoms.ts';
import { hydrate, type AnyPersistedAtom } from '../../../../src/lib/storage/persisted-atom.ts';

export type TestStore = ReturnType<typeof createStore>;

/**
 * A jotai store as the app has it after start-up: every persisted atom hydrated, starting from an empty IndexedDB
 * (fake-indexeddb; what an earlier test stored is deleted first).
 */
export async function freshStore(): Promise<TestStore> {
  const cleaner = createStore();
  for (const persisted of persistedAtoms as readonly AnyPersistedAtom[]) await cleaner.set(persisted, RESET);
  const store = createStore();
  await hydrate(store, persistedAtoms);
  return store;
}
