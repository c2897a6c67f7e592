import { act, cleanup, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  endSession,
  onLogoutInAnotherTab,
  sessionReadyAtom,
  startSession,
  useSession,
} from '../../../../src/lib/session/session.ts';
import { basicDetailsAtom, persistedAtoms, sessionAtom } from '../../../../src/lib/storage/atoms.ts';
import { hydrate } from '../../../../src/lib/storage/persisted-atom.ts';
import { memberDetails } from '../../helpers/members.ts';

const member = memberDetails();

afterEach(cleanup);

function Name({ onFallback }: { onFallback: () => void }) {
  return (
    <Suspense fallback={<Fallback onRender={onFallback} />}>
      <Shown />
    </Suspense>
  );
}
function Fallback({ onRender }: { onRender: () => void }) {
  onRender();
  return <p>cargando</p>;
}
function Shown() {
  const { ready, member: current } = useSession();
  return <p>{`${ready ? 'listo' : 'arrancando'} ${current?.fullName ?? 'visitante'}`}</p>;
}

describe('the session', () => {
  it('once hydrated, the session never suspends: not at first render, not when start-up finishes, not at login', async () => {
    const store = createStore();
    await hydrate(store, persistedAtoms);
    let fallbacks = 0;
    await act(async () => {
      render(
        <Provider store={store}>
          <Name onFallback={() => (fallbacks += 1)} />
        </Provider>,
      );
    });
    expect(screen.getByText('arrancando visitante')).toBeInTheDocument();

    await act(async () => store.set(sessionReadyAtom, true));
    expect(screen.getByText('listo visitante')).toBeInTheDocument();
    await act(async () => startSession(store, { token: 'a.b.c', memberDetails: member }));
    expect(screen.getByText('listo Javier Martín López')).toBeInTheDocument();
    expect(fallbacks).toBe(0);
  });

  it('a login with «Recordarme» remembers the basic details; logout clears the session but keeps them', async () => {
    const store = createStore();
    await startSession(store, { token: 'a.b.c', memberDetails: member }, { passwordRequired: false, rememberMe: true });
    expect(await store.get(basicDetailsAtom)).toEqual({ firstName: 'Javier', phone: '600000004' });
    await endSession(store);
    expect(await store.get(sessionAtom)).toBeNull();
    expect(await store.get(basicDetailsAtom)).toEqual({ firstName: 'Javier', phone: '600000004' });
  });

  it('a login without «Recordarme» forgets the kept details; one without the box (a link) leaves them', async () => {
    const store = createStore();
    await store.set(basicDetailsAtom, { firstName: 'Lucía', phone: '600000005' });
    await startSession(store, { token: 'a.b.c', memberDetails: member });
    expect(await store.get(basicDetailsAtom)).toEqual({ firstName: 'Lucía', phone: '600000005' });
    await startSession(
      store,
      { token: 'a.b.c', memberDetails: member },
      { passwordRequired: false, rememberMe: false },
    );
    expect(await store.get(basicDetailsAtom)).toBeNull();
  });

  it('an announced logout is posted to the other tabs, and a logout posted by another tab reaches the listener', async () => {
    const otherTab = new BroadcastChannel('prestamo-rapido:session');
    const received: unknown[] = [];
    otherTab.onmessage = (event: MessageEvent) => received.push(event.data);
    let heard = 0;
    const stop = onLogoutInAnotherTab(() => (heard += 1));

    await endSession(createStore(), { announce: true });
    await endSession(createStore()); // a silent end (expired token) is not announced
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toEqual([{ type: 'logout' }]);

    otherTab.postMessage({ type: 'logout' });
    otherTab.postMessage({ type: 'something else' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toBe(1);
    stop();
    otherTab.close();
  });
});
