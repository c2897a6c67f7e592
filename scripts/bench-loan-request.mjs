// RequestLoanPost under load, for `npm run bench` (scripts/bench.mjs). The call cannot be measured by repeating one
// request: each request needs its own Idempotency-Key (the same key only replays the first answer) and a customer
// without an open loan (a second loan is refused with ActiveLoanExists). So every measured request is a NEW loan
// of a DIFFERENT customer with a fresh key, the whole way: auth, idempotency claim, the customer's lock, every §5
// check, the loan with its 12 instalments and history row, the stored answer.
//
// How: the real app (build/node, the same buildApp as main.js, sandbox on, rate limits scaled away) runs in a child
// process (this file with --serve) on a fresh PGlite data directory; before listening, that process prepares
// `count` borrowers directly in its database (systemApproved, 3.000 € limit, an active account, a valid card, a
// session each), because a PGlite directory can be opened by one process only and the bank-linking calls that
// would make them through HTTP are another module's. The parent then runs autocannon with `connections`
// connections, each request taking the next unused borrower and a random key, `warmup` requests first (not
// counted), then `count` measured ones. Every answer must be 200 `success`; anything else makes the run invalid.
//
//   node scripts/bench-loan-request.mjs [--connections 10] [--count 2000]   (standalone: prints the figures)
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfStale, root } from './build-if-stale.mjs';

/** The child's ready line on stdout: this marker, then the JSON. */
const READY = 'BENCH-LOAN-REQUEST-READY ';
const build = (path) => pathToFileURL(join(root, 'build', 'node', path)).href;

/** Child: the app on a fresh PGlite, `total` borrowers prepared, listening; one JSON line on stdout. */
async function serve(total) {
  const [{ loadConfig }, { connectDatabase }, { migrateDatabase }, { loadSecrets }, { buildApp }] = await Promise.all([
    import(build('server/config.js')),
    import(build('server/db/connect.js')),
    import(build('server/db/migrate.js')),
    import(build('server/secrets.js')),
    import(build('server/app.js')),
  ]);
  const [{ issueSession }, schema, { expectedPaymentDates }, { firstRepaymentWindow }, { holidaysAround }, dates] =
    await Promise.all([
      import(build('server/auth/sessions.js')),
      import(build('server/db/schema/index.js')),
      import(build('server/modules/loan/request.js')),
      import(build('shared/loan/repayment-window.js')),
      import(build('server/modules/misc/index.js')),
      import(build('shared/dates.js')),
    ]);
  const config = loadConfig();
  const database = await connectDatabase({ dataDir: config.dataDir });
  await migrateDatabase(database);
  const { db } = database;
  const secrets = await loadSecrets(db, config);
  const clock = { now: () => new Date() };

  const customers = await db
    .insert(schema.customers)
    .values(
      Array.from({ length: total }, (_, index) => ({
        status: 'systemApproved',
        firstName: 'Bench',
        lastName: `Prestatario ${index}`,
        email: `bench.${index}@example.com`,
        nationalId: '12345678Z',
        birthDate: '1990-01-01',
        phone: `8${String(index).padStart(8, '0')}`,
        employmentStatus: 'fullTimeEmployed',
        monthlyIncomeCents: 300_000,
        referenceCode: `BENCH${index}`,
        creditLimitCents: 300_000,
      })),
    )
    .returning({ id: schema.customers.id });
  const accounts = await db
    .insert(schema.bankAccounts)
    .values(
      customers.map(({ id }) => ({
        customerId: id,
        iban: `ES9121000418450200051332`,
        bankValue: 'CaixaBank',
        bankCode: '2100',
        holderName: 'Bench',
        source: 'manual',
        status: 'active',
      })),
    )
    .returning({ id: schema.bankAccounts.id, customerId: schema.bankAccounts.customerId });
  const cards = await db
    .insert(schema.cards)
    .values(
      customers.map(({ id }) => ({
        customerId: id,
        maskedCardNumber: '411111******1111',
        brand: 'visa',
        expiryMonth: 12,
        expiryYear: 2030,
        cardStatus: 'Valid',
        isActive: true,
      })),
    )
    .returning({ id: schema.cards.id, customerId: schema.cards.customerId });
  const accountOf = new Map(accounts.map((row) => [row.customerId, row.id]));
  const cardOf = new Map(cards.map((row) => [row.customerId, row.id]));
  const borrowers = [];
  for (const { id } of customers) {
    const session = await issueSession({ db, clock, jwtKey: secrets.jwtKey }, { id, role: 'user' });
    borrowers.push({ id, token: session.token, accountId: accountOf.get(id), cardId: cardOf.get(id) });
  }
  const today = dates.todayInMadrid(new Date());
  const firstRepaymentDate = firstRepaymentWindow(today, await holidaysAround(today)).defaultDate;

  const app = await buildApp({ config, db, secrets });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address();
  process.stdout.write(
    `${READY}${JSON.stringify({ port, borrowers, firstRepaymentDate, paymentDates: expectedPaymentDates(firstRepaymentDate, 12) })}\n`,
  );
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

/**
 * Parent: starts the child, runs the load, stops the child. Returns { rps, p50, p99, requests, non2xx, errors,
 * statusCodes, valid } (latencies in ms) or { error }.
 */
export async function benchLoanRequests({ connections = 10, count = 2000, warmup = 100, log = () => {} } = {}) {
  const { default: autocannon } = await import('autocannon');
  const dataDir = mkdtempSync(join(tmpdir(), 'prestamo-bench-loan-'));
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve', String(count + warmup)], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: join(dataDir, 'data'),
      DATABASE_URL: '',
      SANDBOX: 'true',
      LOG_LEVEL: 'warn',
      PUSH_REMINDERS: 'false',
      RATE_LIMIT_SCALE: '1000000000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    log(`RequestLoanPost: preparing ${count + warmup} borrowers in a fresh PGlite…`);
    const ready = await new Promise((resolve, reject) => {
      const lines = createInterface({ input: child.stdout });
      // The app logs to stdout too: the ready line is the one with the marker.
      lines.on('line', (line) => {
        if (line.startsWith(READY)) resolve(JSON.parse(line.slice(READY.length)));
      });
      child.once('exit', (code) => reject(new Error(`the loan-request server exited (${code}) before listening`)));
    });
    const base = `http://127.0.0.1:${ready.port}`;
    let next = 0;
    const request = () => {
      const borrower = ready.borrowers[next];
      next += 1;
      if (!borrower) throw new Error('more requests than borrowers');
      return {
        method: 'POST',
        path: `/api/loan/requestLoan?accountId=${borrower.accountId}`,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${borrower.token}`,
          'x-member-id': String(borrower.id),
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({
          product: 2500,
          installment: 12,
          firstRepaymentDate: ready.firstRepaymentDate,
          accountId: borrower.accountId,
          cardId: borrower.cardId,
          acceptCommunications: true,
          paymentDates: ready.paymentDates,
        }),
      };
    };
    const run = (amount) =>
      autocannon({
        url: base,
        connections,
        amount,
        timeout: 10,
        requests: [{ setupRequest: (req) => ({ ...req, ...request() }) }],
      });
    if (warmup > 0) await run(warmup);
    log(`RequestLoanPost: ${count} new loans of ${count} customers, ${connections} connections…`);
    const result = await run(count);
    const statusCodes = Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]),
    );
    return {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      statusCodes,
      connections,
      valid: result.non2xx === 0 && result.errors === 0 && result.timeouts === 0 && result.requests.total === count,
    };
  } catch (error) {
    if (process.env.BENCH_DEBUG) console.error(error);
    return { error: error instanceof Error ? error.message : String(error) };
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

const invokedDirectly = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (invokedDirectly && process.argv[2] === '--serve') {
  await serve(Number(process.argv[3]));
} else if (invokedDirectly) {
  const option = (name, fallback) => {
    const index = process.argv.indexOf(name);
    return index === -1 ? fallback : Number(process.argv[index + 1]);
  };
  const code = await buildIfStale({ log: console.error, stdio: ['ignore', 2, 2], client: false });
  if (code !== 0) process.exit(code);
  const figures = await benchLoanRequests({
    connections: option('--connections', 10),
    count: option('--count', 2000),
    log: console.error,
  });
  console.log(JSON.stringify(figures, null, 2));
}
