import { request as httpRequest, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { idempotencyKeys, serverInstances } from '../../src/server/db/schema/index.ts';
import { IDEMPOTENCY_MESSAGES } from '../../src/server/http/idempotency.ts';
import { purgeExpiredKeys } from '../../src/server/http/idempotency-repository.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login, type LoggedIn } from './helpers/customers.ts';
import { transferProbe } from './helpers/idempotency-probe.ts';

/**
 * Idempotency of money-moving calls, applied by registerCall to every `idempotent` contract entry (here a test-only
 * entry shaped like RequestLoanPost): one run per key, the first answer byte for byte on a retry, 422 for a key
 * reused with another request, 409 while the first still runs, 400 without a key. Runs on PGlite and, with
 * DATABASE_URL, on PostgreSQL.
 */

const probe = transferProbe();
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, extraRoutes: [probe.routes] });
  await probe.prepare(t.db);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

let nextAccount = 1;
const account = () => nextAccount++;

const transfer = (who: LoggedIn, accountId: number, body: object, key?: string, path = 'transfers') =>
  t.app.inject({
    method: 'POST',
    url: `/api/test/accounts/${accountId}/${path}`,
    headers: { ...who.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: body,
  });

const errorName = (response: { json(): unknown }) =>
  (response.json() as { errors: { code: { name: string } }[] }).errors[0]?.code.name;

const runsOf = (who: LoggedIn) => probe.runs.get(who.customer.id) ?? 0;

describe('Idempotency-Key on an idempotent call', () => {
  it('is required: no key, an empty key, a key with spaces or past 255 characters → 400 in the error shape', async () => {
    const who = await login(t);
    const accountId = account();
    for (const key of [undefined, '', 'con espacio', 'x'.repeat(256), 'clave-ñ']) {
      const response = await transfer(who, accountId, { amount: 100 }, key);
      expect(response.statusCode, String(key)).toBe(400);
      expect(response.json()).toEqual({
        errors: [
          {
            code: { name: 'ValidationError', value: 400 },
            title: 'Aviso',
            message: key === undefined ? IDEMPOTENCY_MESSAGES.missing : IDEMPOTENCY_MESSAGES.invalid,
          },
        ],
      });
    }
    expect(runsOf(who)).toBe(0);
    const longest = await transfer(who, accountId, { amount: 100 }, '~'.repeat(255));
    expect(longest.statusCode).toBe(200);
  });

  it('a retry with the same key and request gets the first answer, status and body, and runs nothing again', async () => {
    const who = await login(t);
    const accountId = account();
    const first = await transfer(who, accountId, { amount: 2500 }, 'k-retry');
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    for (let i = 0; i < 3; i += 1) {
      const again = await transfer(who, accountId, { amount: 2500 }, 'k-retry');
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
    }
    expect(runsOf(who)).toBe(1);
    expect(await probe.transfersOf(t.db, who.customer.id)).toBe(1);
  });

  it('the same request written with its fields in another order is the same request', async () => {
    const who = await login(t);
    const accountId = account();
    const first = await transfer(who, accountId, { amount: 700, mode: 'normal' }, 'k-order');
    const again = await transfer(who, accountId, { mode: 'normal', amount: 700 }, 'k-order');
    expect(again.body).toBe(first.body);
    expect(runsOf(who)).toBe(1);
  });

  it('the same key with another body, other params or another call → 422 IdempotencyKeyReused', async () => {
    const who = await login(t);
    const accountId = account();
    expect((await transfer(who, accountId, { amount: 2500 }, 'k-reused')).statusCode).toBe(200);
    const otherBody = await transfer(who, accountId, { amount: 3000 }, 'k-reused');
    const otherParams = await transfer(who, account(), { amount: 2500 }, 'k-reused');
    const otherCall = await transfer(who, accountId, { amount: 2500 }, 'k-reused', 'refunds');
    for (const response of [otherBody, otherParams, otherCall]) {
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        errors: [
          {
            code: { name: 'IdempotencyKeyReused', value: 1221 },
            title: 'Aviso',
            message: 'Esta operación ya se envió con otros datos. Vuelve a intentarlo.',
          },
        ],
      });
    }
    expect(runsOf(who)).toBe(1);
  });

  it('keys belong to a customer: another customer’s identical key runs for them and never sees the first answer', async () => {
    const ana = await login(t);
    const bea = await login(t);
    const accountId = account();
    const first = await transfer(ana, accountId, { amount: 2500 }, 'shared-key');
    const other = await transfer(bea, accountId, { amount: 2500 }, 'shared-key');
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toBe(first.body);
    expect([runsOf(ana), runsOf(bea)]).toEqual([1, 1]);
  });

  it('a business refusal (422) is the answer too: stored and repeated, the handler does not run again', async () => {
    const who = await login(t);
    const accountId = account();
    const first = await transfer(who, accountId, { amount: 100, mode: 'refuse' }, 'k-refused');
    expect(first.statusCode).toBe(422);
    expect(errorName(first)).toBe('LoanNotFound');
    const again = await transfer(who, accountId, { amount: 100, mode: 'refuse' }, 'k-refused');
    expect([again.statusCode, again.body]).toEqual([422, first.body]);
    expect(runsOf(who)).toBe(1);
  });

  it('an unexpected failure (500) releases the key: the retry runs the call again', async () => {
    const who = await login(t);
    const accountId = account();
    const failed = await transfer(who, accountId, { amount: 100, mode: 'fail' }, 'k-failed');
    expect(failed.statusCode).toBe(500);
    expect(failed.body).not.toContain('probe transfer failed');
    const [row] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'k-failed'));
    expect(row).toBeUndefined();
    const retried = await transfer(who, accountId, { amount: 100, mode: 'fail' }, 'k-failed');
    expect(retried.statusCode).toBe(500);
    expect(runsOf(who)).toBe(2);
  });

  it('a retry while the first request still runs → 409 RequestInProgress; afterwards the first answer', async () => {
    const who = await login(t);
    const accountId = account();
    const first = transfer(who, accountId, { amount: 100, mode: 'slow' }, 'k-slow');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const during = await transfer(who, accountId, { amount: 100, mode: 'slow' }, 'k-slow');
    expect(during.statusCode).toBe(409);
    expect(during.json()).toEqual({
      errors: [
        {
          code: { name: 'RequestInProgress', value: 1220 },
          title: 'Aviso',
          message: 'Tu solicitud ya se está procesando. Por favor, espera un momento.',
        },
      ],
    });
    const answered = await first;
    expect(answered.statusCode).toBe(200);
    const after = await transfer(who, accountId, { amount: 100, mode: 'slow' }, 'k-slow');
    expect(after.body).toBe(answered.body);
    expect(runsOf(who)).toBe(1);
  });

  it('a key left running by a stopped instance is taken over by a retry once its lease is over', async () => {
    const who = await login(t);
    const accountId = account();
    const first = await transfer(who, accountId, { amount: 100 }, 'k-crashed');
    // As if the instance had died before storing the answer (and before its transaction committed).
    await t.db.execute(
      `delete from probe_transfers where customer_id = ${who.customer.id} and account_id = ${accountId}` as never,
    );
    await t.db
      .update(idempotencyKeys)
      .set({ state: 'running', responseStatus: null, responseBody: null, lockedUntil: t.clock.now() })
      .where(eq(idempotencyKeys.key, 'k-crashed'));
    t.clock.advance(1);
    const retried = await transfer(who, accountId, { amount: 100 }, 'k-crashed');
    expect(retried.statusCode).toBe(200);
    expect(retried.body).not.toBe(first.body);
    expect(runsOf(who)).toBe(2);
    expect(await probe.transfersOf(t.db, who.customer.id)).toBe(1);
  });

  it('a slow holder on this very instance is never taken over, even when its heartbeat is late (a loaded machine)', async () => {
    const who = await login(t);
    const accountId = account();
    const first = transfer(who, accountId, { amount: 100, mode: 'slow' }, 'k-late-beat');
    await new Promise((resolve) => setTimeout(resolve, 100));
    // As another instance would see this one after a stall: no heartbeat for an hour.
    await t.db
      .update(serverInstances)
      .set({ heartbeatAt: sql`now() - interval '1 hour'` })
      .where(eq(serverInstances.id, t.app.instance.id));
    try {
      const during = await transfer(who, accountId, { amount: 100, mode: 'slow' }, 'k-late-beat');
      expect(during.statusCode).toBe(409);
      expect(errorName(during)).toBe('RequestInProgress');
    } finally {
      await t.db
        .update(serverInstances)
        .set({ heartbeatAt: sql`now()` })
        .where(eq(serverInstances.id, t.app.instance.id));
    }
    expect((await first).statusCode).toBe(200);
    expect(runsOf(who)).toBe(1);
  });

  it('an answer kept with the change (keepAnswer) commits with it: the key is done at once, its bytes sent and replayed', async () => {
    const who = await login(t);
    const accountId = account();
    const first = await transfer(who, accountId, { amount: 100, mode: 'kept' }, 'k-kept');
    expect(first.statusCode).toBe(200);
    const [stored] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'k-kept'));
    expect([stored?.state, stored?.responseStatus, stored?.responseBody]).toEqual(['done', 200, first.body]);
    const retry = await transfer(who, accountId, { amount: 100, mode: 'kept' }, 'k-kept');
    expect(retry.body).toBe(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(runsOf(who)).toBe(1);
  });

  it('keepAnswer fences the change: a key taken over while its handler ran rolls that transaction back (409)', async () => {
    const who = await login(t);
    const accountId = account();
    const first = transfer(who, accountId, { amount: 100, mode: 'keptSlow' }, 'k-fenced');
    await new Promise((resolve) => setTimeout(resolve, 200));
    // As a retry on another instance would, once this one looked dead: the key now has another holder.
    await t.db.update(idempotencyKeys).set({ claimId: randomUUID() }).where(eq(idempotencyKeys.key, 'k-fenced'));
    const answered = await first;
    expect(answered.statusCode).toBe(409);
    expect(errorName(answered)).toBe('RequestInProgress');
    expect(await probe.transfersOf(t.db, who.customer.id)).toBe(0);
    const [key] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'k-fenced'));
    expect(key?.state).toBe('running');
  });

  it('a kept answer whose key was purged meanwhile (an instance whose clock ran past its 24 h) is stored anew', async () => {
    const who = await login(t);
    const accountId = account();
    const first = transfer(who, accountId, { amount: 100, mode: 'keptSlow' }, 'k-purged');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await t.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, 'k-purged'));
    const answered = await first;
    expect(answered.statusCode).toBe(200);
    expect(await probe.transfersOf(t.db, who.customer.id)).toBe(1);
    const [key] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'k-purged'));
    expect([key?.state, key?.responseBody]).toEqual(['done', answered.body]);
  });

  it('keys are kept 24 hours: after that the key is free again and expired keys are purged', async () => {
    const who = await login(t);
    const first = await transfer(who, account(), { amount: 100 }, 'k-day');
    expect(first.statusCode).toBe(200);
    const [stored] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.customerId, who.customer.id));
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(24 * 60 * 60 * 1000);
    expect((await transfer(who, account(), { amount: 100 }, 'k-day')).statusCode).toBe(422);
    // The day is over (the session would be too: the stored expiry is moved instead of the clock).
    await t.db
      .update(idempotencyKeys)
      .set({ expiresAt: t.clock.now() })
      .where(eq(idempotencyKeys.customerId, who.customer.id));
    const reused = await transfer(who, account(), { amount: 100 }, 'k-day');
    expect(reused.statusCode).toBe(200);
    expect(runsOf(who)).toBe(2);
    const dayLater = new Date(t.clock.now().getTime() + 24 * 60 * 60 * 1000);
    expect(await purgeExpiredKeys(t.db, dayLater)).toBeGreaterThanOrEqual(1);
    const left = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.customerId, who.customer.id));
    expect(left).toEqual([]);
  });
});

/** Real HTTP: `count` POSTs over at most `connections` keep-alive sockets, all at once. */
async function burst(
  who: LoggedIn,
  accountId: number,
  keys: readonly string[],
  connections: number,
): Promise<{ status: number; body: string }[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const payload = JSON.stringify({ amount: 2500 });
  try {
    return await Promise.all(
      keys.map(
        (key) =>
          new Promise<{ status: number; body: string }>((resolve, reject) => {
            const req = httpRequest(
              `${baseUrl}/api/test/accounts/${accountId}/transfers`,
              {
                method: 'POST',
                agent,
                headers: {
                  ...who.headers,
                  'idempotency-key': key,
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(payload),
                },
              },
              (res) => {
                let body = '';
                res.setEncoding('utf8');
                res.on('data', (chunk: string) => (body += chunk));
                res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
                res.on('error', reject);
              },
            );
            req.on('error', reject);
            req.end(payload);
          }),
      ),
    );
  } finally {
    agent.destroy();
  }
}

describe('idempotency under concurrency (real HTTP)', () => {
  it('1,000 requests with one key over 20 connections: the handler runs once and every answer is the first or 409', async () => {
    const who = await login(t);
    const accountId = account();
    const answers = await burst(
      who,
      accountId,
      Array.from({ length: 1000 }, () => 'one-key'),
      20,
    );
    expect(runsOf(who)).toBe(1);
    expect(await probe.transfersOf(t.db, who.customer.id)).toBe(1);
    const ok = answers.filter((answer) => answer.status === 200);
    const other = answers.filter((answer) => answer.status !== 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((answer) => answer.body)).size).toBe(1);
    expect(
      new Set(other.map((answer) => `${answer.status} ${errorName({ json: () => JSON.parse(answer.body) })}`)),
    ).toEqual(new Set(other.length > 0 ? ['409 RequestInProgress'] : []));
    // Once the first has answered, every retry is that answer, byte for byte.
    const later = await burst(
      who,
      accountId,
      Array.from({ length: 1000 }, () => 'one-key'),
      20,
    );
    expect(new Set(later.map((answer) => `${answer.status} ${answer.body}`))).toEqual(new Set([`200 ${ok[0]?.body}`]));
    expect(runsOf(who)).toBe(1);
    console.log(
      `idempotency burst: 2 × 1000 requests, 1 key, 20 connections → 1 run; first burst ${ok.length} × 200, ${other.length} × 409`,
    );
  }, 120_000);

  it('50 different keys at once for one customer and one resource: the handler’s own lock lets one through', async () => {
    const who = await login(t);
    const accountId = account();
    const answers = await burst(
      who,
      accountId,
      Array.from({ length: 50 }, (_, index) => `press-${index}`),
      20,
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 422)).toHaveLength(49);
    for (const answer of answers.filter((entry) => entry.status === 422))
      expect(errorName({ json: () => JSON.parse(answer.body) })).toBe('ActiveLoanExists');
    expect(await probe.transfersOf(t.db, who.customer.id)).toBe(1);
  }, 60_000);

  it('holds across server instances: two apps on one database, one key, 200 requests split between them → one run', async () => {
    const second = await createTestApp({ rateLimit: false, extraRoutes: [probe.routes], database: t.handle });
    try {
      const who = await login(t);
      const accountId = account();
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, index) =>
          (index % 2 === 0 ? t.app : second.app).inject({
            method: 'POST',
            url: `/api/test/accounts/${accountId}/transfers`,
            headers: { ...who.headers, 'idempotency-key': 'two-instances' },
            payload: { amount: 2500 },
          }),
        ),
      );
      expect(runsOf(who)).toBe(1);
      const ok = answers.filter((answer) => answer.statusCode === 200);
      expect(new Set(ok.map((answer) => answer.body)).size).toBe(1);
      expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 409)).toBe(true);
      expect(await probe.transfersOf(t.db, who.customer.id)).toBe(1);
    } finally {
      await second.close();
    }
  }, 60_000);
});
