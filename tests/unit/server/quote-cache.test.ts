import { describe, expect, it } from 'vitest';
import { LruCache } from '../../../src/server/lru-cache.ts';
import { QuoteCache, quoteKey, type QuoteKey } from '../../../src/server/modules/loan/quote-cache.ts';
import { DEFAULT_LOAN_DEFINITION } from '../../../src/shared/loan/loan-definition.ts';

const key = (overrides: Partial<QuoteKey> = {}): QuoteKey => ({
  definition: DEFAULT_LOAN_DEFINITION,
  amountCents: 250_000,
  issueDate: '2026-11-24',
  paymentDates: ['2026-12-24', '2027-01-24'],
  ...overrides,
});

describe('LruCache', () => {
  it('keeps at most its capacity and evicts the least recently used entry', () => {
    const lru = new LruCache<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now the most recently used
    lru.set('c', 3);
    expect(lru.size).toBe(2);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
  });

  it('refuses a capacity below 1', () => {
    expect(() => new LruCache(0)).toThrow(RangeError);
  });
});

describe('QuoteCache', () => {
  it('prices a quote once and answers the stored one for the same definition, amount, issue date and dates', () => {
    const cache = new QuoteCache<object>();
    let pricings = 0;
    const price = () => ({ pricing: ++pricings });
    const first = cache.get(key(), price);
    const again = cache.get(key({ paymentDates: ['2026-12-24', '2027-01-24'] }), price);
    expect(again).toBe(first);
    expect(pricings).toBe(1);
  });

  it('prices again when the issue date changes (a new day in Madrid)', () => {
    const cache = new QuoteCache<number>();
    let pricings = 0;
    cache.get(key(), () => ++pricings);
    expect(cache.get(key({ issueDate: '2026-11-25' }), () => ++pricings)).toBe(2);
  });

  it('prices again for another amount, other dates or another definition, even one with the same id', () => {
    const cache = new QuoteCache<number>();
    let pricings = 0;
    cache.get(key(), () => ++pricings);
    expect(cache.get(key({ amountCents: 300_000 }), () => ++pricings)).toBe(2);
    expect(cache.get(key({ paymentDates: ['2026-12-24'] }), () => ++pricings)).toBe(3);
    const dearer = { ...DEFAULT_LOAN_DEFINITION, monthlyRateBasisPoints: 700 };
    expect(cache.get(key({ definition: dearer }), () => ++pricings)).toBe(4);
    expect(cache.get(key(), () => ++pricings)).toBe(1);
  });

  it('keys differ for each part of the quote', () => {
    const keys = new Set([
      quoteKey(key()),
      quoteKey(key({ amountCents: 250_001 })),
      quoteKey(key({ issueDate: '2026-11-25' })),
      quoteKey(key({ paymentDates: ['2026-12-24', '2027-01-25'] })),
      quoteKey(key({ definition: { ...DEFAULT_LOAN_DEFINITION, maxInstallments: 12 } })),
    ]);
    expect(keys.size).toBe(5);
  });

  it('is bounded: past its capacity the least recently used quote is priced again', () => {
    const cache = new QuoteCache<number>(2);
    let pricings = 0;
    cache.get(key({ amountCents: 1 }), () => ++pricings);
    cache.get(key({ amountCents: 2 }), () => ++pricings);
    cache.get(key({ amountCents: 3 }), () => ++pricings);
    expect(cache.size).toBe(2);
    expect(cache.get(key({ amountCents: 1 }), () => ++pricings)).toBe(4);
    expect(cache.get(key({ amountCents: 3 }), () => ++pricings)).toBe(3);
  });

  it('stores nothing when pricing throws', () => {
    const cache = new QuoteCache<number>();
    expect(() =>
      cache.get(key(), () => {
        throw new RangeError('bad dates');
      }),
    ).toThrow(RangeError);
    expect(cache.size).toBe(0);
  });
});
