import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGOUT_STEP_TIMEOUT_MS, logout } from '../../../src/app/session-actions.ts';
import { sessionAtom } from '../../../src/lib/storage/atoms.ts';
import type { AppStore } from '../../../src/lib/storage/store.ts';
import { configureTestApi, json, startTestServer, type TestServer } from '../harness/api.ts';
import { freshStore } from '../harness/render-at-route.tsx';
import { memberDetails } from '../helpers/members.ts';

/** What the logout does on this device: the push code is replaced, the API is a real local HTTP server. */
const stopPaymentReminders = vi.fn<() => Promise<void>>();
vi.mock('../../../src/features/push/stop-payment-reminders.ts', () => ({
  stopPaymentReminders: () => stopPaymentReminders(),
}));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let store: AppStore;
let navigated: string[];
const navigate = (to: string) => navigated.push(to);

beforeEach(async () => {
  server.requests = [];
  server.handler = (_request, response) => json(response, 200, { data: true });
  navigated = [];
  stopPaymentReminders.mockReset();
  store = await freshStore({ member: memberDetails() });
  configureTestApi(server, { store });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const loggedIn = async () => (await store.get(sessionAtom)) !== null;

describe('logout', () => {
  it('stops this device’s payment reminders, revokes the token on the server, ends the session and goes home', async () => {
    const order: string[] = [];
    stopPaymentReminders.mockImplementation(async () => void order.push('reminders'));
    server.handler = (request, response) => {
      order.push(`server ${request.method} ${request.url}`);
      json(response, 200, { data: true });
    };
    await logout(store, navigate);
    expect(order).toEqual(['reminders', 'server POST /api/membership/logout']);
    expect(await loggedIn()).toBe(false);
    expect(navigated).toEqual(['/']);
  });

  it('ends the session here (and in the other tabs) and goes home before the server revokes the token it sends', async () => {
    const { token, memberDetails: member } = (await store.get(sessionAtom))!;
    let atRevocation: { loggedIn: boolean; navigated: string[] } | undefined;
    server.handler = (_request, response) => {
      void loggedIn().then((still) => {
        atRevocation = { loggedIn: still, navigated: [...navigated] };
        json(response, 200, { data: true });
      });
    };
    await logout(store, navigate);
    expect(atRevocation).toEqual({ loggedIn: false, navigated: ['/'] });
    expect(server.requests[0]?.headers).toMatchObject({
      authorization: `Bearer ${token}`,
      'x-member-id': String(member.id),
      'x-member-role': 'user',
    });
  });

  it('a failure to stop the reminders (no service worker, a chunk that does not load) still logs out', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stopPaymentReminders.mockRejectedValue(new Error('SecurityError'));
    await logout(store, navigate);
    expect(await loggedIn()).toBe(false);
    expect(navigated).toEqual(['/']);
    expect(server.requests).toHaveLength(1);
  });

  it('a step that never settles is given up after LOGOUT_STEP_TIMEOUT_MS; the server being down does not matter', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stopPaymentReminders.mockReturnValue(new Promise<void>(() => undefined));
    server.handler = (_request, response) => json(response, 503, { errors: [] });
    const done = logout(store, navigate);
    await vi.advanceTimersByTimeAsync(LOGOUT_STEP_TIMEOUT_MS - 1);
    expect(server.requests).toHaveLength(0);
    expect(await loggedIn()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    vi.useRealTimers();
    await done;
    expect(server.requests).toHaveLength(1);
    expect(await loggedIn()).toBe(false);
    expect(navigated).toEqual(['/']);
    expect(warn).toHaveBeenCalledTimes(1); // the 503; the reminders step simply timed out
  });
});
