import { createStore } from 'jotai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runStartup } from '../../../src/app/startup.ts';
import { sessionCheckingAtom, sessionReadyAtom } from '../../../src/lib/session/session.ts';
import { basicDetailsAtom, clientUniqueIdAtom, sessionAtom } from '../../../src/lib/storage/atoms.ts';
import type { AppStore } from '../../../src/lib/storage/store.ts';
import type { CustomerStatus } from '../../../src/shared/statuses.ts';
import { configureTestApi, json, startTestServer, type TestServer } from '../harness/api.ts';
import { memberDetails } from '../helpers/members.ts';

/**
 * Start-up (first document §4): a real local HTTP server answers the membership calls; the stored state lives in
 * (fake) IndexedDB. Wait ≥ 1 s, token from `jwt` or storage, member details, log in or out.
 */

const details = (status: CustomerStatus = 'systemApproved') => memberDetails({ status });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function fakeLocation(href: string) {
  const url = new URL(href);
  const history = {
    state: null,
    replaced: '' as string,
    replaceState(_state: unknown, _title: string, next: string) {
      this.replaced = next;
    },
  };
  return { location: { href: url.href } as Location, history: history as unknown as History & { replaced: string } };
}

/** A store as before start-up: nothing hydrated yet (start-up does it), the session atom mounted as the app does. */
async function storeBeforeStartup(): Promise<AppStore> {
  const store = createStore();
  store.sub(sessionAtom, () => undefined); // mounted as in the app (bootstrap), so reads become synchronous
  await store.set(sessionAtom, null);
  configureTestApi(server, { store });
  return store;
}

beforeEach(() => {
  server.requests = [];
});

describe('start-up', () => {
  it('a visitor (no token anywhere) stays logged out, makes no call, and start-up ends after at least 1 s', async () => {
    const store = await storeBeforeStartup();
    const { location, history } = fakeLocation('http://app.test/');
    const started = performance.now();
    const result = await runStartup(store, { location, history });
    expect(performance.now() - started).toBeGreaterThanOrEqual(995);
    expect(result).toEqual({ loggedIn: false, offline: false });
    expect(server.requests).toEqual([]);
    expect(store.get(sessionReadyAtom)).toBe(true);
    expect(await store.get(clientUniqueIdAtom)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a jwt query token is checked (TokenGet), stored with the member details, and removed from the address', async () => {
    const store = await storeBeforeStartup();
    server.handler = (request, response) =>
      request.url.startsWith('/api/membership/token/')
        ? json(response, 200, { data: { token: 'query.token.ok', passwordRequired: false, memberDetails: details() } })
        : json(response, 404, {});
    const { location, history } = fakeLocation('http://app.test/account?jwt=query.token.ok&tab=1#top');
    const result = await runStartup(store, { location, history, minWaitMs: 0 });
    expect(result.loggedIn).toBe(true);
    expect(server.requests.map((r) => r.url)).toEqual(['/api/membership/token/query.token.ok']);
    // The contract decodes the wire's euros into Cents.
    const memberDetails = { ...details(), customerCreditLimit: 300_000 };
    expect(await store.get(sessionAtom)).toEqual({ token: 'query.token.ok', memberDetails });
    // A link's login asked nobody to be remembered: no greeting is kept for the next login.
    expect(await store.get(basicDetailsAtom)).toBeNull();
    expect(history.replaced).toBe('/account?tab=1#top');
  });

  it('a stored token fetches fresh member details with the bearer and member id headers', async () => {
    const store = await storeBeforeStartup();
    await store.set(sessionAtom, { token: 'stored.token', memberDetails: details('registered') });
    server.handler = (_request, response) =>
      json(response, 200, { data: { memberDetails: details('systemApproved') } });
    const { location, history } = fakeLocation('http://app.test/');
    await runStartup(store, { location, history, minWaitMs: 0 });
    const [call] = server.requests;
    expect(call?.url).toBe('/api/membership/memberDetails');
    expect(call?.headers['authorization']).toBe('Bearer stored.token');
    expect(call?.headers['x-member-id']).toBe('4');
    expect((await store.get(sessionAtom))?.memberDetails.status).toBe('systemApproved');
  });

  it('while the session is checked (the wait and the member details) it says so, then it is ready', async () => {
    const store = await storeBeforeStartup();
    await store.set(sessionAtom, { token: 'stored.token', memberDetails: details() });
    let answer!: () => void;
    server.handler = (_request, response) => {
      answer = () => json(response, 200, { data: { memberDetails: details() } });
    };
    const { location, history } = fakeLocation('http://app.test/dashboard');
    const running = runStartup(store, { location, history, minWaitMs: 0 });
    // From the first moment: the kept data may show, nothing of the customer's is asked.
    expect(store.get(sessionCheckingAtom)).toBe(true);
    await expect.poll(() => server.requests.length).toBe(1);
    expect(store.get(sessionCheckingAtom)).toBe(true);
    expect(store.get(sessionReadyAtom)).toBe(false);
    answer();
    await running;
    expect(store.get(sessionCheckingAtom)).toBe(false);
    expect(store.get(sessionReadyAtom)).toBe(true);
  });

  it('a token the server refuses (401) clears the stored session', async () => {
    const store = await storeBeforeStartup();
    await store.set(sessionAtom, { token: 'revoked.token', memberDetails: details() });
    server.handler = (_request, response) =>
      json(response, 401, {
        errors: [{ code: { name: 'Unauthorized', value: 401 }, message: 'Su sesión ha caducado.', title: 'Aviso' }],
      });
    const { location, history } = fakeLocation('http://app.test/');
    const result = await runStartup(store, { location, history, minWaitMs: 0 });
    expect(result).toEqual({ loggedIn: false, offline: false });
    expect(await store.get(sessionAtom)).toBeNull();
    expect(store.get(sessionCheckingAtom)).toBe(false);
  });

  it('an invalid jwt query token logs out (TokenNotValid) even when another session was stored', async () => {
    const store = await storeBeforeStartup();
    await store.set(sessionAtom, { token: 'stored.token', memberDetails: details() });
    server.handler = (_request, response) =>
      json(response, 422, {
        errors: [{ code: { name: 'TokenNotValid', value: 1105 }, message: 'Token no válido.', title: 'Aviso' }],
      });
    const { location, history } = fakeLocation('http://app.test/?jwt=garbage');
    await runStartup(store, { location, history, minWaitMs: 0 });
    expect(await store.get(sessionAtom)).toBeNull();
  });

  it('an unreachable server keeps the stored session (offline-aware), unverified', async () => {
    const store = await storeBeforeStartup();
    await store.set(sessionAtom, { token: 'stored.token', memberDetails: details() });
    configureTestApi({ ...server, baseUrl: 'http://127.0.0.1:9' }, { store }); // discard port: connection refused
    const { location, history } = fakeLocation('http://app.test/');
    const result = await runStartup(store, { location, history, minWaitMs: 0 });
    expect(result).toEqual({ loggedIn: true, offline: true });
    expect((await store.get(sessionAtom))?.token).toBe('stored.token');
    expect(store.get(sessionReadyAtom)).toBe(true);
  });
});
