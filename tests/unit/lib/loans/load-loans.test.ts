import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLoans, showKeptLoans } from '../../../../src/lib/loans/load-loans.ts';
import { loansStateAtom } from '../../../../src/lib/loans/loans-state.ts';
import { endSession } from '../../../../src/lib/session/session.ts';
import { loansCacheAtom } from '../../../../src/lib/storage/atoms.ts';
import { storageBackend } from '../../../../src/lib/storage/backend.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { memberDetails } from '../../helpers/members.ts';
import { json, startTestServer, type SeenRequest, type TestServer } from '../api/test-server.ts';
import { newStore } from '../../features/cards/cards-harness.tsx';

/** loadLoans: which calls share a request and which ask again (the dashboard opened right after another load). */

const wireLoan = (id: number) => ({
  id,
  loanAmount: 250,
  createdDate: '2026-10-01',
  status: 'issued',
  earlyClosureAmount: 100.1,
  installments: [
    {
      id: id * 100,
      status: 'notPaid',
      expectedDate: '2026-12-20',
      totalPayment: 100.1,
      initialBase: 83.34,
      initialCalculatedInterest: 16.76,
      payments: [],
    },
  ],
  initialPayment: 100.1,
  firstRepaymentDate: '2026-12-20',
  overdueDay: 24,
  isRestructured: false,
  toAccountId: 7,
});

let server: TestServer;
let store: AppStore;
/** The answers still to give, one per request; requests wait while `held` is set. */
let answers: number[][];
let held: Promise<void> | null;

function handle(request: SeenRequest, response: ServerResponse) {
  if (!request.url.startsWith('/api/loan/customerAllLoans')) return json(response, 404, {});
  const ids = answers.shift() ?? [];
  void (held ?? Promise.resolve()).then(() => json(response, 200, { data: ids.map(wireLoan) }));
}

const loanIds = () => {
  const state = store.get(loansStateAtom);
  return state.kind === 'ready' ? state.loans.map((loan) => loan.id) : state.kind;
};

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  server.requests = [];
  server.handler = handle;
  answers = [];
  held = null;
  store = await newStore(server, memberDetails({ id: 5, status: 'securityChecked' }));
});
afterEach(() => vi.restoreAllMocks());

describe('loadLoans', () => {
  it('calls made while the request runs share it: one request, one answer', async () => {
    answers = [[1], [2]];
    let release!: () => void;
    held = new Promise((resolve) => (release = resolve));
    const first = loadLoans(store);
    const second = loadLoans(store);
    expect(store.get(loansStateAtom)).toEqual({ kind: 'loading', customerId: 5 });
    release();
    expect(await second).toBe(await first);
    expect(server.requests).toHaveLength(1);
    expect(loanIds()).toEqual([1]);
  });

  it('a call made once the answer is in, while it is still being kept in storage, asks again', async () => {
    answers = [[1], [2]];
    // Hold the loans' writes to the storage (in order, as IndexedDB keeps them): the first load is then answered
    // but not finished.
    let releaseWrites!: () => void;
    let writes: Promise<void> = new Promise((resolve) => (releaseWrites = resolve));
    const realSet = storageBackend.set.bind(storageBackend);
    vi.spyOn(storageBackend, 'set').mockImplementation((key, value) => {
      if (key !== 'loansCache') return realSet(key, value);
      writes = writes.then(() => realSet(key, value));
      return writes;
    });
    const first = loadLoans(store);
    await vi.waitFor(() => expect(loanIds()).toEqual([1]));
    const second = loadLoans(store);
    await vi.waitFor(() => expect(loanIds()).toEqual([2]));
    expect(server.requests).toHaveLength(2);
    releaseWrites();
    expect(await second).toMatchObject({ kind: 'ready', stale: false });
    await first;
    expect(loanIds()).toEqual([2]);
    expect((await store.get(loansCacheAtom))?.loans).toMatchObject([{ id: 2 }]);
  });
});

describe('showKeptLoans (the app opens on the data kept from the last visit)', () => {
  const keep = (customerId: number, ids: number[], savedAt = Date.now() - 5 * 60_000) =>
    store.set(loansCacheAtom, { customerId, savedAt, loans: ids.map(wireLoan) });

  it("shows this customer's kept loans marked stale and checking, asking the server nothing", async () => {
    const savedAt = Date.now() - 5 * 60_000;
    await keep(5, [1], savedAt);
    const state = await showKeptLoans(store);
    expect(state).toMatchObject({ kind: 'ready', customerId: 5, savedAt, stale: true, checking: true });
    expect(loanIds()).toEqual([1]);
    expect(server.requests).toEqual([]);
  });

  it('the fresh answer then replaces them (no longer stale nor checking)', async () => {
    await keep(5, [1]);
    await showKeptLoans(store);
    answers = [[2]];
    let release!: () => void;
    held = new Promise((resolve) => (release = resolve));
    const loading = loadLoans(store);
    // While the fresh answer is on its way, the kept loans stay on screen.
    expect(store.get(loansStateAtom)).toMatchObject({ kind: 'ready', checking: true });
    release();
    expect(await loading).toMatchObject({ kind: 'ready', stale: false });
    expect(store.get(loansStateAtom)).not.toHaveProperty('checking');
    expect(loanIds()).toEqual([2]);
  });

  it('a failed fresh load keeps them, stale but no longer checking (the offline note)', async () => {
    await keep(5, [1]);
    await showKeptLoans(store);
    server.handler = (_request, response) => json(response, 500, {});
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await loadLoans(store)).toMatchObject({ kind: 'ready', stale: true });
    expect(store.get(loansStateAtom)).not.toMatchObject({ checking: true });
    expect(loanIds()).toEqual([1]);
  });

  it("another customer's kept loans are never shown", async () => {
    await keep(6, [1]);
    expect(await showKeptLoans(store)).toEqual({ kind: 'idle' });
    expect(store.get(loansStateAtom)).toEqual({ kind: 'idle' });
  });

  it('loans already known (or loading) are left as they are; nothing kept leaves the state idle', async () => {
    expect(await showKeptLoans(store)).toEqual({ kind: 'idle' });
    await keep(5, [1]);
    answers = [[2]];
    held = new Promise(() => undefined); // the load never answers
    void loadLoans(store);
    expect(await showKeptLoans(store)).toEqual({ kind: 'loading', customerId: 5 });
  });

  it('a session ended while the kept copy was read shows nothing', async () => {
    await keep(5, [1]);
    const showing = showKeptLoans(store);
    await endSession(store);
    await showing;
    expect(store.get(loansStateAtom)).toEqual({ kind: 'idle' });
  });
});
