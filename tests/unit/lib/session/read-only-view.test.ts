import { createStore as createIdbStore, del, get, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memberDetails } from '../../helpers/members.ts';

/**
 * A staff member's read-only view of a customer's area (src/lib/session/read-only-view.ts): the mode is decided once
 * at boot from `/morph#t=…` (or the tab's flag after a reload), the token leaves the address at once, and the tab's
 * persisted atoms then live in memory: the origin's IndexedDB (fake-indexeddb here, through the real idb-keyval) is
 * neither read nor written, and the tab is out of the cross-tab channels. Each test loads the modules afresh (the
 * mode is the tab's, for its life).
 */

async function freshModules() {
  vi.resetModules();
  return {
    view: await import('../../../../src/lib/session/read-only-view.ts'),
    backend: await import('../../../../src/lib/storage/backend.ts'),
    atoms: await import('../../../../src/lib/storage/atoms.ts'),
    session: await import('../../../../src/lib/session/session.ts'),
    jotai: await import('jotai'),
    snapshot: await import('../../../../src/lib/loans/reopen-snapshot.ts'),
  };
}

/** The browser's own stored customer session (another customer than the viewed one). */
const idb = createIdbStore('prestamo-rapido', 'state');
const browserSession = {
  value: { token: 'browser.own.token', memberDetails: memberDetails({ id: 99, firstName: 'Lucía' }) },
  expiresAt: Date.now() + 60 * 60 * 1000,
};

class TabStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

function environment(href: string, tabStorage = new TabStorage()) {
  const replaced: string[] = [];
  return {
    replaced,
    tabStorage,
    env: {
      location: { href },
      history: {
        state: { idx: 0 },
        replaceState: (_state: unknown, _unused: string, url?: string | URL | null) => {
          replaced.push(String(url));
        },
      },
      tabStorage,
    },
  };
}

/** Lets IndexedDB (fake-indexeddb runs on setImmediate) and the atoms' promises settle. */
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

beforeEach(async () => {
  await set('session', browserSession, idb);
});
afterEach(async () => {
  await del('session', idb);
  localStorage.clear();
});

describe('deciding the mode at boot', () => {
  it('a tab at /morph#t=… enters it: the token is taken once and the fragment leaves the address at once', async () => {
    const { view, backend } = await freshModules();
    const { env, replaced, tabStorage } = environment('https://app.test/morph?x=1#t=view.token.abc');
    expect(view.enterReadOnlyView(env)).toBe(true);
    expect(view.isReadOnlyView()).toBe(true);
    expect(replaced).toEqual(['/morph?x=1']);
    expect(tabStorage.getItem(view.READ_ONLY_VIEW_FLAG)).toBe('1');
    expect(backend.isMemoryStorage()).toBe(true);
    expect(view.takeReadOnlyViewToken()).toBe('view.token.abc');
    expect(view.takeReadOnlyViewToken()).toBeNull();
  });

  it('an encoded token (morphUrl) is read decoded', async () => {
    const { view } = await freshModules();
    const { morphUrl } = await import('../../../../src/shared/morph.ts');
    const { env } = environment(`https://app.test${morphUrl('a.b+c/d=')}`);
    expect(view.enterReadOnlyView(env)).toBe(true);
    expect(view.takeReadOnlyViewToken()).toBe('a.b+c/d=');
  });

  it.each([
    ['/morph', 'no fragment'],
    ['/morph#t=', 'an empty token'],
    ['/morph#other=1', 'no t'],
    ['/dashboard#t=abc', 'another path'],
  ])('%s (%s): an ordinary tab, on IndexedDB, its address untouched', async (path) => {
    const { view, backend } = await freshModules();
    const { env, replaced, tabStorage } = environment(`https://app.test${path}`);
    expect(view.enterReadOnlyView(env)).toBe(false);
    expect(view.isReadOnlyView()).toBe(false);
    expect(replaced).toEqual([]);
    expect(tabStorage.items.size).toBe(0);
    expect(backend.isMemoryStorage()).toBe(false);
  });

  it('a reload of a view (the tab flag, no token any more) stays in the mode, logged out, on memory', async () => {
    const { view, backend, atoms, jotai } = await freshModules();
    const tabStorage = new TabStorage();
    tabStorage.setItem(view.READ_ONLY_VIEW_FLAG, '1');
    const { env, replaced } = environment('https://app.test/dashboard', tabStorage);
    expect(view.enterReadOnlyView(env)).toBe(true);
    expect(replaced).toEqual([]);
    expect(view.takeReadOnlyViewToken()).toBeNull();
    expect(backend.isMemoryStorage()).toBe(true);
    // The browser's own stored session is not read: the tab is logged out.
    expect(await jotai.createStore().get(atoms.sessionAtom)).toBeNull();
  });
});

describe('the tab state in the mode', () => {
  it("never reads or overwrites the browser's stored session: the view's session lives in memory", async () => {
    const { view, atoms, jotai, session } = await freshModules();
    view.enterReadOnlyView(environment('https://app.test/morph#t=view.token').env);
    const store = jotai.createStore();
    store.sub(atoms.sessionAtom, () => undefined);
    expect(await store.get(atoms.sessionAtom)).toBeNull();

    const viewed = { token: 'view.token', memberDetails: memberDetails({ id: 4 }) };
    await session.startSession(store, viewed);
    await store.set(atoms.clientUniqueIdAtom, 'client-of-the-view');
    await settle();
    expect(store.get(atoms.sessionAtom)).toEqual(viewed);
    // IndexedDB still holds the browser's own entry, and nothing else was written there.
    expect(await get('session', idb)).toEqual(browserSession);
    expect(await get('clientUniqueId', idb)).toBeUndefined();

    // Ending the view's session leaves the browser's own session in place too.
    await session.endSession(store, { announce: true });
    await settle();
    expect(store.get(atoms.sessionAtom)).toBeNull();
    expect(await get('session', idb)).toEqual(browserSession);
  });

  it('an ordinary tab reads the stored session (the seam is the only difference)', async () => {
    const { view, atoms, jotai } = await freshModules();
    view.enterReadOnlyView(environment('https://app.test/dashboard').env);
    const stored = await jotai.createStore().get(atoms.sessionAtom);
    expect(stored?.token).toBe('browser.own.token');
    expect(stored?.memberDetails.id).toBe(99);
  });

  it('is out of the cross-tab sync: it neither posts its writes or logout nor applies the other tabs', async () => {
    const { view, atoms, jotai, session } = await freshModules();
    view.enterReadOnlyView(environment('https://app.test/morph#t=view.token').env);
    const storageChannel = new BroadcastChannel('prestamo-rapido:storage');
    const sessionChannel = new BroadcastChannel('prestamo-rapido:session');
    const seen: unknown[] = [];
    storageChannel.onmessage = (event: MessageEvent) => seen.push(event.data);
    sessionChannel.onmessage = (event: MessageEvent) => seen.push(event.data);
    const loggedOutElsewhere = vi.fn();
    const stopListening = session.onLogoutInAnotherTab(loggedOutElsewhere);
    try {
      const store = jotai.createStore();
      store.sub(atoms.sessionAtom, () => undefined);
      const viewed = { token: 'view.token', memberDetails: memberDetails() };
      await session.startSession(store, viewed);
      await session.endSession(store, { announce: true });
      await session.startSession(store, viewed);
      // Another tab of the browser logs out and writes its state: this tab does not follow.
      storageChannel.postMessage({ key: 'session', stored: null });
      sessionChannel.postMessage({ type: 'logout' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seen).toEqual([]);
      expect(loggedOutElsewhere).not.toHaveBeenCalled();
      expect(store.get(atoms.sessionAtom)).toEqual(viewed);
    } finally {
      stopListening();
      storageChannel.close();
      sessionChannel.close();
    }
  });

  it('keeps no reopen snapshot, and leaves a snapshot the browser kept alone', async () => {
    const { view, snapshot } = await freshModules();
    view.enterReadOnlyView(environment('https://app.test/morph#t=view.token').env);
    localStorage.setItem(snapshot.REOPEN_SNAPSHOT_KEY, 'kept by the browser');
    snapshot.keepReopenSnapshot({
      v: snapshot.REOPEN_SNAPSHOT_VERSION,
      savedAt: Date.now(),
      expiresAt: Date.now() + 1000,
      loans: [],
    });
    snapshot.clearReopenSnapshot();
    expect(localStorage.getItem(snapshot.REOPEN_SNAPSHOT_KEY)).toBe('kept by the browser');
  });
});

describe('start-up in the mode', () => {
  it("logs in with the fragment's token (TokenGet), ignores a jwt query, and keeps the session in memory", async () => {
    const { view, atoms, jotai } = await freshModules();
    const { runStartup } = await import('../../../../src/app/startup.ts');
    const { configureTestApi, json, startTestServer } = await import('../../harness/api.ts');
    const server = await startTestServer();
    try {
      view.enterReadOnlyView(environment('https://app.test/morph#t=view.token').env);
      server.handler = (request, response) =>
        request.url === '/api/membership/token/view.token'
          ? json(response, 200, {
              data: { token: 'view.token', passwordRequired: false, memberDetails: memberDetails({ id: 4 }) },
            })
          : json(response, 404, {});
      const store = jotai.createStore();
      store.sub(atoms.sessionAtom, () => undefined);
      configureTestApi(server, { store });
      const replaced: string[] = [];
      const result = await runStartup(store, {
        location: { href: 'https://app.test/morph?jwt=other.token' } as Location,
        history: { state: null, replaceState: (_s: unknown, _t: string, url: string) => replaced.push(url) } as never,
        minWaitMs: 0,
      });
      expect(result).toEqual({ loggedIn: true, offline: false });
      expect(server.requests.map((request) => request.url)).toEqual(['/api/membership/token/view.token']);
      expect((await store.get(atoms.sessionAtom))?.token).toBe('view.token');
      await settle();
      expect(await get('session', idb)).toEqual(browserSession);
    } finally {
      server.close();
    }
  });

  it('a refused token: logged out, and the browser keeps its own session', async () => {
    const { view, atoms, jotai } = await freshModules();
    const { runStartup } = await import('../../../../src/app/startup.ts');
    const { configureTestApi, businessError, startTestServer } = await import('../../harness/api.ts');
    const server = await startTestServer();
    try {
      view.enterReadOnlyView(environment('https://app.test/morph#t=expired.token').env);
      server.handler = (_request, response) => businessError('TokenNotValid')(response);
      const store = jotai.createStore();
      store.sub(atoms.sessionAtom, () => undefined);
      configureTestApi(server, { store });
      const result = await runStartup(store, { minWaitMs: 0 });
      expect(result.loggedIn).toBe(false);
      expect(store.get(atoms.sessionAtom)).toBeNull();
      await settle();
      expect(await get('session', idb)).toEqual(browserSession);
    } finally {
      server.close();
    }
  });
});
