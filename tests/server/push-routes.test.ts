import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '../../src/shared/api/define.ts';
import { businessErrorCodes } from '../../src/shared/api/business-error-codes.ts';
import { pushSubscriptions } from '../../src/server/db/schema/index.ts';
import { MAX_SUBSCRIPTIONS_PER_CUSTOMER } from '../../src/server/modules/push/index.ts';
import { createTestApp, productionEnv, type TestApp } from './helpers/app.ts';
import { login, type LoggedIn } from './helpers/customers.ts';
import { deleteCustomers } from './helpers/push-loans.ts';

let t: TestApp;
const customerIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ rateLimit: false });
});
afterAll(async () => {
  await deleteCustomers(t, customerIds);
  await t.close();
});

const loggedIn = async (): Promise<LoggedIn> => {
  const session = await login(t);
  customerIds.push(session.customer.id);
  return session;
};

/** A subscription as a browser's `PushSubscription.toJSON()` gives it (real P-256 key, 16-byte auth secret). */
const browserSubscription = (endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`) => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
};

const save = (session: LoggedIn | null, body: unknown, app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/communication/push/subscription',
    headers: session?.headers ?? {},
    payload: body as Record<string, unknown>,
  });

const remove = (session: LoggedIn | null, endpoint: string) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/communication/push/subscription',
    headers: session?.headers ?? {},
    payload: { endpoint },
  });

const storedFor = (endpoint: string) =>
  t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

const expectInvalidSubscription = (response: { statusCode: number; json(): unknown }) => {
  expect(response.statusCode).toBe(422);
  const body = errorResponseSchema.parse(response.json());
  expect(body.errors[0]).toEqual({
    code: { name: 'InvalidPushSubscription', value: businessErrorCodes.InvalidPushSubscription.value },
    title: 'Aviso',
    message: 'No hemos podido activar las notificaciones en este navegador. Inténtalo de nuevo.',
  });
};

describe('PushPublicKeyGet', () => {
  it('gives anyone the VAPID public key the server signs with, as a 65-byte P-256 point in base64url', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/communication/push/publicKey' });
    expect(response.statusCode).toBe(200);
    const { publicKey } = (response.json() as { data: { publicKey: string } }).data;
    expect(publicKey).toBe(t.secrets.vapid.publicKey);
    const point = Buffer.from(publicKey, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(0x04);
  });
});

describe('PushSubscriptionPost / PushSubscriptionDelete', () => {
  it('answer 401 in the error shape without a session', async () => {
    for (const response of [
      await save(null, browserSubscription()),
      await remove(null, 'https://fcm.googleapis.com/fcm/send/x'),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(errorResponseSchema.parse(response.json()).errors[0]?.code.name).toBe('Unauthorized');
    }
  });

  it('stores the subscription for the logged-in customer, and a second save of the endpoint refreshes the same row', async () => {
    const session = await loggedIn();
    const first = browserSubscription();
    const response = await save(session, first);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: true });
    const [stored] = await storedFor(first.endpoint);
    expect(stored).toMatchObject({ customerId: session.customer.id, p256dh: first.keys.p256dh, auth: first.keys.auth });

    const renewed = { ...browserSubscription(first.endpoint), expirationTime: Date.parse('2027-06-01T00:00:00Z') };
    expect((await save(session, renewed)).statusCode).toBe(200);
    const rows = await storedFor(first.endpoint);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: stored!.id,
      p256dh: renewed.keys.p256dh,
      auth: renewed.keys.auth,
      expiresAt: new Date('2027-06-01T00:00:00Z'),
    });
  });

  it('moves an endpoint saved by another customer to the customer who saves it now (shared device)', async () => {
    const before = await loggedIn();
    const after = await loggedIn();
    const subscription = browserSubscription();
    await save(before, subscription);
    expect((await save(after, subscription)).statusCode).toBe(200);
    const rows = await storedFor(subscription.endpoint);
    expect(rows.map((row) => row.customerId)).toEqual([after.customer.id]);
  });

  it('deletes only the caller’s own subscription; an unknown endpoint is not an error', async () => {
    const owner = await loggedIn();
    const other = await loggedIn();
    const subscription = browserSubscription();
    await save(owner, subscription);

    const foreign = await remove(other, subscription.endpoint);
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json()).toEqual({ data: true });
    expect(await storedFor(subscription.endpoint)).toHaveLength(1);

    expect((await remove(owner, subscription.endpoint)).json()).toEqual({ data: true });
    expect(await storedFor(subscription.endpoint)).toHaveLength(0);
    expect((await remove(owner, subscription.endpoint)).statusCode).toBe(200);
  });

  it('keeps the customer’s 10 most recently saved subscriptions', async () => {
    const session = await loggedIn();
    const endpoints: string[] = [];
    for (let index = 0; index < MAX_SUBSCRIPTIONS_PER_CUSTOMER + 2; index += 1) {
      const subscription = browserSubscription();
      endpoints.push(subscription.endpoint);
      t.clock.advance(1000);
      expect((await save(session, subscription)).statusCode).toBe(200);
    }
    const rows = await t.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.customerId, session.customer.id));
    expect(rows.map((row) => row.endpoint).sort()).toEqual(endpoints.slice(2).sort());
  });

  it('refuses an endpoint that is not https with InvalidPushSubscription (422, Spanish message)', async () => {
    const session = await loggedIn();
    for (const endpoint of [
      'http://push.example.com/send/abc',
      'ftp://push.example.com/send/abc',
      'https://user:secret@push.example.com/send/abc',
    ]) {
      const response = await save(session, browserSubscription(endpoint));
      expectInvalidSubscription(response);
      expect(await storedFor(endpoint)).toHaveLength(0);
    }
  });

  it('accepts a local endpoint (http on localhost, 127.0.0.1; https on any internal host) only while SANDBOX is on', async () => {
    const session = await loggedIn();
    for (const endpoint of [`http://localhost:9/push/${randomUUID()}`, `http://127.0.0.1:9/push/${randomUUID()}`]) {
      expect((await save(session, browserSubscription(endpoint))).statusCode).toBe(200);
    }
    const production = await createTestApp({
      database: t.handle,
      rateLimit: false,
      env: {
        ...productionEnv(),
      },
    });
    try {
      expectInvalidSubscription(
        await save(session, browserSubscription(`http://127.0.0.1:9/push/${randomUUID()}`), production.app),
      );
      expect((await save(session, browserSubscription(), production.app)).statusCode).toBe(200);
      // Outside SANDBOX an https endpoint on this machine or the private network is refused too: the reminder
      // scheduler POSTs to it, so it must not reach internal services (SSRF).
      for (const host of [
        'localhost',
        '127.0.0.1',
        '10.0.0.5',
        '172.16.3.4',
        '192.168.1.10',
        '169.254.169.254',
        '[::1]',
        '[fd00::1]',
        '[fe80::1]',
        '[::ffff:10.0.0.1]',
        'metadata.internal',
        'printer.local',
      ]) {
        const endpoint = `https://${host}/push/${randomUUID()}`;
        expectInvalidSubscription(await save(session, browserSubscription(endpoint), production.app));
        expect(await storedFor(endpoint)).toHaveLength(0);
      }
      for (const endpoint of [
        `https://updates.push.services.mozilla.com/wpush/v2/${randomUUID()}`,
        `https://8.8.8.8/push/${randomUUID()}`,
        `https://172.32.0.1/push/${randomUUID()}`,
      ]) {
        expect((await save(session, browserSubscription(endpoint), production.app)).statusCode).toBe(200);
      }
    } finally {
      await production.close();
    }
  });

  it('refuses keys that cannot encrypt a message: not a P-256 point, or an auth secret that is not 16 bytes', async () => {
    const session = await loggedIn();
    const valid = browserSubscription();
    const offCurve = Buffer.alloc(65, 7);
    offCurve[0] = 0x04;
    for (const keys of [
      { ...valid.keys, p256dh: offCurve.toString('base64url') },
      { ...valid.keys, p256dh: randomBytes(33).toString('base64url') },
      { ...valid.keys, auth: randomBytes(8).toString('base64url') },
    ]) {
      expectInvalidSubscription(await save(session, { ...valid, keys }));
    }
    expect(await storedFor(valid.endpoint)).toHaveLength(0);
  });

  it('answers bad bodies with 400 in the error shape naming the field', async () => {
    const session = await loggedIn();
    const valid = browserSubscription();
    const cases: Array<[unknown, string]> = [
      [{ endpoint: valid.endpoint }, 'keys'],
      [{ ...valid, endpoint: 'not a url' }, 'endpoint'],
      [{ ...valid, keys: { ...valid.keys, p256dh: 'not base64url!' } }, 'p256dh'],
      [{ ...valid, keys: { p256dh: valid.keys.p256dh } }, 'auth'],
      [{ ...valid, extra: true }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const response = await save(session, body);
      expect(response.statusCode, field).toBe(400);
      const error = errorResponseSchema.parse(response.json()).errors[0]!;
      expect(error.code.name).toBe('ValidationError');
      expect(error.message).toContain(field);
    }
    const noEndpoint = await t.app.inject({
      method: 'DELETE',
      url: '/api/communication/push/subscription',
      headers: session.headers,
      payload: {},
    });
    expect(noEndpoint.statusCode).toBe(400);
    expect(errorResponseSchema.parse(noEndpoint.json()).errors[0]?.message).toContain('endpoint');
  });
});
