import { act, render, screen } from '@testing-library/react';
import { clear, createStore as createIdbStore } from 'idb-keyval';
import { createStore, Provider } from 'jotai';
import { Suspense, useEffect, type ReactNode } from 'react';
import { MemoryRouter, Routes, useLocation, useNavigationType, type InitialEntry } from 'react-router';
import { onlineAtom } from '../../../src/lib/pwa/network-status.ts';
import { sessionReadyAtom, startSession } from '../../../src/lib/session/session.ts';
import { persistedAtoms } from '../../../src/lib/storage/atoms.ts';
import { hydrate } from '../../../src/lib/storage/persisted-atom.ts';
import type { AppStore } from '../../../src/lib/storage/store.ts';
import { DialogHost } from '../../../src/lib/ui/DialogHost.tsx';
import { ToastHost } from '../../../src/lib/ui/ToastHost.tsx';
import type { MemberDetails } from '../../../src/shared/api/customer-schemas.ts';

/**
 * The render side of the client test harness: a fresh jotai store (optionally with a logged-in member) and a page or
 * route table rendered at a URL with the app's providers (store, router, Suspense, dialog and toast hosts), plus
 * what a test reads back: where the router is, how it got there, every location it showed.
 */

export interface StoreOptions {
  /** Logs this member in (token `token-of-<id>`). */
  member?: MemberDetails;
  /** Marks the session as checked at start-up (the route guard waits for it). */
  sessionReady?: boolean;
  /** Sets the network status to online (pages that refuse to send offline). */
  online?: boolean;
}

/** A jotai store with the persisted atoms hydrated from an emptied IndexedDB: nothing leaks between tests. */
export async function freshStore({
  member,
  sessionReady = false,
  online = false,
}: StoreOptions = {}): Promise<AppStore> {
  await clear(createIdbStore('prestamo-rapido', 'state'));
  const store = createStore();
  await hydrate(store, persistedAtoms);
  if (online) store.set(onlineAtom, true);
  if (member) await startSession(store, { token: `token-of-${member.id}`, memberDetails: member });
  if (sessionReady) store.set(sessionReadyAtom, true);
  return store;
}

/** Every location the router showed in the current render, in order (a redirect on the way shows up here). */
export const visited: string[] = [];

/** Where the router is, how it got there and the navigation state, on every page. */
function LocationProbe() {
  const location = useLocation();
  const type = useNavigationType();
  const path = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (visited.at(-1) !== path) visited.push(path);
  }, [path]);
  return (
    <output data-testid="location" data-navigation={type} data-state={JSON.stringify(location.state ?? null)}>
      {path}
    </output>
  );
}

/** Stand-in for a page outside the test (`<Route path="*" element={<Where />} />`): shows where the app went. */
export function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** The stand-in's text: where the app went (throws while still on the page under test). */
export const where = () => screen.getByTestId('where').textContent;

/** The location element: `await waitFor(() => expect(location()).toHaveTextContent(…))`. */
export const location = () => screen.getByTestId('location');
/** Path and query the router is at. */
export const currentLocation = () => location().textContent ?? '';
/** 'PUSH', 'REPLACE' or 'POP': how the router reached the current location. */
export const navigationType = () => location().getAttribute('data-navigation');
/** The state the current location was navigated to with (null when none). */
export const navigationState = () => JSON.parse(location().getAttribute('data-state') ?? 'null') as unknown;

export interface RenderOptions {
  /** Hosts the shell mounts beside the dialog and toast hosts (e.g. the update-password host). */
  hosts?: ReactNode;
}

/**
 * Renders `routes` (`<Route>` elements: the page under test and stand-ins for where it leads) at `entry`, as the
 * shell mounts them: store provider, memory router, a Suspense boundary, the dialog and toast hosts.
 */
export async function renderAtRoute(
  store: AppStore,
  entry: InitialEntry,
  routes: ReactNode,
  { hosts }: RenderOptions = {},
): Promise<ReturnType<typeof render>> {
  visited.length = 0;
  let view: ReturnType<typeof render> | undefined;
  await act(async () => {
    view = render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[entry]}>
          <Suspense fallback={<p>cargando</p>}>
            <Routes>{routes}</Routes>
          </Suspense>
          <LocationProbe />
          <DialogHost />
          <ToastHost />
          {hosts}
        </MemoryRouter>
      </Provider>,
    );
  });
  return view!;
}
