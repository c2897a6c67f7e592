// Is the embedded PGlite fair under a stream of payments? The real app (buildApp, sandbox
// providers, no rate limits, jobs off) listens in this process on a fresh, migrated PGlite data directory; the
// customers are made with the server tests' helpers. Over HTTP, from a worker thread (pglite-fairness-load.mjs),
// `payers` customers, each with a running loan and a valid card, pay their next instalment in a loop (PayLoanPost,
// one new Idempotency-Key per press) while one loan request (RequestLoanPost) and one card creation
// (CardCreateAndValidatePost, the frictionless sandbox card) of a new customer start every `every` ms for
// `seconds`; each is timed until its answer, or counted as unanswered after `timeout` ms (and awaited after). The
// same calls are timed alone first, on the idle app. Prints p50/p95 (ms), alone and under load, and the payments.
//
//   npx tsx scripts/pglite-fairness.ts [--payers 40] [--seconds 15] [--every 500] [--timeout 15000]
//
// Runs on 2 cores shared with others: the figures are noisy; compare runs made in the same conditions.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { createFakeClock } from '../src/server/clock.ts';
import { loadConfig } from '../src/server/config.ts';
import { connectDatabase } from '../src/server/db/connect.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import { loadSecrets } from '../src/server/secrets.ts';
import { cardCustomer, cardForm, SANDBOX_TEST_CARDS } from '../tests/server/helpers/cards.ts';
import { login } from '../tests/server/helpers/customers.ts';
import { borrower, NOW, requestBody } from '../tests/server/helpers/loan-request.ts';
import { storeCard } from '../tests/server/helpers/payments.ts';
import { createRunningLoan, INSTALLMENT_CENTS } from '../tests/server/helpers/running-loans.ts';

const option = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const PAYERS = option('payers', 40);
const SECONDS = option('seconds', 15);
const EVERY_MS = option('every', 500);
const TIMEOUT_MS = option('timeout', 15_000);
/** Instalments per payer's loan: more than a payer can pay in the run. */
const INSTALMENTS = 240;

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
};
const figures = (values: number[], unanswered = 0) => ({
  n: values.length,
  p50: percentile(values, 50),
  p95: percentile(values, 95),
  unanswered,
});

interface LoadResult {
  latencies: { loan: number[]; card: number[]; loanUnanswered: number; cardUnanswered: number };
  payments: { ok: number; other: number };
  seconds: number;
}

const dataDir = mkdtempSync(join(tmpdir(), 'prestamo-fairness-'));
const handle = await connectDatabase({ dataDir: join(dataDir, 'data') });
try {
  await migrateDatabase(handle);
  const config = loadConfig({
    SANDBOX: 'true',
    DATA_DIR: join(dataDir, 'data'),
    DIST_DIR: join(dataDir, 'no-client-build'),
    LOG_LEVEL: 'silent',
    PORT: '0',
    PUSH_REMINDERS: 'false',
    PAYOUT_JOB: 'false',
    COLLECTION_JOB: 'false',
  });
  const clock = createFakeClock(NOW);
  const secrets = await loadSecrets(handle.db, config);
  const app: FastifyInstance = await buildApp({
    config,
    db: handle.db,
    secrets,
    clock,
    logger: false,
    rateLimit: false,
  });

  const t = { app, db: handle.db, clock, secrets };

  /** One loan request of a new customer (a borrower with an account and a valid card), as HTTP parts. */
  const prepareLoanRequest = async () => {
    const who = await borrower(t);
    return { path: `/api/loan/requestLoan?accountId=${who.accountId}`, headers: who.headers, body: requestBody(who) };
  };
  /** One card creation of a new customer (the frictionless sandbox card). */
  const prepareCardCreation = async () => {
    const who = await cardCustomer(t);
    return {
      path: '/api/card/createAndValidate',
      headers: who.headers,
      body: cardForm(SANDBOX_TEST_CARDS.frictionless),
    };
  };
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const timedPost = async ({
    path,
    headers,
    body,
  }: {
    path: string;
    headers: Record<string, string>;
    body: unknown;
  }) => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text}`);
    return performance.now() - started;
  };

  // Alone: one after the other on the idle app (the first of each warms the code paths up and is not counted).
  const alone = { loan: [] as number[], card: [] as number[] };
  for (let index = 0; index < 11; index += 1) {
    const loan = await timedPost(await prepareLoanRequest());
    const card = await timedPost(await prepareCardCreation());
    if (index === 0) continue;
    alone.loan.push(loan);
    alone.card.push(card);
  }

  // The payers: a running loan of many instalments (the first one due yesterday) and a valid card each.
  const payers: Array<{ headers: Record<string, string>; loanId: number; cardId: number; instalments: number[] }> = [];
  for (let index = 0; index < PAYERS; index += 1) {
    const who = await login(t, { status: 'securityChecked' });
    const loan = await createRunningLoan(t, who.customer.id, { nextDue: '2026-11-23', count: INSTALMENTS });
    const cardId = await storeCard(t, who.customer.id);
    payers.push({ headers: who.headers, loanId: loan.loanId, cardId, instalments: loan.installmentIds });
  }
  const measuredCount = Math.floor((SECONDS * 1000) / EVERY_MS);
  const loanRequests = await Promise.all(Array.from({ length: measuredCount }, prepareLoanRequest));
  const cardCreations = await Promise.all(Array.from({ length: measuredCount }, prepareCardCreation));

  // Under load: the clients in a worker thread, the server here.
  // Database work served during the load (null without the arrival queue: PostgreSQL, or the code before it).
  const servedNow = () => (handle as { queue?: { served: number } }).queue?.served ?? null;
  const servedBefore = servedNow();
  const worker = new Worker(new URL('./pglite-fairness-load.mjs', import.meta.url), {
    workerData: {
      baseUrl,
      payers,
      loanRequests,
      cardCreations,
      everyMs: EVERY_MS,
      timeoutMs: TIMEOUT_MS,
      installmentAmount: INSTALLMENT_CENTS / 100,
    },
  });
  const load = await new Promise<LoadResult>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  const servedAfter = servedNow();
  const served = servedAfter === null || servedBefore === null ? null : servedAfter - servedBefore;

  process.stdout.write(
    JSON.stringify(
      {
        engine: 'pglite',
        payers: PAYERS,
        payments: { ...load.payments, seconds: Math.round(load.seconds * 10) / 10 },
        databaseWorkServed: served,
        alone: { loanRequest: figures(alone.loan), cardCreation: figures(alone.card) },
        underLoad: {
          loanRequest: figures(load.latencies.loan, load.latencies.loanUnanswered),
          cardCreation: figures(load.latencies.card, load.latencies.cardUnanswered),
        },
      },
      null,
      2,
    ) + '\n',
  );
  await app.close();
} finally {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}
