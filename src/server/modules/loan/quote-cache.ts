import type { IsoDate } from '../../../shared/dates.ts';
import type { LoanDefinition } from '../../../shared/loan/loan-definition.ts';

/**
 * Memoised quotes: the plan and TAE of PaymentPlansPost (the home calculator's call, one per slider move of every
 * marketing visit) depend only on the loan definition, the amount, the issue date and the payment dates, so a
 * priced plan is kept per (definition, amount in cents, issue date, dates) in a bounded LRU. The issue date is
 * part of the key, so a new day at Madrid midnight (a new `issueDate` in the requests) prices afresh; the
 * definition enters by its content (every field, through a fingerprint computed once per definition object), so a
 * changed rate or bound can never answer an old plan.
 *
 * Only successful pricings are stored: a request that fails validation computes (and fails) every time.
 */

/** A small least-recently-used map: a hit moves the entry to the back; past `capacity` the oldest goes. */
export class LruCache<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(readonly capacity: number) {
    if (!Number.isSafeInteger(capacity) || capacity < 1) throw new RangeError('LRU capacity must be ≥ 1');
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }

  clear(): void {
    this.#entries.clear();
  }
}

export interface QuoteKey {
  readonly definition: LoanDefinition;
  readonly amountCents: number;
  readonly issueDate: IsoDate;
  readonly paymentDates: readonly IsoDate[];
}

const fingerprints = new WeakMap<LoanDefinition, string>();

/** The definition's content as a string, computed once per definition object (definitions are frozen). */
function definitionFingerprint(definition: LoanDefinition): string {
  let fingerprint = fingerprints.get(definition);
  if (fingerprint === undefined) {
    fingerprint = JSON.stringify(definition);
    fingerprints.set(definition, fingerprint);
  }
  return fingerprint;
}

/** The cache key: definition, amount, issue date and every payment date (ISO dates hold no separator `,`/`|`). */
export function quoteKey({ definition, amountCents, issueDate, paymentDates }: QuoteKey): string {
  return `${definitionFingerprint(definition)}|${amountCents}|${issueDate}|${paymentDates.join(',')}`;
}

export const QUOTE_CACHE_CAPACITY = 1_000;

/** A memo of quotes: `get(key, price)` answers the stored quote for the key, or prices, stores and answers it. */
export class QuoteCache<V> {
  readonly #lru: LruCache<string, V>;

  constructor(capacity = QUOTE_CACHE_CAPACITY) {
    this.#lru = new LruCache(capacity);
  }

  get size(): number {
    return this.#lru.size;
  }

  get(key: QuoteKey, price: () => V): V {
    const id = quoteKey(key);
    let value = this.#lru.get(id);
    if (value === undefined) {
      value = price();
      this.#lru.set(id, value);
    }
    return value;
  }

  clear(): void {
    this.#lru.clear();
  }
}
