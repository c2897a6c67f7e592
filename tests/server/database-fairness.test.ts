import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';

/**
 * The embedded PGlite serves database work in the order requests arrived (issue 22 item 6): a request is served
 * after the work of those that arrived before it, not interleaved statement by statement with every request that
 * arrives while it runs. Checked by order, not by time: while one transaction holds the database, a long request
 * (30 statements) arrives, then a stream of short ones (5 one-statement transactions each); once the database is
 * free, the long request is answered before almost all of the short ones that came after it. With PGlite's own
 * first-come-first-served mutex per statement, every short one was answered first. PostgreSQL has a pool: the
 * order is not the point there, so this runs on PGlite only.
 */

const SHORT_REQUESTS = 20;
const SHORT_STEPS = 5;
const LONG_STEPS = 30;

let t: TestApp;
/** The blocker's transaction ends when this is called. */
let releaseBlocker: () => void = () => undefined;
let blockerHolds: Promise<void> = Promise.resolve();
/** Handlers that have started, by name, in the order they started. */
const started: string[] = [];
const waitUntilStarted = async (names: readonly string[]) => {
  for (let tries = 0; tries < 1000 && !names.every((name) => started.includes(name)); tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 5));
  expect(started).toEqual(expect.arrayContaining([...names]));
};

async function probeRoutes(app: FastifyInstance) {
  /** Holds the database in a transaction until the test releases it. */
  app.post('/api/test/fairness/blocker', async () => {
    let markHeld: () => void = () => undefined;
    blockerHolds = new Promise((resolve) => (markHeld = resolve));
    const released = new Promise<void>((resolve) => (releaseBlocker = resolve));
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      started.push('blocker');
      markHeld();
      await released;
    });
    return { ok: true };
  });
  /** `steps` database round trips one after the other: standalone statements or one-statement transactions. */
  app.post<{ Querystring: { name: string; steps: string; kind: string } }>(
    '/api/test/fairness/steps',
    async (request) => {
      const { name, kind } = request.query;
      started.push(name);
      for (let step = 0; step < Number(request.query.steps); step += 1) {
        if (kind === 'transaction') await app.db.transaction((tx) => tx.execute(sql`select ${step}`));
        else await app.db.execute(sql`select ${step}`);
      }
      return { ok: true };
    },
  );
}

describe.skipIf(Boolean(inject('databaseUrl')))('PGlite serves requests in arrival order', () => {
  beforeAll(async () => {
    t = await createTestApp({ rateLimit: false, extraRoutes: [probeRoutes] });
  });
  afterAll(async () => t?.close());

  it('a request that arrives is answered after the work that arrived before it, not after the stream behind it', async () => {
    const answered: string[] = [];
    const call = (url: string, name: string) =>
      t.app.inject({ method: 'POST', url }).then((response) => {
        expect(response.statusCode).toBe(200);
        answered.push(name);
      });

    const blocker = call('/api/test/fairness/blocker', 'blocker');
    await waitUntilStarted(['blocker']);
    await blockerHolds;
    // The long request arrives while the database is held: its first statement waits behind the blocker.
    const long = call(`/api/test/fairness/steps?name=long&steps=${LONG_STEPS}&kind=query`, 'long');
    await waitUntilStarted(['long']);
    // Then the stream of short transactions, each arriving after the long request.
    const shortNames = Array.from({ length: SHORT_REQUESTS }, (_, index) => `short-${index}`);
    const shorts = shortNames.map((name) =>
      call(`/api/test/fairness/steps?name=${name}&steps=${SHORT_STEPS}&kind=transaction`, name),
    );
    await waitUntilStarted(shortNames);
    releaseBlocker();
    await Promise.all([blocker, long, ...shorts]);

    expect(answered[0]).toBe('blocker');
    // Between two statements of the long request, the free database may serve one waiting statement of a later
    // request (work-conserving): at most LONG_STEPS statements, i.e. LONG_STEPS / SHORT_STEPS short requests.
    const overtaken = answered.indexOf('long') - 1;
    expect(overtaken).toBeLessThanOrEqual(LONG_STEPS / SHORT_STEPS);
    // The short ones among themselves: each arrived after the one before it, and is answered after it.
    expect(answered.filter((name) => name.startsWith('short-'))).toEqual(shortNames);
  });
});
