import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ROW_MAX_AGE_MS } from '../../src/server/auth/session-cache.ts';
import { sessions } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createMember, postLogin, sessionHeaders, sessionOf } from './helpers/membership-login.ts';

/**
 * The session checks each instance keeps (src/server/auth/session-cache.ts): a session revoked on another instance
 * is refused here within SESSION_ROW_MAX_AGE_MS; one revoked by this process at once; an expired token as before.
 * Two app instances on one database, as two servers are.
 */

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp({ rateLimit: false });
  b = await createTestApp({ rateLimit: false, database: a.handle });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const memberDetails = (app: TestApp, headers: Record<string, string>) =>
  app.app.inject({ method: 'GET', url: '/api/membership/memberDetails', headers });

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string; exp: number };

async function loggedIn() {
  const customer = await createMember(a);
  const session = sessionOf(await postLogin(a.app, { phoneNumber: customer.phone, password: customer.pin }));
  return { session, headers: sessionHeaders(session) };
}

describe('kept session checks', () => {
  it('refuses a session revoked by another instance within the bound, on every instance', async () => {
    const { session, headers } = await loggedIn();
    // Both instances have read (and keep) the live session row.
    expect((await memberDetails(a, headers)).statusCode).toBe(200);
    expect((await memberDetails(b, headers)).statusCode).toBe(200);
    // Another server process logs the session out: only the database changes, nothing in this process is told.
    const revokedAt = new Date();
    await a.db
      .update(sessions)
      .set({ revokedAt })
      .where(eq(sessions.jti, claimsOf(session.token).jti));
    const started = performance.now();
    for (const app of [a, b]) {
      let status = (await memberDetails(app, headers)).statusCode;
      while (status === 200 && performance.now() - started < SESSION_ROW_MAX_AGE_MS + 500) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        status = (await memberDetails(app, headers)).statusCode;
      }
      expect(status).toBe(401);
    }
    expect(performance.now() - started).toBeLessThan(SESSION_ROW_MAX_AGE_MS + 500);
  });

  it('refuses a session logged out by this process at once, on every instance of it', async () => {
    const { headers } = await loggedIn();
    expect((await memberDetails(a, headers)).statusCode).toBe(200);
    expect((await memberDetails(b, headers)).statusCode).toBe(200);
    const logout = await a.app.inject({ method: 'POST', url: '/api/membership/logout', headers });
    expect(logout.statusCode).toBe(200);
    expect((await memberDetails(a, headers)).statusCode).toBe(401);
    expect((await memberDetails(b, headers)).statusCode).toBe(401);
  });

  it('refuses a token whose verification is kept once it expires', async () => {
    const { session, headers } = await loggedIn();
    expect((await memberDetails(a, headers)).statusCode).toBe(200);
    const { exp } = claimsOf(session.token);
    a.clock.set(new Date(exp * 1000 - 1000));
    expect((await memberDetails(a, headers)).statusCode).toBe(200);
    a.clock.set(new Date(exp * 1000));
    expect((await memberDetails(a, headers)).statusCode).toBe(401);
  });
});
