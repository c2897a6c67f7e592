import type { ServerResponse } from 'node:http';
import { configureApi, type ApiConfig } from '../../../src/lib/api/configure.ts';
import { currentSession } from '../../../src/lib/session/session.ts';
import type { AppStore } from '../../../src/lib/storage/store.ts';
import type { ApiError } from '../../../src/shared/api/define.ts';
import { businessErrorCodes } from '../../../src/shared/api/business-error-codes.ts';
import { apiErrorOf, type ErrorCodeName } from '../../../src/shared/api/errors.ts';
import { json, type SeenRequest, type TestServer } from '../lib/api/test-server.ts';

/**
 * The API side of the client test harness: a local HTTP server the test answers for (`server.handler`, every
 * request recorded in `server.requests`) and the API client configured against it as the app configures it.
 */

export { json, startTestServer, type Handler, type SeenRequest, type TestServer } from '../lib/api/test-server.ts';

export interface TestApiOptions {
  /** The session headers come from this store's session, read on every request (as in the app); none: anonymous. */
  store?: AppStore;
  /** Receives every failed call not flagged `ignoreErrors` (the shell shows it in the app). */
  onGlobalFailure?: ApiConfig['onGlobalFailure'];
  /** Client-Unique header; 'client-1' unless a test checks it. */
  clientUniqueId?: string;
}

/** Points the API client at `server`; a later call replaces the configuration. */
export function configureTestApi(server: TestServer, options: TestApiOptions = {}): void {
  const { store, onGlobalFailure, clientUniqueId = 'client-1' } = options;
  configureApi({
    baseUrl: server.baseUrl,
    appVersion: 'test',
    getAuth: () => {
      const session = store ? currentSession(store) : null;
      return session ? { token: session.token, memberId: session.memberDetails.id, role: 'user' } : null;
    },
    getClientUniqueId: () => clientUniqueId,
    ...(onGlobalFailure ? { onGlobalFailure } : {}),
  });
}

/** One item of the spec's error shape, with the server catalogue's message and title. */
export const errorItem = (name: ErrorCodeName, values?: Record<string, string | number>): ApiError =>
  apiErrorOf(name, values);

/** A handler answering 422 with one business error of the catalogue (its message, or `message`). */
export function businessError(code: keyof typeof businessErrorCodes, message?: string) {
  const known = businessErrorCodes[code];
  return (response: ServerResponse) =>
    json(response, 422, {
      errors: [{ code: { name: code, value: known.value }, message: message ?? known.message, title: 'Aviso' }],
    });
}

/** The JSON body a request carried (undefined when there is no request). */
export const bodyOf = (request: SeenRequest | undefined): unknown =>
  request ? (JSON.parse(request.body.toString()) as unknown) : undefined;
