import { describe, expect, it, vi } from 'vitest';
import { call, callFile, sessionStore } from '../../../src/backoffice/lib/backoffice-session.ts';
import { StaffApiError } from '../../../src/backoffice/lib/api-error.ts';
import { CustomerStatusGet } from '../../../src/shared/api/customer-staff.ts';
import { DocumentFileGet } from '../../../src/shared/api/document-staff.ts';
import { StaffMeGet, StaffPasswordChangePost } from '../../../src/shared/api/staff.ts';
import { agent, answer, ok, requests, staffError, storedSession, unauthorized } from './harness.tsx';

/** The back office's API client (src/backoffice/lib/api-client.ts) against a mocked fetch. */

const rejection = async (promise: Promise<unknown>): Promise<StaffApiError> => {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(StaffApiError);
  return error as StaffApiError;
};

describe('the back office API client', () => {
  it('sends the staff headers and resolves with the answer checked by the entry’s schema', async () => {
    storedSession();
    answer(() => ok(agent));
    await expect(call(StaffMeGet)).resolves.toEqual(agent);
    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: '/api/membership/staff/me',
      headers: { Authorization: 'Bearer bo_test-token', 'X-Member-ID': '7', 'X-Member-Role': 'cam' },
    });
  });

  it('an answer the contract does not describe is an error, with a Spanish message', async () => {
    storedSession();
    answer(() => ok({ id: 7 }));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = await rejection(call(StaffMeGet));
    expect(error.kind).toBe('invalidResponse');
    expect(error.message).toBe('El servidor ha respondido algo inesperado. Vuelve a intentarlo.');
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it('a business error carries its code’s name and the server’s Spanish message', async () => {
    storedSession();
    answer(() => staffError('WrongCurrentPassword'));
    const error = await rejection(
      call(StaffPasswordChangePost, { body: { currentPassword: 'x', newPassword: 'y'.repeat(12) } }),
    );
    expect(error).toMatchObject({
      kind: 'business',
      status: 422,
      code: 'WrongCurrentPassword',
      message: 'La contraseña actual no es correcta.',
    });
  });

  it('a 404 with a code the call declares carries the server’s text; any other 404 gets the back office’s own', async () => {
    storedSession();
    answer(() => staffError('StaffCustomerNotFound'));
    expect(await rejection(call(CustomerStatusGet, { params: { customerId: 5 } }))).toMatchObject({
      kind: 'business',
      status: 404,
      code: 'StaffCustomerNotFound',
      message: 'No hemos encontrado ese cliente.',
    });
    // StaffMeGet does not declare it: a 404 there is not the server telling the staff member something.
    expect(await rejection(call(StaffMeGet))).toMatchObject({
      kind: 'http',
      status: 404,
      message: 'El servidor ha respondido algo inesperado. Vuelve a intentarlo.',
    });
  });

  it('a 401 to a staff call ends the session as expired; the server’s `usted` text is not shown', async () => {
    storedSession();
    answer(() => unauthorized);
    const error = await rejection(call(StaffMeGet));
    expect(error).toMatchObject({ kind: 'http', status: 401, code: 'Unauthorized' });
    expect(error.message).toBe('Tu sesión ha caducado. Vuelve a iniciar sesión.');
    expect(sessionStore.getState()).toMatchObject({ session: null, ended: 'expired' });
  });

  it('a 403 PasswordChangeRequired marks the member as having to change it', async () => {
    storedSession();
    answer(() => staffError('PasswordChangeRequired'));
    await rejection(call(StaffMeGet));
    expect(sessionStore.getState().session?.staff.mustChangePassword).toBe(true);
  });

  it('no answer at all: a network error in Spanish, the session kept', async () => {
    storedSession();
    answer(() => 'network');
    const error = await rejection(call(StaffMeGet));
    expect(error).toMatchObject({ kind: 'network', status: undefined });
    expect(error.message).toBe(
      'No hemos podido conectar con el servidor. Comprueba tu conexión y vuelve a intentarlo.',
    );
    expect(sessionStore.getState().session).not.toBeNull();
  });

  it('a 5xx gets the back office’s own text', async () => {
    answer(() => ({ status: 503, body: {} }));
    storedSession();
    const error = await rejection(call(StaffMeGet));
    expect(error.message).toBe('Ha habido un error en el servidor. Vuelve a intentarlo dentro de unos minutos.');
  });

  it('a file entry resolves with the bytes as a Blob of the answer’s type, sent with the staff headers', async () => {
    storedSession();
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    answer(() => ({ status: 200, file: { bytes, type: 'image/png' } }));
    const blob = await callFile(DocumentFileGet, { params: { documentId: 31 } });
    expect(blob.type).toBe('image/png');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: '/api/communication/document/31/file',
      headers: { Authorization: 'Bearer bo_test-token', 'X-Member-ID': '7', 'X-Member-Role': 'cam', Accept: '*/*' },
    });
  });

  it('a file entry answered with a JSON error rejects as `call` does, with the server’s Spanish message', async () => {
    storedSession();
    answer(() => staffError('StaffDocumentNotFound'));
    expect(await rejection(callFile(DocumentFileGet, { params: { documentId: 31 } }))).toMatchObject({
      kind: 'business',
      status: 404,
      code: 'StaffDocumentNotFound',
      message: 'No hemos encontrado ese documento.',
    });
    answer(() => unauthorized);
    expect(await rejection(callFile(DocumentFileGet, { params: { documentId: 31 } }))).toMatchObject({ status: 401 });
    expect(sessionStore.getState()).toMatchObject({ session: null, ended: 'expired' });
  });

  it('only a `file` entry is read as a Blob', async () => {
    storedSession();
    await expect(callFile(StaffMeGet)).rejects.toThrow('StaffMeGet does not answer a file');
    expect(requests).toEqual([]);
  });
});
