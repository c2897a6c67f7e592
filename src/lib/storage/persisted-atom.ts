import { atom, type Atom, type WritableAtom } from 'jotai';
import { RESET } from 'jotai/utils';
import type { WireCodec } from '../../shared/api/wire/light.ts';
import { storageBackend, type StorageBackend } from './backend.ts';
import { onRemoteChange, publishChange } from './channel.ts';

/**
 * One helper makes every persisted atom (architecture §4): a jotai atom whose value lives in IndexedDB (idb-keyval)
 * as the envelope `{ value, expiresAt }`, validated with a schema and given a time to live. The schema is a zod
 * schema or a zod-free codec generated from one (atoms.ts: the first load carries no zod); both give `safeParse`
 * and `safeEncode`.
 *
 * - Reading: the first read loads the stored entry; the atom suspends until then (one Suspense boundary at start-up,
 *   so nothing flashes). An entry that is expired, unreadable or does not match the schema reads as absent (the
 *   initial value) and is deleted.
 * - Writing stores the value with `expiresAt = now + ttl`; with `keepExpiry`, an update of a live entry keeps its
 *   expiry (the session lives 24 h from login, however often the member details are refreshed). `RESET` deletes it.
 * - While mounted (some component or subscription reads it), the atom resets itself when its entry expires and
 *   follows the changes other tabs make (BroadcastChannel), so every tab of the origin sees one state.
 *
 * Timers and tab sync belong to the atom definition, so an atom is meant for one jotai store (the app's).
 */

export interface PersistedAtomOptions<T> {
  /** The IndexedDB key. */
  key: string;
  /** Schema of the value (stored form ↔ value); a stored value that does not parse reads as absent. */
  schema: WireCodec<NoInfer<T>>;
  /** Time to live in milliseconds. */
  ttlMs: number;
  /** The value when nothing (valid) is stored. */
  initial: T;
  /** Updates of a live entry keep its expiry instead of renewing it. */
  keepExpiry?: boolean;
  /** Defaults to idb-keyval's default store; tests may pass their own. */
  backend?: StorageBackend;
  /** Defaults to Date.now. */
  now?: () => number;
}

export type PersistedUpdate<T> = T | typeof RESET | ((previous: T) => T | typeof RESET);

export interface Entry<T> {
  readonly value: T;
  /** Epoch milliseconds; null when nothing is stored (the initial value). */
  readonly expiresAt: number | null;
}

export type PersistedAtom<T> = WritableAtom<T | Promise<T>, [PersistedUpdate<T>], Promise<void>> & {
  readonly key: string;
  /** The entry with its expiry (suspends like the value). */
  readonly entryAtom: Atom<Entry<T> | Promise<Entry<T>>>;
};

/** setTimeout refuses delays above 2^31 - 1 ms (~24.8 days); longer expiries are re-armed in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const INTERNAL = Symbol('persisted-atom');
type InternalAction =
  | { readonly [INTERNAL]: 'arm' }
  | { readonly [INTERNAL]: 'expire' }
  | { readonly [INTERNAL]: 'remote'; readonly stored: unknown };
const isInternal = (value: unknown): value is InternalAction =>
  typeof value === 'object' && value !== null && INTERNAL in value;

export function persistedAtom<T>(options: PersistedAtomOptions<T>): PersistedAtom<T> {
  const { key, schema, ttlMs, initial, keepExpiry = false } = options;
  const backend = options.backend ?? storageBackend;
  const now = options.now ?? (() => Date.now());
  const absent: Entry<T> = { value: initial, expiresAt: null };

  /** A stored (or broadcast) envelope as an entry; anything invalid or expired is null. */
  const toEntry = (stored: unknown): Entry<T> | null => {
    if (typeof stored !== 'object' || stored === null) return null;
    const { value, expiresAt } = stored as { value?: unknown; expiresAt?: unknown };
    if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt) || expiresAt <= now()) return null;
    const parsed = schema.safeParse(value);
    return parsed.success ? { value: parsed.data, expiresAt } : null;
  };

  const load = async (): Promise<Entry<T>> => {
    let stored: unknown;
    try {
      stored = await backend.get(key);
    } catch {
      return absent; // IndexedDB unavailable (blocked, quota): the app runs on in-memory state
    }
    const entry = toEntry(stored);
    if (entry === null && stored !== undefined) await backend.del(key).catch(() => undefined);
    return entry ?? absent;
  };

  // The stored entry, loaded on first read; writes (local, remote, expiry) replace it.
  const loadedAtom = atom(load);
  const writtenAtom = atom<Entry<T> | null>(null);
  const entryAtom = atom((get): Entry<T> | Promise<Entry<T>> => get(writtenAtom) ?? get(loadedAtom));

  let dispatch: ((action: InternalAction) => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = (expiresAt: number | null) => {
    clearTimeout(timer);
    timer = undefined;
    if (dispatch === null || expiresAt === null) return;
    const delay = Math.min(Math.max(0, expiresAt - now()), MAX_TIMER_MS);
    timer = setTimeout(() => dispatch?.({ [INTERNAL]: 'expire' }), delay);
  };

  const valueAtom = atom(
    (get): T | Promise<T> => {
      const entry = get(entryAtom);
      return entry instanceof Promise ? entry.then((loaded) => loaded.value) : entry.value;
    },
    async (get, set, update: PersistedUpdate<T> | InternalAction): Promise<void> => {
      // Once loaded, the entry is read synchronously: two updates in the same tick then chain (the second sees the
      // first) instead of both starting from the old value.
      const current = get(entryAtom);
      const loaded = current instanceof Promise ? await current : current;
      // An entry whose time is up is absent, even before its timer has run: an update never builds on it.
      const previous = loaded.expiresAt !== null && loaded.expiresAt <= now() ? absent : loaded;
      if (isInternal(update)) {
        const kind = update[INTERNAL];
        if (kind === 'remote') {
          const entry = toEntry((update as { stored: unknown }).stored) ?? absent;
          set(writtenAtom, entry);
          arm(entry.expiresAt);
        } else if (kind === 'expire' && loaded.expiresAt !== null && loaded.expiresAt <= now()) {
          set(writtenAtom, absent);
          arm(null);
          await backend.del(key).catch(() => undefined);
        } else {
          // 'arm' (on mount), or an expiry timer that fired early (long delays run in steps). Once loaded, the entry is
          // kept as written so later reads are synchronous (store.get gives the value, not a promise).
          if (get(writtenAtom) === null || previous !== loaded) set(writtenAtom, previous);
          if (previous !== loaded) await backend.del(key).catch(() => undefined);
          arm(previous.expiresAt);
        }
        return;
      }
      const next = typeof update === 'function' ? (update as (value: T) => T | typeof RESET)(previous.value) : update;
      if (next === RESET) {
        set(writtenAtom, absent);
        arm(null);
        publishChange(key, null);
        await backend.del(key).catch(() => undefined);
        return;
      }
      const live = previous.expiresAt !== null && previous.expiresAt > now();
      const expiresAt = keepExpiry && live && previous.expiresAt !== null ? previous.expiresAt : now() + ttlMs;
      const entry = { value: next, expiresAt };
      set(writtenAtom, entry);
      arm(expiresAt);
      // Stored and broadcast as the schema's input (the contract's codecs: money as the wire's euros, read back into
      // Cents by toEntry), so what is read is what was written.
      const encoded = schema.safeEncode(next);
      const stored = encoded.success ? { value: encoded.data, expiresAt } : entry;
      publishChange(key, stored);
      await backend.set(key, stored).catch(() => undefined);
    },
  );

  valueAtom.onMount = (setSelf) => {
    dispatch = (action) => void setSelf(action);
    const unsubscribe = onRemoteChange(key, (stored) => dispatch?.({ [INTERNAL]: 'remote', stored }));
    dispatch({ [INTERNAL]: 'arm' });
    return () => {
      unsubscribe();
      dispatch = null;
      arm(null);
    };
  };

  return Object.assign(valueAtom as unknown as PersistedAtom<T>, { key, entryAtom });
}

/** Any persisted atom, whatever its value type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyPersistedAtom = PersistedAtom<any>;

/**
 * Reads the stored entries of these atoms into the store, so that from then on they answer synchronously. Start-up
 * awaits it before the first render ("wait for rehydration", first document §4): a component never suspends on a
 * stored value, and nothing flashes.
 */
export async function hydrate(
  store: { set: (atom: AnyPersistedAtom, action: never) => unknown },
  atoms: readonly AnyPersistedAtom[],
): Promise<void> {
  const arm: InternalAction = { [INTERNAL]: 'arm' };
  await Promise.all(atoms.map((persisted) => store.set(persisted, arm as never)));
}

/**
 * Keeps these atoms mounted in the app's store for the life of the page, so that each one expires on time and follows
 * the other tabs even while no component reads it (the signup form values and the campaign parameters are read and
 * written on demand): without it, a tab left open past an entry's expiry would still hold, and write back, the
 * expired value. Main calls it once, after `hydrate`. Returns the function that lets them go.
 */
export function keepMounted(
  store: { sub: (atom: AnyPersistedAtom, listener: () => void) => () => void },
  atoms: readonly AnyPersistedAtom[],
): () => void {
  const unsubscribes = atoms.map((persisted) => store.sub(persisted, () => undefined));
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
  };
}
