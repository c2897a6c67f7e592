// The staff's loan search over 1.000.000 instalments on PostgreSQL, for `npm run bench` (scripts/bench.mjs; issue 27
// «Tests and figures», docs/backoffice.md §8 P4): aim p99 ≤ 200 ms for LoanSearchGet (`searchLoans`).
//
// How: the real app (build/node, buildApp, sandbox on, rate limits scaled away, no jobs) runs in a child process (this
// file with --serve) on the PostgreSQL database of DATABASE_URL; the child inserts, in a few statements
// (generate_series), 50.000 customers, 100.000 loans (90 % instalment loans of 11 monthly instalments, 10 %
// minipréstamos of one; issued over the last two years, 5 % cancelled and 5 % requested) and their 1.000.000
// instalments: a healthy loan has paid every instalment already due, one loan in nine stopped paying between 0 and 200
// days ago; a loan with nothing left to pay is `repaid` (its first unpaid date is the database's, migration 0033's
// triggers, as in service). Then an agent with a session, listen, one ready line. The
// parent checks each query of the mix (status, product, customer, issue dates, days-late bands, most days late first,
// a deep page) answers 200 with loans that match it, and runs autocannon (`connections` connections, `seconds` s
// after a 1 s warm-up) over the mix cycled in order. The fixture is deleted at the end. Without DATABASE_URL it is
// not measured (the aim is PostgreSQL's).
//
//   DATABASE_URL=postgres://… node scripts/bench-loan-search.mjs [--connections 10] [--seconds 5]
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';

const READY = 'BENCH-LOAN-SEARCH-READY ';
const CUSTOMERS = 50_000;
const LOANS = 100_000;
/** Instalments of an instalment loan: 90.000 × 11 + 10.000 minipréstamos × 1 = 1.000.000. */
const TERM = 11;
/** The aim (ms) for the p99. */
export const LOAN_SEARCH_P99_AIM_MS = 200;
const build = (path) => pathToFileURL(join(root, 'build', 'node', path)).href;
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** The fixture's phones: 9 digits from 912000000 (a range no demo, test or other bench customer uses). */
const PHONE_BASE = 912_000_000;
const REFERENCE_PREFIX = 'BLOANS';

/**
 * Deletes the fixture: its instalments in one statement first (one run of the first-unpaid trigger over all its
 * loans), then the customers with their loans. Deleting the customers alone would cascade to the instalments one
 * loan at a time, each a statement of its own for the trigger: minutes of a busy database, eating the next run.
 */
async function removeFixture(db, sql) {
  const fixture = sql`select l.id from loans l join customers c on c.id = l.customer_id
    where c.reference_code like ${`${REFERENCE_PREFIX}%`}`;
  await db.execute(sql`delete from installments where loan_id in (${fixture})`);
  await db.execute(sql`delete from customers where reference_code like ${`${REFERENCE_PREFIX}%`}`);
}

/** Child: the app on PostgreSQL, the fixture inserted, listening; one JSON line on stdout. */
async function serve() {
  const [{ loadConfig }, { connectDatabase }, { migrateDatabase }, { loadSecrets }, { buildApp }] = await Promise.all([
    import(build('server/config.js')),
    import(build('server/db/connect.js')),
    import(build('server/db/migrate.js')),
    import(build('server/secrets.js')),
    import(build('server/app.js')),
  ]);
  const [{ issueStaffSession }, { insertStaffUser }, { hashPassword }, { todayInMadrid }, { sql }] = await Promise.all([
    import(build('server/auth/staff-sessions.js')),
    import(build('server/modules/staff/index.js')),
    import(build('server/auth/password.js')),
    import(build('shared/madrid-today.js')),
    import('drizzle-orm'),
  ]);
  const config = loadConfig();
  const database = await connectDatabase({ databaseUrl: config.databaseUrl, poolSize: 8 });
  await migrateDatabase(database);
  const { db } = database;
  const secrets = await loadSecrets(db, config);
  const clock = { now: () => new Date() };
  const today = todayInMadrid(clock.now());
  const started = Date.now();
  await removeFixture(db, sql);
  await db.execute(
    sql.raw(`
    insert into customers (status, first_name, last_name, email, national_id, birth_date, phone, employment_status,
                           monthly_income_cents, reference_code)
    select 'securityChecked', 'Cliente', 'Cartera ' || i, 'bench.loans.' || i || '@example.com',
           lpad((30000000 + i)::text, 8, '0') || substr('${DNI_LETTERS}', (30000000 + i) % 23 + 1, 1),
           date '1975-01-01' + (i % 12000), (${PHONE_BASE} + i)::text, 'fullTimeEmployed', 180000,
           '${REFERENCE_PREFIX}' || i
    from generate_series(1, ${CUSTOMERS}) as i`),
  );
  const [{ first }] = (
    await db.execute(
      sql`select min(id)::int as first from customers where reference_code like ${`${REFERENCE_PREFIX}%`}`,
    )
  ).rows;
  const [{ installment, mini }] = (
    await db.execute(sql`select
      (select id from loan_definitions where product = 'installment' order by version limit 1)::int as installment,
      (select id from loan_definitions where product = 'mini' order by version limit 1)::int as mini`)
  ).rows;
  // Loan i (1-based): customer (i − 1) mod 50.000; one in ten a minipréstamo; issued (i mod 720) days ago.
  await db.execute(
    sql.raw(`
    insert into loans (customer_id, status, loan_definition_id, interest_free, amount_cents, installment_count,
                       issue_date, first_repayment_date, issued_at)
    select ${first} + (i - 1) % ${CUSTOMERS},
           case when i % 20 = 1 then 'cancelled' when i % 20 = 2 then 'requested' else 'issued' end,
           case when i % 10 = 0 then ${mini} else ${installment} end,
           false,
           case when i % 10 = 0 then 10000 + (i % 21) * 1000 else 50000 + (i % 46) * 10000 end,
           case when i % 10 = 0 then 1 else ${TERM} end,
           date '${today}' - (i % 720),
           date '${today}' - (i % 720) + case when i % 10 = 0 then 20 else 30 end,
           case when i % 20 in (1, 2) then null else now() end
    from generate_series(1, ${LOANS}) as i
    order by i`),
  );
  const [{ firstLoan }] = (
    await db.execute(sql`select min(id)::int as "firstLoan" from loans where customer_id >= ${first}`)
  ).rows;
  // Instalment n of loan i: monthly from its first date; paid when due before today, except that one loan in nine
  // (i mod 9 = 0) stopped paying (i × 7 mod 200) days ago; a loan not paid out has paid nothing.
  await db.execute(
    sql.raw(`
    insert into installments (loan_id, number, expected_date, base_cents, interest_cents, total_cents, paid_cents,
                              status, paid_at)
    select l.id, n, d.expected, l.amount_cents / l.installment_count, l.amount_cents / l.installment_count / 16,
           l.amount_cents / l.installment_count + l.amount_cents / l.installment_count / 16,
           case when p.paid then l.amount_cents / l.installment_count + l.amount_cents / l.installment_count / 16 else 0 end,
           case when p.paid then 'paid' else 'notPaid' end,
           case when p.paid then d.expected::timestamptz else null end
    from loans l
    cross join lateral generate_series(1, l.installment_count) as n
    cross join lateral (select (l.first_repayment_date + make_interval(months => n - 1))::date as expected) d
    cross join lateral (select l.id - ${firstLoan} + 1 as i) k
    cross join lateral (select l.status = 'issued' and d.expected < date '${today}'
                          - case when k.i % 9 = 0 then (k.i * 7) % 200 else 0 end as paid) p
    where l.id >= ${firstLoan}`),
  );
  await db.execute(sql`update loans set status = 'repaid' where id >= ${firstLoan} and status = 'issued'
    and not exists (select 1 from installments i where i.loan_id = loans.id and i.status = 'notPaid')`);
  // As autovacuum leaves a table in service: statistics, and the visibility map for the index-only reads.
  for (const table of ['customers', 'loans', 'installments']) await db.execute(sql.raw(`vacuum analyze ${table}`));
  const [{ count }] = (
    await db.execute(
      sql`select count(*)::int as count from installments i join loans l on l.id = i.loan_id where l.id >= ${firstLoan}`,
    )
  ).rows;
  const agent = await insertStaffUser(db, {
    email: `bench.loans.${Date.now()}@bench.prestamo.local`,
    fullName: 'Agente Bench',
    role: 'cam',
    collectionCompanyId: null,
    passwordHash: await hashPassword('Bench-password-1'),
    mustChangePassword: false,
    totpSecretEnc: null,
    totpConfirmedAt: null,
  });
  const session = await issueStaffSession({ db, clock }, { id: agent.id, role: 'cam' });
  const app = await buildApp({ config, db, secrets, clock, logger: false, rateLimit: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const ready = {
    port: app.server.address().port,
    token: session.token,
    staffId: agent.id,
    first,
    today,
    installments: count,
    fixtureMs: Date.now() - started,
  };
  process.stdout.write(`${READY}${JSON.stringify(ready)}\n`);
  const stop = async () => {
    await app.close();
    await removeFixture(db, sql);
    await database.close?.();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

const addDays = (iso, days) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The mix, each with what every loan it answers must satisfy. */
function queriesOf(ready) {
  const inBand = (min, max) => (item) => item.overdueDays >= min && item.overdueDays <= max;
  const from = addDays(ready.today, -400);
  const to = addDays(ready.today, -370);
  const customerId = ready.first + 4_321;
  return [
    { query: 'status=issued', check: (item) => item.status === 'issued' },
    { query: 'overdueDaysMin=1', check: inBand(1, Infinity) },
    { query: 'overdueDaysMin=1&overdueDaysMax=30', check: inBand(1, 30) },
    { query: 'overdueDaysMin=31&overdueDaysMax=60', check: inBand(31, 60) },
    { query: 'overdueDaysMin=61&overdueDaysMax=90', check: inBand(61, 90) },
    { query: 'overdueDaysMin=91&sort=mostOverdue', check: inBand(91, Infinity) },
    { query: 'sort=mostOverdue', check: inBand(1, Infinity) },
    { query: `dateFrom=${from}&dateTo=${to}`, check: (item) => item.issueDate >= from && item.issueDate <= to },
    { query: 'product=mini&status=issued', check: (item) => item.product === 'mini' && item.status === 'issued' },
    { query: `customerId=${customerId}`, check: (item) => item.customerId === customerId },
    { query: 'status=issued&page=40', check: (item) => item.status === 'issued' },
    { query: 'status=issued&overdueDaysMax=0&pageSize=100', check: (item) => item.overdueDays === 0 },
    { query: 'status=repaid&product=installment', check: (item) => item.status === 'repaid' && item.outstanding === 0 },
  ];
}

/** Parent: `{ search: {…}, installments, queries, valid, met }` or `{ error }`. */
export async function benchLoanSearch({ connections = 10, seconds = 5, databaseUrl = '', log = () => {} } = {}) {
  if (!databaseUrl) return { error: 'not measured: needs PostgreSQL (DATABASE_URL)', valid: false, met: null };
  const { default: autocannon } = await import('autocannon');
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SANDBOX: 'true',
      LOG_LEVEL: 'warn',
      PUSH_REMINDERS: 'false',
      PAYOUT_JOB: 'false',
      COLLECTION_JOB: 'false',
      PAYMENT_RECOVERY_JOB: 'false',
      RATE_LIMIT_SCALE: '1000000000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    log(`LoanSearchGet (PostgreSQL): inserting ${LOANS} loans and their instalments…`);
    const ready = await new Promise((resolve, reject) => {
      const lines = createInterface({ input: child.stdout });
      lines.on('line', (line) => {
        if (line.startsWith(READY)) resolve(JSON.parse(line.slice(READY.length)));
      });
      child.once('exit', (code) => reject(new Error(`the loan-search server exited (${code}) before listening`)));
    });
    log(`LoanSearchGet (PostgreSQL): ${ready.installments} instalments in ${ready.fixtureMs} ms; checking the mix…`);
    const base = `http://127.0.0.1:${ready.port}`;
    const headers = {
      authorization: `Bearer ${ready.token}`,
      'x-member-id': String(ready.staffId),
      'x-member-role': 'cam',
    };
    const mix = queriesOf(ready);
    let matched = 0;
    for (const { query, check } of mix) {
      const response = await fetch(`${base}/api/loan/searchLoans?${query}`, { headers });
      const body = await response.json();
      const ok = response.status === 200 && body.data.items.length > 0 && body.data.items.every(check);
      if (ok) matched += 1;
      else log(`! searchLoans?${query} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
    }
    const search = await measure(autocannon, {
      url: `${base}/api/loan/searchLoans`,
      connections,
      seconds,
      requests: mix.map(({ query }) => ({ method: 'GET', path: `/api/loan/searchLoans?${query}`, headers })),
    });
    const valid = matched === mix.length && search.clean && ready.installments >= 1_000_000;
    return {
      installments: ready.installments,
      loans: LOANS,
      queries: mix.length,
      matched,
      search,
      connections,
      valid,
      met: valid && search.p99 <= LOAN_SEARCH_P99_AIM_MS,
    };
  } catch (error) {
    if (process.env.BENCH_DEBUG) console.error(error);
    return { error: error instanceof Error ? error.message : String(error), valid: false, met: false };
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 60_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

async function measure(autocannon, { url, connections, seconds, requests }) {
  const run = (duration) => autocannon({ url, connections, duration, requests, timeout: 10 });
  await run(1);
  const result = await run(seconds);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    clean: result.non2xx === 0 && result.errors === 0 && result.timeouts === 0,
  };
}

export const loanSearchLines = (r) => [
  r.error
    ? `LoanSearchGet over 1.000.000 instalments (PostgreSQL): ${r.error}`
    : `LoanSearchGet over ${r.installments} instalments of ${r.loans} loans (PostgreSQL; ${r.connections} connections, ${r.search.requests} requests, ${r.queries} queries, ${r.matched} answered as filtered): ${Math.round(r.search.rps)} req/s, p50 ${r.search.p50} ms, p99 ${r.search.p99} ms — aim p99 ≤ ${LOAN_SEARCH_P99_AIM_MS} ms: ${!r.valid ? 'INVALID (a non-200 answer, a query that answered loans outside its filter, or fewer instalments)' : r.search.p99 <= LOAN_SEARCH_P99_AIM_MS ? 'met' : 'MISSED'}`,
];

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
  const result = await benchLoanSearch({
    connections: option('--connections', 10),
    seconds: option('--seconds', 5),
    databaseUrl: process.env.DATABASE_URL ?? '',
    log: console.error,
  });
  for (const line of loanSearchLines(result)) console.log(line);
}
