import { createStore } from 'jotai';
import { RESET } from 'jotai/utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { storageBackend } from '../../../../src/lib/storage/backend.ts';
import { hydrate, keepMounted, persistedAtom, type PersistedAtom } from '../../../../src/lib/storage/persisted-atom.ts';
import { toCents, ZERO_CENTS } from '../../../../src/shared/money.ts';
import {
  basicDetailsAtom,
  campaignParametersAtom,
  cookieConsentAtom,
  marketingPromptAtom,
  sessionAtom,
} from '../../../../src/lib/storage/atoms.ts';
import { loanFlowAtom } from '../../../../src/lib/storage/loan-flow-atom.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
let keySeq = 0;
const freshKey = () => `test:${Date.now()}:${(keySeq += 1)}`;

/** Lets IndexedDB (fake-indexeddb runs on setImmediate) and the atom's promises settle. */
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

const counter = (key: string, ttlMs = HOUR, extra: { keepExpiry?: boolean } = {}) =>
  persistedAtom({ key, schema: z.number().int(), ttlMs, initial: 0, ...extra });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: new Date('2026-11-23T10:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('persisted atoms over IndexedDB', () => {
  it('store the value as { value, expiresAt } and read it back in a new store (a reload)', async () => {
    const key = freshKey();
    const first = createStore();
    await first.set(counter(key), 7);
    expect(await storageBackend.get(key)).toEqual({ value: 7, expiresAt: Date.now() + HOUR });

    const reloaded = createStore();
    expect(await reloaded.get(counter(key))).toBe(7);
  });

  it('answer synchronously once hydrated (start-up hydrates before the first render)', async () => {
    const key = freshKey();
    await createStore().set(counter(key), 12);
    const store = createStore();
    const value = counter(key);
    expect(store.get(value)).toBeInstanceOf(Promise);
    await hydrate(store, [value]);
    expect(store.get(value)).toBe(12);
    const absent = counter(freshKey());
    await hydrate(store, [absent]);
    expect(store.get(absent)).toBe(0);
  });

  it('read an absent key as the initial value', async () => {
    expect(await createStore().get(counter(freshKey()))).toBe(0);
  });

  it('read an expired entry as absent and delete it', async () => {
    const key = freshKey();
    await createStore().set(counter(key), 5);
    vi.setSystemTime(Date.now() + HOUR + 1);
    expect(await createStore().get(counter(key))).toBe(0);
    expect(await storageBackend.get(key)).toBeUndefined();
  });

  it('keep an entry until its last millisecond', async () => {
    const key = freshKey();
    await createStore().set(counter(key), 5);
    vi.setSystemTime(Date.now() + HOUR - 1);
    expect(await createStore().get(counter(key))).toBe(5);
  });

  it('read an entry that does not match the schema as absent and delete it', async () => {
    const key = freshKey();
    await storageBackend.set(key, { value: 'not a number', expiresAt: Date.now() + HOUR });
    expect(await createStore().get(counter(key))).toBe(0);
    expect(await storageBackend.get(key)).toBeUndefined();
  });

  it('read a value stored without the envelope as absent and delete it', async () => {
    const key = freshKey();
    await storageBackend.set(key, 42);
    expect(await createStore().get(counter(key))).toBe(0);
    expect(await storageBackend.get(key)).toBeUndefined();
  });

  it('renew the expiry on every write by default', async () => {
    const key = freshKey();
    const store = createStore();
    const value = counter(key);
    await store.set(value, 1);
    vi.setSystemTime(Date.now() + 30 * 60 * 1000);
    await store.set(value, (previous) => previous + 1);
    expect(await storageBackend.get(key)).toEqual({ value: 2, expiresAt: Date.now() + HOUR });
  });

  it('keep the first expiry on updates when keepExpiry is set (the session lives 24 h from login)', async () => {
    const key = freshKey();
    const store = createStore();
    const value = counter(key, HOUR, { keepExpiry: true });
    await store.set(value, 1);
    const firstExpiry = Date.now() + HOUR;
    vi.setSystemTime(Date.now() + 30 * 60 * 1000);
    await store.set(value, 2);
    expect(await storageBackend.get(key)).toEqual({ value: 2, expiresAt: firstExpiry });
  });

  it('delete the entry on RESET', async () => {
    const key = freshKey();
    const store = createStore();
    const value = counter(key);
    await store.set(value, 3);
    await store.set(value, RESET);
    expect(store.get(value)).toBe(0);
    expect(await storageBackend.get(key)).toBeUndefined();
  });

  it('reset a mounted atom when its entry expires while the app is open', async () => {
    const key = freshKey();
    const store = createStore();
    const value = counter(key);
    const seen: unknown[] = [];
    const unsubscribe = store.sub(value, () => seen.push(store.get(value)));
    await store.set(value, 9);
    await settle();
    expect(store.get(value)).toBe(9);

    await vi.advanceTimersByTimeAsync(HOUR - 1);
    expect(store.get(value)).toBe(9);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(store.get(value)).toBe(0);
    expect(await storageBackend.get(key)).toBeUndefined();
    unsubscribe();
  });

  it('arm the expiry of an entry loaded from storage once mounted', async () => {
    const key = freshKey();
    await createStore().set(counter(key), 4);
    vi.setSystemTime(Date.now() + 10 * 60 * 1000);

    const store = createStore();
    const value = counter(key);
    const unsubscribe = store.sub(value, () => undefined);
    expect(await store.get(value)).toBe(4);
    await settle();
    await vi.advanceTimersByTimeAsync(50 * 60 * 1000);
    await settle();
    expect(store.get(value)).toBe(0);
    unsubscribe();
  });
});

describe('updates', () => {
  it('two functional updates in the same tick both count (neither starts from the old value)', async () => {
    const key = freshKey();
    const store = createStore();
    const value = counter(key);
    await hydrate(store, [value]);
    await Promise.all([store.set(value, (n) => n + 1), store.set(value, (n) => n + 1)]);
    expect(store.get(value)).toBe(2);
    expect(await storageBackend.get(key)).toEqual({ value: 2, expiresAt: Date.now() + HOUR });
  });
});

describe('keepMounted (the app keeps every persisted atom mounted)', () => {
  it('an atom no component reads still expires on time, and a late update does not revive the expired value', async () => {
    const key = freshKey();
    const store = createStore();
    const value = counter(key);
    await hydrate(store, [value]);
    const release = keepMounted(store, [value]);
    await store.set(value, 5);
    await vi.advanceTimersByTimeAsync(HOUR);
    await settle();
    expect(store.get(value)).toBe(0);
    expect(await storageBackend.get(key)).toBeUndefined();
    await store.set(value, (previous) => previous + 1);
    expect(store.get(value)).toBe(1);
    release();
  });

  it('without it (a value read on demand), an update after the expiry still starts from the initial value', async () => {
    const key = freshKey();
    const store = createStore();
    const value = counter(key);
    await store.set(value, 5);
    vi.setSystemTime(Date.now() + HOUR);
    await store.set(value, (previous) => previous + 1);
    expect(store.get(value)).toBe(1);
    expect(await storageBackend.get(key)).toEqual({ value: 1, expiresAt: Date.now() + HOUR });
  });

  it('an atom no component reads follows the changes another tab makes', async () => {
    const key = freshKey();
    const store = createStore();
    const here = counter(key);
    await hydrate(store, [here]);
    const release = keepMounted(store, [here]);
    // Another tab of the origin posts its writes on the storage channel.
    const otherTab = new BroadcastChannel('prestamo-rapido:storage');
    otherTab.postMessage({ key, stored: { value: 42, expiresAt: Date.now() + HOUR } });
    await vi.waitFor(() => expect(store.get(here)).toBe(42));
    otherTab.postMessage({ key, stored: null });
    await vi.waitFor(() => expect(store.get(here)).toBe(0));
    otherTab.close();
    release();
  });
});

describe('the lifetimes of the app state (first document §9, second document §9)', () => {
  const member = {
    id: 1,
    status: 'registered' as const,
    fullName: 'Lucía García Fernández',
    twoLetterName: 'LG',
    firstName: 'Lucía',
    customerCreditLimit: ZERO_CENTS,
    role: 'user' as const,
    phone: '600000001',
    hasActiveLoan: false,
  };
  const flow = {
    id: 'abc',
    dto: {
      amount: 100,
      paymentDates: ['2026-12-23'],
      issueDate: '2026-11-23',
      salaryCalculationDetails: {
        nextSalaryDate: '2026-12-23',
        calculateNextXDates: 24,
        paymentFrequencyLogical: 'specificDate',
        day: '' as const,
        week: '' as const,
      },
    },
    formValues: {},
  };
  const consent = {
    strictlyNecessary: true as const,
    analyticsPerformance: false,
    functional: true,
    fullStoryVideo: false,
    advertisingPurposing: false,
  };

  it.each([
    ['session (token and member details)', sessionAtom, { token: 'a.b.c', memberDetails: member }, 24 * HOUR],
    ['basic details', basicDetailsAtom, { firstName: 'Lucía', phone: '600000001' }, 31 * DAY],
    ['campaign parameters', campaignParametersAtom, { utm_campaign: 'otoño', history: [] }, 3 * DAY],
    ['a saved loan flow', loanFlowAtom('abc'), flow, 1 * DAY],
    ['cookie consent', cookieConsentAtom, consent, 365 * DAY],
    ['the marketing prompt', marketingPromptAtom, { shownAt: '2026-11-23T10:00:00.000Z' }, 7 * DAY],
  ] as const)('%s is stored for %d ms', async (_name, stateAtom, value, ttl) => {
    await createStore().set(stateAtom as never, value as never);
    expect(await storageBackend.get(stateAtom.key)).toEqual({ value, expiresAt: Date.now() + ttl });
    vi.setSystemTime(Date.now() + ttl);
    expect(await createStore().get(stateAtom as PersistedAtom<unknown>)).toBeNull();
  });

  it('money is stored as the wire writes it (euros) and read back as Cents, so a reload shows the same amount', async () => {
    const rich = { ...member, customerCreditLimit: toCents(300_000) };
    await createStore().set(sessionAtom, { token: 'header.payload.signature', memberDetails: rich });
    const stored = (await storageBackend.get(sessionAtom.key)) as { value: { memberDetails: typeof member } };
    expect(stored.value.memberDetails.customerCreditLimit).toBe(3000);
    expect((await createStore().get(sessionAtom))?.memberDetails.customerCreditLimit).toBe(300_000);
  });

  it('a stored session expires after 24 hours and reads as logged out', async () => {
    await createStore().set(sessionAtom, { token: 'header.payload.signature', memberDetails: member });
    vi.setSystemTime(Date.now() + 24 * HOUR - 1);
    expect((await createStore().get(sessionAtom))?.token).toBe('header.payload.signature');
    vi.setSystemTime(Date.now() + 1);
    expect(await createStore().get(sessionAtom)).toBeNull();
  });

  it('loan flows are kept per id', async () => {
    await createStore().set(loanFlowAtom('abc'), flow);
    expect(loanFlowAtom('abc')).toBe(loanFlowAtom('abc'));
    expect(await createStore().get(loanFlowAtom('abc'))).toEqual(flow);
    expect(await createStore().get(loanFlowAtom('other'))).toBeNull();
  });
});
