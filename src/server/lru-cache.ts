/** A small least-recently-used map: a hit moves the entry to the back; past `capacity` the oldest goes. */
export class LruCache<K, V> {
  readonly #entries = new Map<K, V>();
  /** The most recently used key: asked again (the calculator's next request is often the same), it stays put. */
  #newest: K | undefined;

  constructor(readonly capacity: number) {
    if (!Number.isSafeInteger(capacity) || capacity < 1) throw new RangeError('LRU capacity must be ≥ 1');
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined && key !== this.#newest) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
      this.#newest = key;
    }
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    this.#newest = key;
    if (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }

  clear(): void {
    this.#entries.clear();
    this.#newest = undefined;
  }
}
