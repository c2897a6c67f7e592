import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineCall } from '../../../../src/shared/api/define.ts';
import { callApi } from '../../../../src/lib/api/client.ts';
import { configureApi } from '../../../../src/lib/api/configure.ts';
import { globalOutcomeFor, type GlobalOutcome } from '../../../../src/lib/api/error-catalogue.ts';
import { ApiError, type ApiErrorKind } from '../../../../src/lib/api/errors.ts';
import { json, startTestServer, type TestServer } from './test-server.ts';

/**
 * First document §8 "Global by HTTP outcome", one test per row: the server answers the status for real, and the
 * outcome handed to the app carries the spec's exact Spanish texts and action.
 */

const AnyGet = defineCall({
  name: 'TestCatalogueGet',
  method: 'GET',
  path: '/api/test/catalogue',
  auth: 'public',
  roles: ['public'],
  response: z.boolean(),
});

let server: TestServer;
let outcomes: GlobalOutcome[];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  outcomes = [];
  configureApi({
    baseUrl: server.baseUrl,
    appVersion: 'test',
    getAuth: () => null,
    getClientUniqueId: () => 'id',
    onGlobalFailure: (outcome) => outcomes.push(outcome),
  });
});
afterEach(() => vi.restoreAllMocks());

/** The outcome the app receives when the server answers `status`. */
async function outcomeForStatus(status: number, errors: unknown[] = []): Promise<GlobalOutcome | undefined> {
  server.handler = (_request, response) => json(response, status, { errors });
  await callApi(AnyGet, {}).catch(() => undefined);
  return outcomes.at(-1);
}

const reloadButton = { label: 'Recargar', reload: true };
const offlineDialog = {
  kind: 'dialog',
  id: 'offline-network',
  heading: '¿Estás sin conexión?',
  message:
    'No hemos podido enviar tu solicitud: parece que no tienes conexión a internet. Compruébala y vuelve a intentarlo.',
  action: reloadButton,
};

describe('global error catalogue (first document §8)', () => {
  it('timeout: dialog "Aviso" / "¿Estás sin conexión?" "Comprueba tu conexión…" with "Recargar" that reloads', async () => {
    server.handler = (_request, response) => setTimeout(() => json(response, 200, { data: true }), 1_000);
    await callApi(AnyGet, {}, { timeoutMs: 50 }).catch(() => undefined);
    expect(outcomes).toEqual([
      {
        kind: 'dialog',
        id: 'offline-timeout',
        title: 'Aviso',
        heading: '¿Estás sin conexión?',
        message: 'Comprueba tu conexión a Internet y vuelve a intentarlo.',
        action: reloadButton,
      },
    ]);
  });

  it('cancelled request: the same "¿Estás sin conexión?" dialog as a timeout', () => {
    const timeout = globalOutcomeFor(
      new ApiError({ kind: 'timeout', message: 'Timeout', callName: 'X', method: 'GET', url: '/x' }),
    );
    const cancelled = globalOutcomeFor(
      new ApiError({ kind: 'cancelled', message: 'Timeout', callName: 'X', method: 'GET', url: '/x' }),
    );
    expect(cancelled).toEqual(timeout);
    expect(cancelled).toMatchObject({ id: 'offline-timeout', action: reloadButton });
  });

  it('401: session expired with "Su sesión ha caducado. Por favor ingrese nuevamente."', async () => {
    expect(await outcomeForStatus(401)).toEqual({
      kind: 'sessionExpired',
      message: 'Su sesión ha caducado. Por favor ingrese nuevamente.',
    });
  });

  it('status none (network failure): dialog "¿Estás sin conexión?" "Su solicitud ha expirado..." with "Recargar"', async () => {
    server.handler = (_request, response) => response.socket?.destroy();
    await callApi(AnyGet, {}).catch(() => undefined);
    expect(outcomes).toEqual([offlineDialog]);
  });

  it('status 0 and -1 give the same offline dialog as no status; so does the offline browser', async () => {
    for (const status of [0, -1]) {
      expect(
        globalOutcomeFor(new ApiError({ kind: 'http', status, message: '', callName: 'X', method: 'GET', url: '/x' })),
      ).toEqual(offlineDialog);
    }
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await callApi(AnyGet, {}).catch(() => undefined);
    expect(outcomes).toEqual([offlineDialog]);
  });

  it('404: warning "404" "No conseguimos encontrar lo que estás buscando." (then home)', async () => {
    expect(await outcomeForStatus(404)).toEqual({
      kind: 'notFound',
      title: '404',
      message: 'No conseguimos encontrar lo que estás buscando.',
    });
  });

  it('429: "Se han realizado demasiados intentos" "Por favor, inténtelo de nuevo más tarde." without reload', async () => {
    expect(await outcomeForStatus(429)).toEqual({
      kind: 'dialog',
      id: 'too-many-requests',
      title: 'Se han realizado demasiados intentos',
      message: 'Por favor, inténtelo de nuevo más tarde.',
    });
  });

  it('422: business exception, no generic dialog (the caller handles the code)', async () => {
    const error = { code: { name: 'MemberBlocked', value: 1101 }, message: 'Bloqueado', title: 'Aviso' };
    expect(await outcomeForStatus(422, [error])).toEqual({ kind: 'business' });
  });

  it('500 and every 5xx: "Ha ocurrido un error. Vuelva a cargar la página o inténtelo de nuevo." with "Recargar"', async () => {
    const serverError = {
      kind: 'dialog',
      id: 'server-error',
      message: 'Ha ocurrido un error. Vuelva a cargar la página o inténtelo de nuevo.',
      action: reloadButton,
    };
    expect(await outcomeForStatus(500)).toEqual(serverError);
    expect(await outcomeForStatus(502)).toEqual(serverError);
    expect(await outcomeForStatus(503)).toEqual(serverError);
  });

  it('other statuses pass through to the caller', async () => {
    for (const status of [400, 403, 405, 409, 413]) {
      expect(await outcomeForStatus(status)).toEqual({ kind: 'passThrough' });
    }
  });

  it('is a pure function of the error: every kind maps the same way every time', () => {
    const kinds: ApiErrorKind[] = ['business', 'timeout', 'cancelled', 'network', 'offline', 'http', 'invalidResponse'];
    for (const kind of kinds) {
      const error = new ApiError({
        kind,
        status: kind === 'http' ? 418 : undefined,
        message: '',
        callName: 'X',
        method: 'GET',
        url: '/',
      });
      expect(globalOutcomeFor(error)).toEqual(globalOutcomeFor(error));
    }
  });
});
