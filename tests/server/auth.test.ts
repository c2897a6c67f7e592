import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '../../src/shared/api/define.ts';
import { JWT_TTL_SECONDS } from '../../src/shared/constants.ts';
import { hashPassword, needsRehash, verifyPassword } from '../../src/server/auth/password.ts';
import { authenticateToken, issueSession, revokeAllSessions } from '../../src/server/auth/sessions.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login } from './helpers/customers.ts';
import { probeRoutes } from './helpers/probe.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ extraRoutes: [probeRoutes] });
});
afterAll(() => t.close());

const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/test/me', headers });

function expectUnauthorized(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(401);
  const body = errorResponseSchema.parse(response.json());
  expect(body.errors[0]?.code).toEqual({ name: 'Unauthorized', value: 401 });
  expect(body.errors[0]?.message).toBe('Su sesión ha caducado. Por favor ingrese nuevamente.');
}

describe('scrypt password hashing', () => {
  it('verifies the right PIN and rejects a wrong one, with parameters and salt in the stored string', async () => {
    const stored = await hashPassword('1234');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('1234', stored)).toBe(true);
    expect(await verifyPassword('1235', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('salts every hash and never throws on a malformed stored value', async () => {
    expect(await hashPassword('1234')).not.toBe(await hashPassword('1234'));
    for (const bad of ['', 'plain', 'scrypt$x$8$1$abc$def', 'bcrypt$1$2$3$4$5', 'scrypt$16384$8$1$c2FsdA$']) {
      expect(await verifyPassword('1234', bad)).toBe(false);
    }
    expect(needsRehash('scrypt$1024$8$1$a$b')).toBe(true);
  });

  it('treats Unicode-equivalent passwords alike (NFC)', async () => {
    const stored = await hashPassword('contraseña');
    expect(await verifyPassword('contrasen\u0303a', stored)).toBe(true);
  });
});

describe('session JWT and X-Member-ID', () => {
  it('accepts a valid token with the matching X-Member-ID and sets request.customer', async () => {
    const user = await login(t, { status: 'systemApproved' });
    const response = await me(user.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id: user.customer.id, status: 'systemApproved' } });
  });

  it('carries sub, role, jti and a 24 h expiry', async () => {
    const user = await login(t);
    const [, payload] = user.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: String(user.customer.id), role: 'user', jti: user.jti });
    expect((claims['exp'] as number) - (claims['iat'] as number)).toBe(JWT_TTL_SECONDS);
  });

  it('401 without Authorization, with a malformed header or a garbage token', async () => {
    expectUnauthorized(await me({}));
    expectUnauthorized(await me({ authorization: 'Basic dXNlcjpwYXNz' }));
    expectUnauthorized(await me({ authorization: 'Bearer not.a.jwt', 'x-member-id': '1' }));
  });

  it('401 for an expired token (24 h later by the clock)', async () => {
    const user = await login(t);
    t.clock.advance(JWT_TTL_SECONDS * 1000 + 1000);
    try {
      expectUnauthorized(await me(user.headers));
    } finally {
      t.clock.advance(-(JWT_TTL_SECONDS * 1000 + 1000));
    }
    expect((await me(user.headers)).statusCode).toBe(200);
  });

  it('401 for a tampered token (payload changed, signature kept)', async () => {
    const user = await login(t);
    const other = await login(t);
    const [header, , signature] = user.token.split('.');
    const [, otherPayload] = other.token.split('.');
    expectUnauthorized(
      await me({
        authorization: `Bearer ${header}.${otherPayload}.${signature}`,
        'x-member-id': String(other.customer.id),
      }),
    );
  });

  it('401 for a token signed with another key or with alg none', async () => {
    const user = await login(t);
    const forged = await new SignJWT({ role: 'user' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.customer.id))
      .setJti(user.jti)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expectUnauthorized(await me({ authorization: `Bearer ${forged}`, 'x-member-id': String(user.customer.id) }));
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${user.token.split('.')[1]}.`;
    expectUnauthorized(await me({ authorization: `Bearer ${none}`, 'x-member-id': String(user.customer.id) }));
  });

  it('401 when X-Member-ID is missing or names another customer', async () => {
    const user = await login(t);
    expectUnauthorized(await me({ authorization: user.headers['authorization']! }));
    expectUnauthorized(await me({ ...user.headers, 'x-member-id': String(user.customer.id + 1) }));
  });

  it('401 after logout: the session row is revoked on the server', async () => {
    const user = await login(t);
    const logout = await t.app.inject({ method: 'POST', url: '/api/test/logout', headers: user.headers });
    expect(logout.json()).toEqual({ data: true });
    expectUnauthorized(await me(user.headers));
  });

  it('401 for every session after revokeAllSessions (PIN reset, blocking)', async () => {
    const user = await login(t);
    const second = await issueSession(
      { db: t.db, clock: t.clock, jwtKey: t.secrets.jwtKey },
      { id: user.customer.id, role: 'user' },
    );
    expect(await revokeAllSessions(t, user.customer.id)).toBe(2);
    expect(await authenticateToken({ db: t.db, clock: t.clock, jwtKey: t.secrets.jwtKey }, second.token)).toBeNull();
    expectUnauthorized(await me(user.headers));
  });

  it('optional calls: a valid session is used, an invalid one is ignored (no 401)', async () => {
    const user = await login(t);
    const withSession = await t.app.inject({ method: 'GET', url: '/api/test/optional', headers: user.headers });
    expect(withSession.json()).toEqual({ data: { customerId: user.customer.id } });
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/test/optional',
      headers: { authorization: 'Bearer a.b.c', 'x-member-id': '5' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual({ data: { customerId: null } });
  });

  it('keeps the JWT key across restarts (stored in app_secrets when JWT_SECRET is unset)', async () => {
    const user = await login(t);
    const again = await createTestApp({ database: t.handle, extraRoutes: [probeRoutes], now: t.clock.now() });
    try {
      expect(Buffer.from(again.secrets.jwtKey).equals(Buffer.from(t.secrets.jwtKey))).toBe(true);
      expect((await again.app.inject({ method: 'GET', url: '/api/test/me', headers: user.headers })).statusCode).toBe(
        200,
      );
    } finally {
      await again.close();
    }
  });
});
