import { Route } from 'react-router';
import { vi } from 'vitest';
import { RoutePage } from '../../../../src/app/shell/RoutePage.tsx';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import type { MemberDetails } from '../../../../src/shared/api/customer-schemas.ts';
import { configureTestApi, type TestServer } from '../../harness/api.ts';
import { freshStore, renderAtRoute } from '../../harness/render-at-route.tsx';

/**
 * The documents and card proof pages as the app mounts them (RoutePage: access by status, the lazy page), on the
 * client test harness. Multipart uploads are caught at `fetch`: jsdom's FormData is not one Node's fetch can send,
 * so the test reads the parts the page built and answers for the server (tests/unit/lib/api/multipart.test.ts
 * checks the wire format in plain Node).
 */

export { businessError } from '../../harness/api.ts';
export { location, visited } from '../../harness/render-at-route.tsx';

export async function newStore(server: TestServer, member: MemberDetails): Promise<AppStore> {
  const store = await freshStore({ member, sessionReady: true });
  configureTestApi(server, { store });
  return store;
}

export async function renderAt(store: AppStore, url: string) {
  await renderAtRoute(
    store,
    url,
    <>
      <Route path="/documents" element={<RoutePage routeKey="documents" />} />
      <Route path="/financial-info/upload-card" element={<RoutePage routeKey="financialInfoUploadCard" />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </>,
  );
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
