import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '../../src/shared/api/define.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login, type LoggedIn } from './helpers/customers.ts';
import { probeRoutes } from './helpers/probe.ts';

let t: TestApp;
let user: LoggedIn;

beforeAll(async () => {
  t = await createTestApp({ extraRoutes: [probeRoutes] });
  user = await login(t);
});
afterAll(() => t.close());

const validItem = {
  phone: '612345678',
  amount: 3000,
  email: 'ana@example.com',
  accept: true,
  issueDate: '2025-03-01',
  address: { street: 'Calle Mayor 1', postcode: '28013' },
  tags: ['a'],
};

function errorOf(response: { statusCode: number; json(): unknown }) {
  const body = errorResponseSchema.parse(response.json());
  return body.errors[0]!;
}

describe('error handler: every answer is the spec error shape with a Spanish message', () => {
  it('answers a valid request with data', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/items/7?mode=fast',
      headers: user.headers,
      payload: validItem,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { itemId: 7, mode: 'fast', amount: 3000 } });
  });

  it('400 ValidationError names each invalid field in Spanish', async () => {
    const { phone: _phone, ...withoutPhone } = validItem;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/items/7?mode=fast',
      headers: user.headers,
      payload: { ...withoutPhone, amount: 'mucho', extra: 1, address: { street: 'x', postcode: '123' } },
    });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toEqual({ name: 'ValidationError', value: 400 });
    expect(error.message).toContain('Los datos enviados no son válidos: ');
    expect(error.message).toContain('phone (Campo obligatorio)');
    expect(error.message).toContain('amount (No es un número)');
    expect(error.message).toContain('extra (Campo no permitido)');
    expect(error.message).toContain('address.postcode (El código postal debe tener 5 dígitos.)');
  });

  it('400 for the exact example message of a missing field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/items/7?mode=fast',
      headers: user.headers,
      payload: { ...validItem, phone: undefined },
    });
    expect(errorOf(response).message).toBe('Los datos enviados no son válidos: phone (Campo obligatorio).');
  });

  it('400 for malformed JSON, an empty JSON body and a bad query or path parameter', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/test/items/7?mode=fast',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '{"phone": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).message).toBe(
      'Los datos enviados no son válidos: El cuerpo de la solicitud no es un JSON válido.',
    );

    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/test/items/7?mode=fast',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).code.name).toBe('ValidationError');

    const query = await t.app.inject({
      method: 'POST',
      url: '/api/test/items/7?mode=medium',
      headers: user.headers,
      payload: validItem,
    });
    expect(query.statusCode).toBe(400);
    expect(errorOf(query).message).toBe('Los datos enviados no son válidos: mode (Valor no permitido).');

    const params = await t.app.inject({
      method: 'POST',
      url: '/api/test/items/abc?mode=fast',
      headers: user.headers,
      payload: validItem,
    });
    expect(params.statusCode).toBe(400);
    expect(errorOf(params).message).toBe('Los datos enviados no son válidos: itemId (No es un número).');
  });

  it('400 for a missing body and for a body sent to a call without one', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/test/items/7?mode=fast', headers: user.headers });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).message).toBe('Los datos enviados no son válidos: body (Campo obligatorio).');

    const unexpected = await t.app.inject({
      method: 'POST',
      url: '/api/test/logout',
      headers: user.headers,
      payload: { foo: 1 },
    });
    expect(unexpected.statusCode).toBe(400);
    expect(errorOf(unexpected).message).toBe('Los datos enviados no son válidos: foo (Campo no permitido).');
  });

  it('rejects prototype pollution attempts with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/items/7?mode=fast',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '{"__proto__": {"admin": true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code.name).toBe('ValidationError');
  });

  it('401 Unauthorized without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/me' });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toEqual({
      code: { name: 'Unauthorized', value: 401 },
      title: 'Error de autorización',
      message: 'Su sesión ha caducado. Por favor ingrese nuevamente.',
    });
  });

  it('403 Forbidden in the shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/fail/forbidden' });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toEqual({ name: 'Forbidden', value: 403 });
  });

  it('404 NotFound for unknown /api paths, any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/nothing/here' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(errorOf(response)).toEqual({
        code: { name: 'NotFound', value: 404 },
        title: '404',
        message: 'No conseguimos encontrar lo que estás buscando.',
      });
    }
  });

  it('405 MethodNotAllowed with Allow for a known path asked with another method', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/logs/write' });
    expect(response.statusCode).toBe(405);
    expect(response.headers['allow']).toBe('POST, PUT');
    expect(errorOf(response).code).toEqual({ name: 'MethodNotAllowed', value: 405 });

    const withParams = await t.app.inject({ method: 'GET', url: '/api/test/items/5' });
    expect(withParams.statusCode).toBe(405);
    expect(withParams.headers['allow']).toBe('POST');
  });

  it('413 PayloadTooLarge for a body over 1 MB', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/items/7?mode=fast',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...validItem, note: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).code).toEqual({ name: 'PayloadTooLarge', value: 413 });
  });

  it('415 UnsupportedMediaType for a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/items/7?mode=fast',
      headers: { ...user.headers, 'content-type': 'application/xml' },
      payload: '<hola/>',
    });
    expect(response.statusCode).toBe(415);
    expect(errorOf(response).code).toEqual({ name: 'UnsupportedMediaType', value: 415 });
  });

  it('422 for a BusinessError, message from the catalogue with placeholders filled', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/fail/business' });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toEqual({
      code: { name: 'WrongPasswordException', value: 1104 },
      title: 'Contraseña incorrecta',
      message: 'La contraseña no es correcta. Intentos restantes: 2.',
    });
  });

  it('500 InternalError without internals for a crash or a response that breaks its schema', async () => {
    for (const kind of ['crash', 'bad-response']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/test/fail/${kind}` });
      expect(response.statusCode).toBe(500);
      expect(errorOf(response)).toEqual({
        code: { name: 'InternalError', value: 500 },
        title: 'Aviso',
        message: 'Ha ocurrido un error. Vuelva a cargar la página o inténtelo de nuevo.',
      });
      expect(response.body).not.toContain('secret');
      expect(response.body).not.toContain('postgres');
    }
  });

  it('400 for a malformed URL (framework error)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/fail/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code.name).toBe('ValidationError');
  });

  it('carries a correlation id on every answer, echoing a sane incoming one', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/api/nothing' });
    expect(fresh.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await t.app.inject({
      method: 'GET',
      url: '/api/nothing',
      headers: { 'x-correlation-id': 'abc12345-client' },
    });
    expect(echoed.headers['x-correlation-id']).toBe('abc12345-client');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/nothing',
      headers: { 'x-correlation-id': '<script>' },
    });
    expect(refused.headers['x-correlation-id']).not.toBe('<script>');
  });
});
