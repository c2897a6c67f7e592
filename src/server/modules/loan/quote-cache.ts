import type { IsoDate } from '../../../shared/dates.ts';
import type { LoanDefinition } from '../../../shared/loan/loan-definition.ts';
import { LruCache } from '../../lru-cache.ts';

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

export interface QuoteKey {
  readonly definition: LoanDefinition;
  readonly amountCents: number;
  readonly issueDate: IsoDate;
  readonly paymentDates: readonly IsoDate[];
  /** An interest-free first minipréstamo. */
  readonly interestFree?: boolean;
}

/** A number per distinct definition content (a handful: the product's definitions are constants). */
const definitionIds = new Map<string, number>();
const idsByDefinition = new WeakMap<LoanDefinition, number>();

/**
 * The definition's content as a short id, worked out once per definition object (definitions are frozen): two
 * objects with the same fields share the id, any changed field gets another. The key then carries a number, not
 * the definition's 600-character JSON hashed and compared on every request.
 */
function definitionId(definition: LoanDefinition): number {
  let id = idsByDefinition.get(definition);
  if (id === undefined) {
    const fingerprint = JSON.stringify(definition);
    id = definitionIds.get(fingerprint);
    if (id === undefined) {
      id = definitionIds.size + 1;
      definitionIds.set(fingerprint, id);
    }
    idsByDefinition.set(definition, id);
  }
  return id;
}

/** The cache key: definition, amount, issue date, every payment date and an interest-free mark (ISO dates hold no separator `,`/`|`). */
export function quoteKey({ definition, amountCents, issueDate, paymentDates, interestFree }: QuoteKey): string {
  return `${definitionId(definition)}|${amountCents}|${issueDate}|${paymentDates.join(',')}${interestFree ? '|free' : ''}`;
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
