// The staff's customer search and the customer's record over 100.000 customers on PostgreSQL, for `npm run bench`
// (scripts/bench.mjs; docs/backoffice.md §5): aim p99 ≤ 50 ms for CustomerSearchPost and StaffCustomerGet.
//
// How: the real app (build/node, buildApp, sandbox on, rate limits scaled away, no jobs) runs in a child process
// (this file with --serve) on the PostgreSQL database of DATABASE_URL; the child inserts 100.000 customers in one
// statement (generate_series: Spanish first and last names drawn from lists, unique phones, DNIs with their check
// letter, e-mails and reference codes), an agent with a session, listens, and prints one ready line. The parent runs
// autocannon (`connections` connections, `seconds` s after a 1 s warm-up) with a mix of queries cycled in order —
// phone with +34 and spaces, DNI, e-mail, customer id, one surname, a first name and a surname — then
// StaffCustomerGet over random ids, and checks every answer was 200 and that each kind of query found its customer.
// The fixture customers are deleted at the end. Without DATABASE_URL it is not measured (the aim is PostgreSQL's).
//
//   DATABASE_URL=postgres://… node scripts/bench-customer-search.mjs [--connections 10] [--seconds 5]
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';

const READY = 'BENCH-CUSTOMER-SEARCH-READY ';
const CUSTOMERS = 100_000;
/** The aim (ms) for the p99 of each call. */
export const SEARCH_P99_AIM_MS = 50;
const build = (path) => pathToFileURL(join(root, 'build', 'node', path)).href;

const FIRST = [
  'María',
  'José',
  'Antonio',
  'Carmen',
  'Manuel',
  'Ana',
  'Francisco',
  'Laura',
  'David',
  'Lucía',
  'Javier',
  'Marta',
  'Daniel',
  'Elena',
  'Sergio',
  'Paula',
  'Pablo',
  'Cristina',
  'Jorge',
  'Sara',
  'Íñigo',
  'Nuria',
  'Álvaro',
  'Raquel',
];
const LAST = [
  'García',
  'Rodríguez',
  'González',
  'Fernández',
  'López',
  'Martínez',
  'Sánchez',
  'Pérez',
  'Gómez',
  'Martín',
  'Jiménez',
  'Ruiz',
  'Hernández',
  'Díaz',
  'Moreno',
  'Muñoz',
  'Álvarez',
  'Romero',
  'Alonso',
  'Gutiérrez',
  'Navarro',
  'Torres',
  'Domínguez',
  'Vázquez',
  'Ramos',
  'Gil',
  'Ramírez',
  'Serrano',
  'Blanco',
  'Molina',
  'Morales',
  'Suárez',
  'Ortega',
  'Delgado',
  'Castro',
  'Ortiz',
  'Rubio',
  'Marín',
  'Sanz',
  'Núñez',
  'Iglesias',
  'Medina',
  'Garrido',
  'Cortés',
  'Castillo',
  'Santos',
  'Lozano',
  'Guerrero',
  'Cano',
  'Prieto',
];
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** The fixture's phones: 9 digits from 911000000 (a landline range no demo or test customer uses). */
const PHONE_BASE = 911_000_000;
const REFERENCE_PREFIX = 'BSEARCH';

/** Child: the app on PostgreSQL, the fixture inserted, listening; one JSON line on stdout. */
async function serve() {
  const [{ loadConfig }, { connectDatabase }, { migrateDatabase }, { loadSecrets }, { buildApp }] = await Promise.all([
    import(build('server/config.js')),
    import(build('server/db/connect.js')),
    import(build('server/db/migrate.js')),
    import(build('server/secrets.js')),
    import(build('server/app.js')),
  ]);
  const [{ issueStaffSession }, { insertStaffUser }, { hashPassword }, { sql }] = await Promise.all([
    import(build('server/auth/staff-sessions.js')),
    import(build('server/modules/staff/index.js')),
    import(build('server/auth/password.js')),
    import('drizzle-orm'),
  ]);
  const config = loadConfig();
  const database = await connectDatabase({ databaseUrl: config.databaseUrl, poolSize: 8 });
  await migrateDatabase(database);
  const { db } = database;
  const secrets = await loadSecrets(db, config);
  const clock = { now: () => new Date() };
  const list = (values) => `ARRAY[${values.map((value) => `'${value}'`).join(',')}]`;
  await db.execute(sql`delete from customers where reference_code like ${`${REFERENCE_PREFIX}%`}`);
  await db.execute(
    sql.raw(`
    insert into customers (status, first_name, last_name, email, national_id, birth_date, phone, employment_status,
                           monthly_income_cents, reference_code)
    select 'securityChecked',
           (${list(FIRST)})[1 + (i * 7) % ${FIRST.length}],
           (${list(LAST)})[1 + (i * 13) % ${LAST.length}] || ' ' || (${list(LAST)})[1 + (i * 31 / 7) % ${LAST.length}],
           'bench.' || i || '@example.com',
           lpad((20000000 + i)::text, 8, '0') || substr('${DNI_LETTERS}', (20000000 + i) % 23 + 1, 1),
           date '1980-01-01' + (i % 9000),
           (${PHONE_BASE} + i)::text,
           'fullTimeEmployed',
           150000,
           '${REFERENCE_PREFIX}' || i
    from generate_series(1, ${CUSTOMERS}) as i`),
  );
  await db.execute(sql`analyze customers`);
  const [{ first }] = (
    await db.execute(
      sql`select min(id)::int as first from customers where reference_code like ${`${REFERENCE_PREFIX}%`}`,
    )
  ).rows;
  const agent = await insertStaffUser(db, {
    email: `bench.search.${Date.now()}@bench.prestamo.local`,
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
  process.stdout.write(
    `${READY}${JSON.stringify({ port: app.server.address().port, token: session.token, staffId: agent.id, first })}\n`,
  );
  const stop = async () => {
    await app.close();
    await db.execute(sql`delete from customers where reference_code like ${`${REFERENCE_PREFIX}%`}`);
    await database.close?.();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

/** The mix of queries: each kind of key, and names, for fixture customer number `i` (1-based). */
function queriesFor(i, firstId) {
  const phone = String(PHONE_BASE + i);
  const dni = `${20_000_000 + i}${DNI_LETTERS[(20_000_000 + i) % 23]}`;
  const last = LAST[(i * 13) % LAST.length];
  const first = FIRST[(i * 7) % FIRST.length];
  return [
    { kind: 'phone', query: `+34 ${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`, id: firstId + i - 1 },
    { kind: 'nationalId', query: dni.toLowerCase(), id: firstId + i - 1 },
    { kind: 'email', query: `BENCH.${i}@example.com`, id: firstId + i - 1 },
    { kind: 'number', query: String(firstId + i - 1), id: firstId + i - 1 },
    { kind: 'name', query: last.toLowerCase(), id: null },
    { kind: 'name', query: `${first} ${last}`, id: null },
  ];
}

/** Parent: `{ search: {…}, record: {…}, customers, valid, met }` or `{ error }`. */
export async function benchCustomerSearch({ connections = 10, seconds = 5, databaseUrl = '', log = () => {} } = {}) {
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
    log(`CustomerSearchPost (PostgreSQL): inserting ${CUSTOMERS} customers…`);
    const ready = await new Promise((resolve, reject) => {
      const lines = createInterface({ input: child.stdout });
      lines.on('line', (line) => {
        if (line.startsWith(READY)) resolve(JSON.parse(line.slice(READY.length)));
      });
      child.once('exit', (code) => reject(new Error(`the customer-search server exited (${code}) before listening`)));
    });
    const base = `http://127.0.0.1:${ready.port}`;
    const headers = {
      authorization: `Bearer ${ready.token}`,
      'x-member-id': String(ready.staffId),
      'x-member-role': 'cam',
      'content-type': 'application/json',
    };
    // 60 queries over 10 customers spread through the table; each key must find its customer.
    const mix = Array.from({ length: 10 }, (_, k) => queriesFor(1 + k * 9_973, ready.first)).flat();
    let found = 0;
    for (const { kind, query, id } of mix) {
      const response = await fetch(`${base}/api/customer/search`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query, pageSize: 25 }),
      });
      const body = await response.json();
      const ok =
        response.status === 200 &&
        body.data.searchedBy === kind &&
        (id === null ? body.data.total > 0 : body.data.items.some((item) => item.id === id));
      if (ok) found += 1;
      else
        log(
          `! search ${JSON.stringify(query)} (${kind}) answered ${response.status}: ${JSON.stringify(body).slice(0, 200)}`,
        );
    }
    const search = await measure(autocannon, {
      url: `${base}/api/customer/search`,
      connections,
      seconds,
      requests: mix.map(({ query }) => ({ method: 'POST', headers, body: JSON.stringify({ query, pageSize: 25 }) })),
    });
    log(`CustomerSearchPost (PostgreSQL): ${connections} connections, ${seconds} s done; StaffCustomerGet…`);
    const ids = Array.from({ length: 200 }, (_, k) => ready.first + ((k * 7_919) % CUSTOMERS));
    const record = await measure(autocannon, {
      url: `${base}/api/customer/customer/${ids[0]}`,
      connections,
      seconds,
      requests: ids.map((id) => ({ method: 'GET', path: `/api/customer/customer/${id}`, headers })),
    });
    const valid = found === mix.length && search.clean && record.clean;
    return {
      customers: CUSTOMERS,
      queries: mix.length,
      found,
      search,
      record,
      connections,
      valid,
      met: valid && search.p99 <= SEARCH_P99_AIM_MS && record.p99 <= SEARCH_P99_AIM_MS,
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
        }, 30_000);
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

export const customerSearchLines = (r) =>
  r.error
    ? [`CustomerSearchPost and StaffCustomerGet over ${CUSTOMERS} customers (PostgreSQL): ${r.error}`]
    : [
        ['CustomerSearchPost', r.search],
        ['StaffCustomerGet', r.record],
      ].map(
        ([name, m]) =>
          `${name} over ${r.customers} customers (PostgreSQL; ${r.connections} connections, ${m.requests} requests${name === 'CustomerSearchPost' ? `, ${r.queries} queries of 6 kinds, ${r.found} found` : ''}): ${Math.round(m.rps)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms — aim p99 ≤ ${SEARCH_P99_AIM_MS} ms: ${!r.valid ? 'INVALID (a non-200 answer or a query that missed)' : m.p99 <= SEARCH_P99_AIM_MS ? 'met' : 'MISSED'}`,
      );

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
  const result = await benchCustomerSearch({
    connections: option('--connections', 10),
    seconds: option('--seconds', 5),
    databaseUrl: process.env.DATABASE_URL ?? '',
    log: console.error,
  });
  for (const line of customerSearchLines(result)) console.log(line);
}
