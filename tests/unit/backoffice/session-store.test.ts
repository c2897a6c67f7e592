import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createSessionStore,
  SESSION_CHANNEL,
  SESSION_STORAGE_KEY,
  type StaffSession,
} from '../../../src/backoffice/lib/session-store.ts';

/** The back office's session store (src/backoffice/lib/session-store.ts): sessionStorage, and logout across tabs. */

const session: StaffSession = {
  token: 'bo_abc',
  staff: {
    id: 3,
    email: 'admin@demo.prestamo.local',
    fullName: 'Marta Administradora Demo',
    role: 'administrator',
    collectionCompanyId: null,
    mustChangePassword: false,
  },
  expiresAt: new Date(Date.now() + 3600_000).toISOString(),
  idleSeconds: 900,
};

const otherTabs: BroadcastChannel[] = [];
const otherTab = () => {
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  otherTabs.push(channel);
  return channel;
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  for (const channel of otherTabs.splice(0)) channel.close();
});

describe('the staff session store', () => {
  it('keeps the session in sessionStorage (never localStorage) and reads it back after a reload, unconfirmed', () => {
    const store = createSessionStore();
    store.start(session);
    expect(store.getState()).toEqual({ session, ended: null, confirmed: true });
    expect(JSON.parse(sessionStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual(session);
    expect(localStorage.length).toBe(0);

    const reloaded = createSessionStore();
    expect(reloaded.getState()).toEqual({ session, ended: null, confirmed: false });
  });

  it('reads a stored session past its absolute end, or unreadable, as none, and removes it', () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...session, expiresAt: '2020-01-01T00:00:00.000Z' }));
    expect(createSessionStore().getState().session).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    sessionStorage.setItem(SESSION_STORAGE_KEY, '{"token":"eyJ.customer.jwt"}');
    expect(createSessionStore().getState().session).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('a logout here is posted to the other tabs; an expiry is not', async () => {
    const store = createSessionStore();
    const heard: unknown[] = [];
    otherTab().onmessage = (event: MessageEvent) => heard.push(event.data);
    store.start(session);
    store.end('expired');
    expect(store.getState()).toMatchObject({ session: null, ended: 'expired' });
    store.start(session);
    store.end('loggedOut', { announce: true });
    await settle();
    expect(heard).toEqual([{ type: 'logout' }]);
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('a logout posted by another tab ends this tab’s session and hands its token over to be revoked', async () => {
    const onRemoteLogout = vi.fn();
    const store = createSessionStore({ onRemoteLogout });
    const listener = vi.fn();
    store.subscribe(listener);
    store.start(session);
    otherTab().postMessage({ type: 'something else' });
    await settle();
    expect(store.getState().session).toEqual(session);

    otherTab().postMessage({ type: 'logout' });
    await settle();
    expect(store.getState()).toMatchObject({ session: null, ended: 'loggedOut' });
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(onRemoteLogout).toHaveBeenCalledWith(session);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('counts activity on its own clock', () => {
    let now = 1_000;
    const store = createSessionStore({ now: () => now });
    const active = vi.fn();
    store.onActivity(active);
    now = 5_000;
    store.touch();
    expect(store.lastActivityAt()).toBe(5_000);
    expect(active).toHaveBeenCalledTimes(1);
  });
});
