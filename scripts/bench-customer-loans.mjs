// CustomerAllLoansGet for a customer with many loans, for `npm run bench` (scripts/bench.mjs): the
// dashboard, the credit history and the side menu all read this call, so its cost for a long-standing customer is
// measured apart — 20 loans of 24 instalments each (480 instalments; 19 loans repaid with a payment and its
// allocation per instalment, one running), the Loan view with payments[], earlyClosureAmount and overdueDay.
//
// How: the real app (build/node, buildApp, sandbox on, rate limits scaled away, no jobs) runs in a child process
// (this file with --serve) on a fresh PGlite data directory or, with DATABASE_URL, on that PostgreSQL database
// (its fixture customer deleted at the end); the child inserts the fixture and a session, listens, and prints one
// ready line. The parent runs autocannon (`connections` connections, `seconds` s after a 1 s warm-up) and checks
// that every answer was 200 and that one answer holds 20 loans × 24 instalments (else the run is invalid). No aim
// yet: PGlite answers one query at a time, so the figure is the engine's; the line is there to see it move.
//
//   node scripts/bench-customer-loans.mjs [--connections 10] [--seconds 5]   (standalone: prints the figures)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfStale, root } from './build-if-stale.mjs';

const READY = 'BENCH-CUSTOMER-LOANS-READY ';
const LOANS = 20;
const INSTALLMENTS = 24;
const build = (path) => pathToFileURL(join(root, 'build', 'node', path)).href;

/** Child: the app on its database, the fixture inserted, listening; one JSON line on stdout. */
async function serve() {
  const [{ loadConfig }, { connectDatabase }, { migrateDatabase }, { loadSecrets }, { buildApp }] = await Promise.all([
    import(build('server/config.js')),
    import(build('server/db/connect.js')),
    import(build('server/db/migrate.js')),
    import(build('server/secrets.js')),
    import(build('server/app.js')),
  ]);
  const [{ issueSession }, schema, { eq }] = await Promise.all([
    import(build('server/auth/sessions.js')),
    import(build('server/db/schema/index.js')),
    import('drizzle-orm'),
  ]);
  const config = loadConfig();
  const database = config.databaseUrl
    ? await connectDatabase({ databaseUrl: config.databaseUrl, poolSize: 8 })
    : await connectDatabase({ dataDir: config.dataDir });
  await migrateDatabase(database);
  const { db } = database;
  const secrets = await loadSecrets(db, config);
  const clock = { now: () => new Date() };

  const phone = `8${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  const [customer] = await db
    .insert(schema.customers)
    .values({
      status: 'securityChecked',
      firstName: 'Bench',
      lastName: 'Cliente Veterano',
      email: `bench.${phone}@example.com`,
      nationalId: '12345678Z',
      birthDate: '1980-01-01',
      phone,
      employmentStatus: 'fullTimeEmployed',
      companyName: 'Bench SA',
      monthlyIncomeCents: 300_000,
      referenceCode: `B${phone}`,
      creditLimitCents: 450_000,
      isRtb: true,
    })
    .returning({ id: schema.customers.id });
  const today = new Date();
  const iso = (date) => date.toISOString().slice(0, 10);
  const monthsFrom = (start, months) => {
    const date = new Date(start);
    date.setUTCMonth(date.getUTCMonth() + months);
    return date;
  };
  for (let k = 0; k < LOANS; k += 1) {
    const running = k === LOANS - 1;
    // Each loan starts 2 years after the previous one ended… compressed: loan k issued (LOANS − k) × 25 months ago.
    const issued = monthsFrom(today, running ? -3 : -(LOANS - k) * 25);
    const [loan] = await db
      .insert(schema.loans)
      .values({
        customerId: customer.id,
        status: running ? 'issued' : 'repaid',
        amountCents: 250_000,
        installmentCount: INSTALLMENTS,
        issueDate: iso(issued),
        firstRepaymentDate: iso(monthsFrom(issued, 1)),
        issuedAt: issued,
        createdAt: issued,
      })
      .returning({ id: schema.loans.id });
    const paidCount = running ? 2 : INSTALLMENTS;
    const rows = await db
      .insert(schema.installments)
      .values(
        Array.from({ length: INSTALLMENTS }, (_, index) => ({
          loanId: loan.id,
          number: index + 1,
          expectedDate: iso(monthsFrom(issued, index + 1)),
          baseCents: 10_417,
          interestCents: 5_000,
          totalCents: 15_417,
          paidCents: index < paidCount ? 15_417 : 0,
          status: index < paidCount ? 'paid' : 'notPaid',
          paidAt: index < paidCount ? monthsFrom(issued, index + 1) : null,
        })),
      )
      .returning({ id: schema.installments.id, number: schema.installments.number });
    for (const row of rows.filter((row) => row.number <= paidCount)) {
      const at = monthsFrom(issued, row.number);
      const [payment] = await db
        .insert(schema.payments)
        .values({
          customerId: customer.id,
          loanId: loan.id,
          installmentId: row.id,
          paymentOption: 'firstNotPaidInstallment',
          source: 'debit-card',
          amountCents: 15_417,
          status: 'success',
          createdAt: at,
          updatedAt: at,
          settledAt: at,
        })
        .returning({ id: schema.payments.id });
      await db
        .insert(schema.paymentAllocations)
        .values({ paymentId: payment.id, installmentId: row.id, amountCents: 15_417, createdAt: at });
    }
  }
  const session = await issueSession({ db, clock, jwtKey: secrets.jwtKey }, { id: customer.id, role: 'user' });
  const app = await buildApp({ config, db, secrets, clock, logger: false, rateLimit: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(
    `${READY}${JSON.stringify({ port: app.server.address().port, token: session.token, id: customer.id })}\n`,
  );
  const stop = async () => {
    await app.close();
    if (config.databaseUrl) await db.delete(schema.customers).where(eq(schema.customers.id, customer.id));
    await database.close?.();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

/**
 * Parent: `{ engine, rps, p50, p99, requests, non2xx, errors, loans, installments, valid, met }` (ms), or `{ error }`.
 * `databaseUrl` empty → PGlite in a temporary directory.
 */
export async function benchCustomerLoans({ connections = 10, seconds = 5, databaseUrl = '', log = () => {} } = {}) {
  const { default: autocannon } = await import('autocannon');
  const dataDir = mkdtempSync(join(tmpdir(), 'prestamo-bench-loans-'));
  const engine = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: join(dataDir, 'data'),
      DATABASE_URL: databaseUrl,
      SANDBOX: 'true',
      LOG_LEVEL: 'warn',
      PUSH_REMINDERS: 'false',
      PAYOUT_JOB: 'false',
      COLLECTION_JOB: 'false',
      RATE_LIMIT_SCALE: '1000000000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    log(`CustomerAllLoansGet (${engine}): preparing a customer with ${LOANS} loans × ${INSTALLMENTS} instalments…`);
    const ready = await new Promise((resolve, reject) => {
      const lines = createInterface({ input: child.stdout });
      lines.on('line', (line) => {
        if (line.startsWith(READY)) resolve(JSON.parse(line.slice(READY.length)));
      });
      child.once('exit', (code) => reject(new Error(`the customer-loans server exited (${code}) before listening`)));
    });
    const base = `http://127.0.0.1:${ready.port}`;
    const headers = { authorization: `Bearer ${ready.token}`, 'x-member-id': String(ready.id) };
    const probe = await fetch(`${base}/api/loan/customerAllLoans`, { headers });
    const body = await probe.json();
    const loans = body.data?.length ?? 0;
    const installments = (body.data ?? []).reduce((sum, loan) => sum + loan.installments.length, 0);
    const run = (duration) =>
      autocannon({ url: `${base}/api/loan/customerAllLoans`, connections, duration, headers, timeout: 10 });
    await run(1);
    log(`CustomerAllLoansGet (${engine}): ${connections} connections, ${seconds} s…`);
    const result = await run(seconds);
    const valid =
      probe.status === 200 &&
      loans === LOANS &&
      installments === LOANS * INSTALLMENTS &&
      result.non2xx === 0 &&
      result.errors === 0 &&
      result.timeouts === 0;
    return {
      engine,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      bytes: Buffer.byteLength(JSON.stringify(body)),
      loans,
      installments,
      connections,
      valid,
    };
  } catch (error) {
    if (process.env.BENCH_DEBUG) console.error(error);
    return { engine, error: error instanceof Error ? error.message : String(error), valid: false };
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const customerLoansLine = (r) =>
  r.error
    ? `CustomerAllLoansGet, ${LOANS} loans × ${INSTALLMENTS} instalments (${r.engine}): ERROR ${r.error}`
    : `CustomerAllLoansGet, ${r.loans} loans × ${INSTALLMENTS} instalments, ${Math.round(r.bytes / 1024)} kB (${r.engine}; ${r.connections} connections, ${r.requests} requests): ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${r.valid ? '' : ' — INVALID (a non-200 answer or a wrong loan count)'}`;

const invokedDirectly = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (invokedDirectly && process.argv[2] === '--serve') {
  await serve();
} else if (invokedDirectly) {
  const option = (name, fallback) => {
    const index = process.argv.indexOf(name);
    return index === -1 ? fallback : Number(process.argv[index + 1]);
  };
  const code = await buildIfStale({ log: console.error, stdio: ['ignore', 2, 2], client: false });
  if (code !== 0) process.exit(code);
  const settings = { connections: option('--connections', 10), seconds: option('--seconds', 5), log: console.error };
  console.log(customerLoansLine(await benchCustomerLoans(settings)));
  if (process.env.DATABASE_URL) {
    console.log(customerLoansLine(await benchCustomerLoans({ ...settings, databaseUrl: process.env.DATABASE_URL })));
  }
}
