import { act, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ServerResponse } from 'node:http';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { RoutePage } from '../../../../src/app/shell/RoutePage.tsx';
import { configureApi } from '../../../../src/lib/api/configure.ts';
import { currentSession, sessionReadyAtom, startSession } from '../../../../src/lib/session/session.ts';
import { persistedAtoms } from '../../../../src/lib/storage/atoms.ts';
import { storageBackend } from '../../../../src/lib/storage/backend.ts';
import { hydrate } from '../../../../src/lib/storage/persisted-atom.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { DialogHost } from '../../../../src/lib/ui/DialogHost.tsx';
import { ToastHost } from '../../../../src/lib/ui/ToastHost.tsx';
import type { MemberDetails } from '../../../../src/shared/api/customer-schemas.ts';
import { businessErrorCodes } from '../../../../src/shared/api/business-error-codes.ts';
import { json, type TestServer } from '../../lib/api/test-server.ts';

/**
 * The documents and card proof pages as the app mounts them (RoutePage: access by status, the lazy page), against a
 * local HTTP server. Multipart uploads are caught at `fetch`: jsdom's FormData is not one Node's fetch can send,
 * so the test reads the parts the page built and answers for the server (tests/unit/lib/api/multipart.test.ts
 * checks the wire format in plain Node).
 */

export const visited: string[] = [];

function Location() {
  const location = useLocation();
  const path = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (visited.at(-1) !== path) visited.push(path);
  }, [path]);
  return <output data-testid="location">{path}</output>;
}

export async function newStore(server: TestServer, member: MemberDetails): Promise<AppStore> {
  await Promise.all(persistedAtoms.map((persisted) => storageBackend.del(persisted.key)));
  const store = createStore();
  await hydrate(store, persistedAtoms);
  await startSession(store, { token: `token-of-${member.id}`, memberDetails: member });
  store.set(sessionReadyAtom, true);
  configureApi({
    baseUrl: server.baseUrl,
    appVersion: 'test',
    getAuth: () => {
      const session = currentSession(store);
      return session ? { token: session.token, memberId: session.memberDetails.id, role: 'user' } : null;
    },
    getClientUniqueId: () => 'client-1',
  });
  return store;
}

export async function renderAt(store: AppStore, url: string) {
  visited.length = 0;
  await act(async () => {
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/documents" element={<RoutePage routeKey="documents" />} />
            <Route path="/financial-info/upload-card" element={<RoutePage routeKey="financialInfoUploadCard" />} />
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
          <Location />
          <DialogHost />
          <ToastHost />
        </MemoryRouter>
      </Provider>,
    );
  });
}

export const location = () => screen.getByTestId('location');

export function businessError(code: keyof typeof businessErrorCodes) {
  const known = businessErrorCodes[code];
  return (response: ServerResponse) =>
    json(response, 422, {
      errors: [{ code: { name: code, value: known.value }, message: known.message, title: 'Aviso' }],
    });
}

/** One multipart request as the page built it: text fields as strings, files as name/type/size. */
export interface Upload {
  url: string;
  method: string;
  fields: Record<string, string | { name: string; type: string; size: number }>;
  idempotencyKey: string | null;
}

/**
 * Catches multipart requests at fetch: records them and answers with `answer(upload)` (a status and a JSON body).
 * Every other request goes to the real fetch.
 */
export function catchUploads(answer: (upload: Upload) => { status: number; body: unknown }): Upload[] {
  const uploads: Upload[] = [];
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.body instanceof FormData) {
      const fields: Upload['fields'] = {};
      for (const [name, value] of init.body.entries()) {
        fields[name] = typeof value === 'string' ? value : { name: value.name, type: value.type, size: value.size };
      }
      const headers = new Headers(init.headers);
      const upload: Upload = {
        url: String(input),
        method: init.method ?? 'GET',
        fields,
        idempotencyKey: headers.get('idempotency-key'),
      };
      uploads.push(upload);
      const { status, body } = answer(upload);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }
    return realFetch(input, init);
  });
  return uploads;
}

/** A file of `size` bytes. */
export const fileOf = (name: string, type: string, size = 1000) => new File([new Uint8Array(size)], name, { type });
