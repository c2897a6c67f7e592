#!/usr/bin/env node
// `npm run bench`: throughput and latency of every server call of the contract, each measured side by side with a
// bare Fastify route (same machine, same Fastify, same load), on PGlite and — when a PostgreSQL server is there —
// on PostgreSQL in the same run; plus cold start and memory; then the front-end budgets of the built PWA in
// Chromium (scripts/bench-web.mjs): first-visit JS + CSS, Lighthouse, offline reload, reopening the dashboard.
//
//   node scripts/bench.mjs [--connections 10] [--duration 10] [--rounds 2] [--warmup 2] [--call-duration 2]
//                          [--calls A,B] [--no-postgres] [--log-level warn]
//                          [--lighthouse-runs 3] [--offline-reloads 5] [--reopen-runs 5] [--web-parts A,B]
//                          [--web-only | --no-web] [--json] [--strict] [--loan-requests 2000]
//
//   --web-only       only the front-end budgets (the server is still started, on a fresh DATA_DIR, to serve dist/)
//   --no-web         only the server benchmarks
//   --web-parts A,B  only these front-end measurements: transfer, routes, lighthouse, offline, reopen
//   --calls A,B      only these contract calls (names as in src/shared/api)
//   --duration       seconds of measured load per side for the two headline calls (PaymentPlansPost,
//                    CheckPhoneDniPost), split into --rounds runs that alternate the order (bare, server, server,
//                    bare, …) so drift on a shared machine hits both sides alike
//   --call-duration  seconds of measured load per side for every other call (one run each)
//   --no-postgres    PGlite only
//   --loan-requests  how many loans the RequestLoanPost measurement creates (scripts/bench-loan-request.mjs: each
//                    request a new loan of another customer with a fresh Idempotency-Key, --connections at once)
//   --json           print only a JSON document on stdout (progress goes to stderr)
//   --strict         exit 1 when an aim is missed, a run saw non-2xx answers, PostgreSQL or a front-end
//                    measurement could not run
//
// What it does: builds when stale; starts `node build/node/server/main.js` on a fresh temporary DATA_DIR (PGlite,
// sandbox on, LOG_LEVEL=warn, every rate limit scaled ×1e9 through RATE_LIMIT_SCALE, so the limiter runs but never
// throttles) and a bare Fastify process (this file with --bare-server); logs the demo customer 600000005 in through
// LoginPost; runs autocannon against one request per contract call (scripts/bench-calls.mjs; logged-in calls with
// the bearer token and X-Member-ID) and the bare route with the same method and body; reads the server's VmRSS;
// then the web half; stops the server and times 3 cold starts on the now existing data directory (spawn → first
// 200 from /health). Then PostgreSQL (scripts/bench-postgres.mjs: the machine's cluster found as .ci/run finds
// it, a scratch database created for the run and dropped after): the same server with DATABASE_URL, the same calls.
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, closeSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfStale, paths, root } from './build-if-stale.mjs';
import {
  BENCH_CUSTOMER_PHONE,
  benchRequests,
  DEMO_PIN,
  HEADLINE_AIMS,
  callOfBenchName,
  isPostgresAimed,
  POSTGRES_AIM,
} from './bench-calls.mjs';
import { benchLoanRequests } from './bench-loan-request.mjs';
import { benchAgreementPdf, pdfLine } from './bench-pdf.mjs';
import { benchCustomerLoans, customerLoansLine } from './bench-customer-loans.mjs';
import { benchCustomerSearch, customerSearchLines } from './bench-customer-search.mjs';
import { benchLoanSearch, loanSearchLines } from './bench-loan-search.mjs';
import { preparePostgres } from './bench-postgres.mjs';
import { printWebReport, runWebBench, WEB_PARTS, webMet } from './bench-web.mjs';

const COLD_START_AIM_MS = 1500;
const BARE_PATH = '/bare';

// ── options ──────────────────────────────────────────────────────────────────────────────────────────────────────
function parseOptions(argv) {
  const options = {
    connections: 10,
    duration: 10,
    callDuration: 2,
    calls: null,
    postgres: true,
    rounds: 2,
    warmup: 2,
    logLevel: 'warn',
    json: false,
    strict: false,
    server: true,
    web: true,
    lighthouseRuns: 3,
    offlineReloads: 5,
    reopenRuns: 5,
    webParts: undefined,
    loanRequests: 2000,
  };
  const numeric = {
    '--connections': 'connections',
    '--duration': 'duration',
    '--call-duration': 'callDuration',
    '--rounds': 'rounds',
    '--warmup': 'warmup',
    '--lighthouse-runs': 'lighthouseRuns',
    '--offline-reloads': 'offlineReloads',
    '--reopen-runs': 'reopenRuns',
    '--loan-requests': 'loanRequests',
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const [flag, inline] = arg.split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag in numeric) {
      const parsed = Number(value());
      const least = flag === '--warmup' ? 0 : flag === '--duration' || flag === '--call-duration' ? 0.1 : 1;
      if (!Number.isFinite(parsed) || parsed < least) usage(`${flag} needs a positive number`);
      options[numeric[flag]] = parsed;
    } else if (flag === '--log-level') options.logLevel = value();
    else if (flag === '--calls')
      options.calls = value()
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
    else if (flag === '--web-parts') {
      options.webParts = value()
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      const unknown = options.webParts.filter((part) => !WEB_PARTS.includes(part));
      if (unknown.length) usage(`--web-parts: unknown part(s) ${unknown.join(', ')} (${WEB_PARTS.join(', ')})`);
    } else if (flag === '--no-postgres') options.postgres = false;
    else if (flag === '--json') options.json = true;
    else if (flag === '--strict') options.strict = true;
    else if (flag === '--web-only') options.server = false;
    else if (flag === '--no-web') options.web = false;
    else usage(`unknown option ${arg}`);
  }
  if (!options.server && !options.web) usage('--web-only and --no-web leave nothing to measure');
  options.rounds = Math.round(options.rounds);
  options.lighthouseRuns = Math.round(options.lighthouseRuns);
  options.offlineReloads = Math.round(options.offlineReloads);
  options.reopenRuns = Math.round(options.reopenRuns);
  return options;
}

function usage(problem) {
  console.error(
    `${problem}\nUsage: node scripts/bench.mjs [--connections N] [--duration S] [--rounds N] [--warmup S] [--call-duration S]\n` +
      '                          [--calls A,B] [--no-postgres] [--log-level L]\n' +
      '                          [--lighthouse-runs N] [--offline-reloads N] [--reopen-runs N] [--web-parts A,B]\n' +
      '                          [--web-only | --no-web] [--json] [--strict]',
  );
  process.exit(2);
}

// ── helpers ──────────────────────────────────────────────────────────────────────────────────────────────────────
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolves true once GET /health answers 200, polling every `everyMs`; false after `timeoutMs`. */
async function waitForHealth(base, { timeoutMs = 60_000, everyMs = 10, child } = {}) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) return false;
    try {
      const response = await fetch(`${base}/health`, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await sleep(everyMs);
  }
  return false;
}

function stopChild(child, timeoutMs = 15_000) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number(status.match(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN);
    return { rssMB: kb('VmRSS') / 1024, peakRssMB: kb('VmHWM') / 1024 };
  } catch {
    return { rssMB: null, peakRssMB: null };
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

// ── main ─────────────────────────────────────────────────────────────────────────────────────────────────────────
async function main() {
  const options = parseOptions(process.argv.slice(2));
  const log = (line = '') => console.error(line);

  // The builds' output goes to stderr with the progress lines: stdout carries only the report (--json).
  const buildCode = await buildIfStale({ log, stdio: ['ignore', 2, 2] });
  if (buildCode !== 0) {
    log(`Build failed (exit ${buildCode}).`);
    process.exit(buildCode);
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'prestamo-bench-'));
  const logFile = join(dataDir, 'server.log');
  const children = new Set();
  const cleanup = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('exit', cleanup);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

  const serverPort = await freePort();
  const serverBase = `http://127.0.0.1:${serverPort}`;
  const rateLimitEnv = { RATE_LIMIT_SCALE: '1000000000' };
  const serverEnv = {
    ...process.env,
    PORT: String(serverPort),
    HOST: '127.0.0.1',
    DATA_DIR: join(dataDir, 'data'),
    DATABASE_URL: '',
    SANDBOX: 'true',
    LOG_LEVEL: options.logLevel,
    PUBLIC_URL: serverBase,
    ...rateLimitEnv,
  };
  const startServer = () => {
    const out = openSync(logFile, 'a');
    const child = spawn(process.execPath, [paths.serverEntry], {
      cwd: root,
      env: serverEnv,
      stdio: ['ignore', out, out],
    });
    closeSync(out);
    children.add(child);
    child.once('exit', () => children.delete(child));
    return child;
  };
  const serverFailed = (what) => {
    log(`The server ${what}. Its log (${logFile}):`);
    try {
      log(readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n'));
    } catch {
      // no log
    }
    process.exit(1);
  };

  // First start: migrations + demo seed on the empty data directory.
  log(`Starting the server on ${serverBase} (DATA_DIR ${serverEnv.DATA_DIR}, LOG_LEVEL ${options.logLevel})…`);
  let startedAt = performance.now();
  let server = startServer();
  if (!(await waitForHealth(serverBase, { child: server }))) serverFailed('did not answer /health within 60 s');
  const firstStartMs = performance.now() - startedAt;

  let results = [];
  let memory = null;
  let notServed = [];
  let contract = null;
  let bare = null;
  if (options.server) {
    contract = await loadContract();
    bare = await startBare({ children, log });
    ({ results, memory, notServed } = await measureCalls({
      engine: 'PGlite',
      options,
      serverBase,
      server,
      bareBase: bare.bareBase,
      contract,
      log,
    }));
  }

  // RequestLoanPost: every request a new loan of another customer with a fresh key (scripts/bench-loan-request.mjs).
  let loanRequest = null;
  if (options.server && (!options.calls || options.calls.includes('RequestLoanPost'))) {
    loanRequest = await benchLoanRequests({ connections: options.connections, count: options.loanRequests, log });
  }

  // The agreement PDF: generation time of one contract, in process on the built code (scripts/bench-pdf.mjs).
  let agreementPdf = null;
  if (options.server && (!options.calls || options.calls.includes('AgreementPdfGetByLoanId'))) {
    log('Agreement PDF generation…');
    agreementPdf = await benchAgreementPdf();
  }

  // CustomerAllLoansGet of a customer with 20 loans × 24 instalments (scripts/bench-customer-loans.mjs): PGlite, and
  // PostgreSQL when DATABASE_URL is set.
  let customerLoans = null;
  if (options.server && (!options.calls || options.calls.includes('CustomerAllLoansGet'))) {
    const settings = { connections: options.connections, seconds: options.callDuration, log };
    customerLoans = [await benchCustomerLoans(settings)];
    if (process.env.DATABASE_URL) {
      customerLoans.push(await benchCustomerLoans({ ...settings, databaseUrl: process.env.DATABASE_URL }));
    }
  }

  // The staff's customer search and record over 100.000 customers (scripts/bench-customer-search.mjs): PostgreSQL
  // only (DATABASE_URL, else a scratch database as for the calls), aim p99 ≤ 50 ms.
  let customerSearch = null;
  if (options.server && options.postgres && (!options.calls || options.calls.includes('CustomerSearchPost'))) {
    const database = process.env.DATABASE_URL
      ? { url: process.env.DATABASE_URL, drop: async () => {} }
      : await preparePostgres({ log });
    if (database.reason) customerSearch = { error: `not measured: ${database.reason}`, valid: false, met: null };
    else {
      try {
        customerSearch = await benchCustomerSearch({
          connections: options.connections,
          seconds: options.callDuration * 2,
          databaseUrl: database.url,
          log,
        });
      } finally {
        await database.drop();
      }
    }
  }

  // The staff's loan search over 1.000.000 instalments (scripts/bench-loan-search.mjs): PostgreSQL only, aim p99 ≤
  // 200 ms.
  let loanSearch = null;
  if (options.server && options.postgres && (!options.calls || options.calls.includes('LoanSearchGet'))) {
    const database = process.env.DATABASE_URL
      ? { url: process.env.DATABASE_URL, drop: async () => {} }
      : await preparePostgres({ log });
    if (database.reason) loanSearch = { error: `not measured: ${database.reason}`, valid: false, met: null };
    else {
      try {
        loanSearch = await benchLoanSearch({
          connections: options.connections,
          seconds: options.callDuration * 2,
          databaseUrl: database.url,
          log,
        });
      } finally {
        await database.drop();
      }
    }
  }

  // The front-end half: browsers against the same server, on http://localhost (a secure context for the service
  // worker and for Lighthouse). DIST_DIR, when set, is the build the server serves.
  let web = null;
  if (options.web) {
    web = await runWebBench({
      baseUrl: `http://localhost:${serverPort}`,
      distDir: process.env.DIST_DIR ? resolve(root, process.env.DIST_DIR) : paths.dist,
      lighthouseRuns: options.lighthouseRuns,
      offlineReloads: options.offlineReloads,
      reopenRuns: options.reopenRuns,
      ...(options.webParts ? { parts: options.webParts } : {}),
      log,
    });
  }

  // Cold start on the existing data directory: stop, start, time spawn → first successful /health; 3 times.
  await stopChild(server);
  let cold = null;
  if (options.server) {
    log('Cold start on the existing data directory, 3 times…');
    const coldRuns = [];
    for (let i = 0; i < 3; i += 1) {
      startedAt = performance.now();
      server = startServer();
      if (!(await waitForHealth(serverBase, { child: server, everyMs: 5 })))
        serverFailed('did not restart on its existing data directory');
      coldRuns.push(performance.now() - startedAt);
      await stopChild(server);
    }
    cold = {
      runsMs: coldRuns,
      bestMs: Math.min(...coldRuns),
      medianMs: median(coldRuns),
      aimMs: COLD_START_AIM_MS,
    };
    cold.met = cold.medianMs < COLD_START_AIM_MS;
  }

  // The same calls on PostgreSQL, the engine of the deployment at scale.
  let postgres = null;
  if (options.server) {
    postgres = await measurePostgres({ options, serverEnv, logFile, bareBase: bare.bareBase, contract, children, log });
    await stopChild(bare.bare);
  }

  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: { available: availableParallelism(), model: cpus()[0]?.model ?? 'unknown' },
    settings: {
      connections: options.connections,
      secondsPerSide: options.duration,
      callSeconds: options.callDuration,
      calls: options.calls,
      rounds: options.rounds,
      warmupSeconds: options.warmup,
      logLevel: options.logLevel,
      rateLimitEnv: rateLimitEnv,
      parts: [options.server && 'server', options.web && 'web'].filter(Boolean),
      lighthouseRuns: options.lighthouseRuns,
      offlineReloads: options.offlineReloads,
    },
    firstStartMs,
    // null when that half was not run (--web-only / --no-web). `calls` are the PGlite figures; `postgres.calls` the
    // same calls on PostgreSQL (or `postgres.measured: false` with the reason).
    calls: options.server ? results : null,
    notServed: options.server ? notServed : null,
    // RequestLoanPost creating a loan per request (PGlite, its own server process): latency under load.
    loanRequest,
    // AgreementPdfGetByLoanId's render (pdfkit) of one contract, in process: p50/p99 ms, aim p50 ≤ 200 ms.
    agreementPdf,
    // CustomerAllLoansGet for a customer with 20 loans × 24 instalments: PGlite (and PostgreSQL with DATABASE_URL).
    customerLoans,
    // CustomerSearchPost and StaffCustomerGet over 100.000 customers on PostgreSQL: p99 ms, aim ≤ 50 ms.
    customerSearch,
    // LoanSearchGet over 1.000.000 instalments on PostgreSQL: p99 ms, aim ≤ 200 ms.
    loanSearch,
    postgres,
    coldStart: cold,
    memory,
    web,
  };

  const callsMet = (calls) => calls.every((r) => !r.error && (r.skip || (r.valid && r.met !== false)));
  const allMet =
    (!options.server ||
      (callsMet(results) &&
        cold.met &&
        (!loanRequest || loanRequest.valid === true) &&
        (!agreementPdf || agreementPdf.met) &&
        (!customerLoans || customerLoans.every((line) => line.valid)) &&
        (!customerSearch || customerSearch.met !== false) &&
        (!loanSearch || loanSearch.met !== false) &&
        (postgres.measured ? callsMet(postgres.calls) : !options.postgres))) &&
    (!web || webMet(web));
  if (options.json) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    if (options.server) printTable(report);
    else console.log(`First start on an empty data directory (migrations + demo seed): ${Math.round(firstStartMs)} ms`);
    if (web) {
      console.log('');
      printWebReport(web);
    }
  }
  if (options.strict && !allMet) process.exitCode = 1;
}

// ── the server half ──────────────────────────────────────────────────────────────────────────────────────────────
/** The bare Fastify process (this file with --bare-server): one route, every method, a small JSON. */
async function startBare({ children, log }) {
  const barePort = await freePort();
  const bareBase = `http://127.0.0.1:${barePort}`;
  const bare = spawn(process.execPath, [fileURLToPath(import.meta.url), '--bare-server'], {
    cwd: root,
    env: { ...process.env, PORT: String(barePort) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(bare);
  if (!(await waitForHealth(bareBase, { child: bare, timeoutMs: 20_000 }))) {
    log('The bare Fastify server did not start.');
    process.exit(1);
  }
  return { bare, bareBase };
}

/** Every entry of the contract (the built src/shared/api): name → { method, path, auth }. */
async function loadContract() {
  const api = await import(pathToFileURL(join(paths.serverEntry, '..', '..', 'shared', 'api', 'index.js')).href);
  const entries = new Map();
  for (const value of Object.values(api.contract ?? {})) {
    if (value && typeof value === 'object' && typeof value.name === 'string' && 'method' in value && 'path' in value) {
      entries.set(value.name, { name: value.name, method: value.method, path: value.path, auth: value.auth });
    }
  }
  // An empty table would look like a run with nothing to report: refuse it.
  if (entries.size === 0) throw new Error('the built contract (shared/api/index.js) exports no `contract` entries');
  return entries;
}

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };

/** What the logged-in calls need: the demo customer's session, and the sandbox's unsubscribe link for them. */
async function benchContext(serverBase, log) {
  const context = {
    publicUrl: serverBase,
    token: null,
    customerId: null,
    loanId: null,
    unsubscribe: null,
    problems: [],
  };
  const login = await fetch(`${serverBase}/api/membership/login`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({
      phoneNumber: BENCH_CUSTOMER_PHONE,
      password: DEMO_PIN,
      rememberMe: false,
      countryCode: '+34',
    }),
  });
  const session = await login.json().catch(() => null);
  context.token = session?.data?.token ?? null;
  const details = session?.data?.customerDetails ?? session?.data?.memberDetails ?? {};
  context.customerId = details.customerId ?? details.id ?? null;
  if (!context.token || context.customerId === null) {
    context.problems.push(`login of demo customer ${BENCH_CUSTOMER_PHONE} answered ${login.status}`);
    log(`! could not log the demo customer ${BENCH_CUSTOMER_PHONE} in (${login.status}): logged-in calls will fail`);
  }
  try {
    // One of the demo customer's loans, for the agreement calls by loan id.
    const loans = await fetch(`${serverBase}/api/loan/customerAllLoans`, {
      headers: { ...JSON_HEADERS, authorization: `Bearer ${context.token}`, 'x-member-id': String(context.customerId) },
    });
    const all = (await loans.json()).data ?? [];
    context.loanId = all[0]?.id ?? null;
    // Its repaid loan, for the review link (CustomerReviewLinkPost refers to a repaid loan).
    context.repaidLoanId = all.find((loan) => loan.status === 'repaid')?.id ?? null;
  } catch {
    // the agreement calls by loan id are then skipped with the reason
  }
  try {
    const links = await (await fetch(`${serverBase}/sandbox/unsubscribe-links`, { headers: JSON_HEADERS })).json();
    const link = links.data.find((item) => item.phone === BENCH_CUSTOMER_PHONE);
    const query = new URL(link.url).searchParams;
    context.unsubscribe = { campaignId: query.get('camp'), userKey: query.get('key'), userTo: query.get('userTo') };
  } catch {
    // the unsubscribe call is then skipped with the reason
  }
  return context;
}

const resolveValue = (value) => (typeof value === 'function' ? value() : value);

/** The HTTP request of a call: url (path params filled, query), method, headers, body text. */
function httpRequest(entry, request, context, serverBase) {
  const params = Object.fromEntries(Object.entries(request.params ?? {}).map(([k, v]) => [k, resolveValue(v)]));
  const path = entry.path.replace(/:(\w+)\??/g, (_match, name) => encodeURIComponent(String(params[name] ?? '1')));
  const query = new URLSearchParams(request.query ?? {}).toString();
  const headers = { ...JSON_HEADERS };
  if (request.as === 'customer') {
    headers.authorization = `Bearer ${context.token}`;
    headers['x-member-id'] = String(context.customerId);
  }
  const body = request.body === undefined ? undefined : JSON.stringify(resolveValue(request.body));
  if (body === undefined) delete headers['content-type'];
  return { url: `${serverBase}${path}${query ? `?${query}` : ''}`, method: entry.method, headers, body };
}

/** One call answered with 2xx, or the status and start of the answer. */
async function probe(req) {
  const response = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body });
  const text = await response.text();
  return { status: response.status, body: text.slice(0, 300) };
}

function summarize(runs) {
  const requests = runs.reduce((sum, r) => sum + r.requests.total, 0);
  const seconds = runs.reduce((sum, r) => sum + r.duration, 0);
  const weight = (pick) => runs.reduce((sum, r) => sum + pick(r) * r.requests.total, 0) / Math.max(requests, 1);
  return {
    rps: requests / seconds,
    p50: weight((r) => r.latency.p50),
    p99: weight((r) => r.latency.p99),
    requests,
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    errors: runs.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    statusCodes: runs.reduce((acc, r) => {
      for (const [code, stats] of Object.entries(r.statusCodeStats ?? {})) acc[code] = (acc[code] ?? 0) + stats.count;
      return acc;
    }, {}),
  };
}

/** The calls to measure, in table order: the headline calls first, then the contract's other entries by name. */
function callOrder(contract, requests, options) {
  const headline = Object.keys(HEADLINE_AIMS);
  const names = [...headline, ...[...contract.keys()].filter((name) => !headline.includes(name)).sort()];
  const unknown = (options.calls ?? []).filter((name) => !contract.has(callOfBenchName(name)));
  if (unknown.length) usage(`--calls: no contract call named ${unknown.join(', ')}`);
  return names.filter(
    (name) => contract.has(callOfBenchName(name)) && (!options.calls || options.calls.includes(name)),
  );
}

/**
 * Every call on one server (one engine), each side by side with the bare route (same method and body), then the
 * server's memory. Headline calls get --warmup and --duration split into --rounds alternating runs; the others
 * --call-duration per side in one run each, after a 0.5 s warm-up of the server.
 */
async function measureCalls({ engine, options, serverBase, server, bareBase, contract, log }) {
  const { default: autocannon } = await import('autocannon');
  const context = await benchContext(serverBase, log);
  const requests = benchRequests(context);
  const results = [];
  const notServed = [];

  const run = (req, duration) =>
    autocannon({
      url: req.url,
      method: req.method,
      headers: req.headers,
      body: req.body,
      connections: options.connections,
      duration,
      timeout: 10,
    });

  for (const name of callOrder(contract, requests, options)) {
    const entry = contract.get(callOfBenchName(name));
    const request = requests[name];
    const row = { name, method: entry.method, path: entry.path, auth: entry.auth, aim: HEADLINE_AIMS[name] ?? null };
    if (!request && entry.auth === 'staff') {
      // The back office's calls need a staff session and their own data: measured apart (the customer search over
      // 100.000 customers, scripts/bench-customer-search.mjs; the loan search over 1.000.000 instalments,
      // scripts/bench-loan-search.mjs), not against the demo customer.
      results.push({ ...row, as: 'staff', skip: 'a staff call: measured apart (customer search) or not yet' });
      continue;
    }
    if (!request) {
      // No request written for it: either the server does not serve it (yet), or the bench has a gap.
      const answer = await probe(httpRequest(entry, {}, context, serverBase));
      if (answer.status === 404 && !options.calls) notServed.push(name);
      else results.push({ ...row, error: `no bench request in scripts/bench-calls.mjs (answered ${answer.status})` });
      continue;
    }
    row.as = request.as ?? (entry.auth === 'customer' ? 'customer' : 'anonymous');
    if (row.aim === null && engine === 'PostgreSQL' && isPostgresAimed(name, entry, row.as)) row.aim = POSTGRES_AIM;
    if (request.skip) {
      results.push({ ...row, skip: request.skip });
      continue;
    }
    const req = httpRequest(entry, request, context, serverBase);
    const first = await probe(req);
    if (first.status < 200 || first.status > 299) {
      log(`! ${engine} ${name} answered ${first.status}: ${first.body}`);
      results.push({ ...row, error: `answered ${first.status}: ${first.body}` });
      continue;
    }
    const bareReq = { ...req, url: `${bareBase}${BARE_PATH}` };
    const headline = name in HEADLINE_AIMS;
    const rounds = headline ? options.rounds : 1;
    const perRun = headline ? options.duration / options.rounds : options.callDuration;
    log(`${engine} ${name}: ${rounds} × ${perRun} s per side…`);
    if (headline && options.warmup > 0) {
      await run(bareReq, options.warmup);
      await run(req, options.warmup);
    } else if (!headline && options.warmup > 0) {
      await run(req, Math.min(options.warmup, 0.5));
    }
    const runs = { server: [], bare: [] };
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? ['bare', 'server'] : ['server', 'bare'];
      for (const side of order) runs[side].push(await run(side === 'server' ? req : bareReq, perRun));
    }
    const serverStats = summarize(runs.server);
    const bareStats = summarize(runs.bare);
    const ratio = serverStats.rps / bareStats.rps;
    const valid =
      serverStats.non2xx === 0 && serverStats.errors === 0 && bareStats.non2xx === 0 && bareStats.errors === 0;
    results.push({
      ...row,
      server: serverStats,
      bare: bareStats,
      ratio,
      valid,
      met: row.aim === null ? null : valid && ratio >= row.aim,
    });
  }

  return { results, notServed, memory: memoryOf(server.pid), problems: context.problems };
}

/** The same calls on a PostgreSQL server: a scratch database, the server on it (DATABASE_URL), dropped after. */
async function measurePostgres({ options, serverEnv, logFile, bareBase, contract, children, log }) {
  if (!options.postgres) return { measured: false, reason: '--no-postgres' };
  const database = await preparePostgres({ log });
  if (database.reason) return { measured: false, reason: database.reason };
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, [paths.serverEntry], {
    cwd: root,
    env: { ...serverEnv, PORT: String(port), PUBLIC_URL: base, DATABASE_URL: database.url },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  children.add(child);
  try {
    log(`Starting the server on ${database.label}…`);
    const startedAt = performance.now();
    if (!(await waitForHealth(base, { child }))) {
      return { measured: false, reason: `the server did not start on ${database.label} (log: ${logFile})` };
    }
    const firstStartMs = performance.now() - startedAt;
    const measured = await measureCalls({
      engine: 'PostgreSQL',
      options,
      serverBase: base,
      server: child,
      bareBase,
      contract,
      log,
    });
    const instances = await measureInstances({
      options,
      env: { ...serverEnv, DATABASE_URL: database.url },
      logFile,
      firstBase: base,
      contract,
      children,
      log,
    });
    return {
      measured: true,
      label: database.label,
      firstStartMs,
      calls: measured.results,
      notServed: measured.notServed,
      memory: measured.memory,
      problems: measured.problems,
      instances,
    };
  } finally {
    await stopChild(child);
    children.delete(child);
    await database.drop();
  }
}

/** The logged-in reads measured on three instances against one (the PostgreSQL part). */
const INSTANCE_CALLS = ['MemberDetailsGet', 'CustomerAllLoansGet'];

/**
 * Three server instances on the one PostgreSQL database against the first instance alone: two more instances are
 * started (same env, own ports), and each of INSTANCE_CALLS is driven with the same connections spread over the
 * three (autocannon takes several URLs) and then at the first alone, in alternating rounds (one, three, three, one)
 * of --call-duration seconds. On a machine of few cores the instances share them with PostgreSQL and the load
 * generator: the ratio shows what a second and third process add here, not what three machines would.
 */
async function measureInstances({ options, env, logFile, firstBase, contract, children, log }) {
  const names = INSTANCE_CALLS.filter((name) => !options.calls || options.calls.includes(name));
  if (names.length === 0) return null;
  const { default: autocannon } = await import('autocannon');
  const extra = [];
  try {
    const bases = [firstBase];
    for (let i = 0; i < 2; i += 1) {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const out = openSync(logFile, 'a');
      const child = spawn(process.execPath, [paths.serverEntry], {
        cwd: root,
        env: { ...env, PORT: String(port), PUBLIC_URL: base },
        stdio: ['ignore', out, out],
      });
      closeSync(out);
      children.add(child);
      extra.push(child);
      if (!(await waitForHealth(base, { child })))
        return { error: `instance ${i + 2} did not start (log: ${logFile})` };
      bases.push(base);
    }
    const context = await benchContext(firstBase, log);
    const requests = benchRequests(context);
    // A multiple of 3, so that every instance gets the same number of connections.
    const connections = Math.ceil(options.connections / 3) * 3;
    const run = (req, urls) =>
      autocannon({
        url: urls,
        method: req.method,
        headers: req.headers,
        body: req.body,
        connections,
        duration: options.callDuration,
        timeout: 10,
      });
    const calls = [];
    for (const name of names) {
      const req = httpRequest(contract.get(callOfBenchName(name)), requests[name], context, firstBase);
      const path = req.url.slice(firstBase.length);
      const sides = { one: [firstBase + path], three: bases.map((base) => base + path) };
      log(`PostgreSQL ${name}: three instances against one, 2 rounds × ${options.callDuration} s per side…`);
      await run(req, sides.three);
      const runs = { one: [], three: [] };
      for (const side of ['one', 'three', 'three', 'one']) runs[side].push(await run(req, sides[side]));
      const one = summarize(runs.one);
      const three = summarize(runs.three);
      const valid = one.non2xx + one.errors + three.non2xx + three.errors === 0;
      calls.push({ name, one, three, ratio: three.rps / one.rps, valid });
    }
    return { connections, calls };
  } finally {
    for (const child of extra) {
      await stopChild(child);
      children.delete(child);
    }
  }
}

function instancesLine(instances) {
  if (!instances) return null;
  if (instances.error) return `Three instances on one PostgreSQL: NOT MEASURED (${instances.error})`;
  const parts = instances.calls.map(
    (call) =>
      `${call.name} ${fmt(call.one.rps)} → ${fmt(call.three.rps)} req/s (×${fmt(call.ratio, 2)}; p50 ${fmt(call.one.p50, 1)} → ${fmt(call.three.p50, 1)} ms)` +
      (call.valid ? '' : ' INVALID (non-2xx/errors)'),
  );
  return `Three instances on one PostgreSQL against one (${instances.connections} connections spread over them): ${parts.join('; ')}`;
}

const fmt = (n, digits = 0) => (n === null || n === undefined || Number.isNaN(n) ? '–' : n.toFixed(digits));

function printTable(report) {
  const s = report.settings;
  const pg = report.postgres;
  const pgByName = new Map((pg.calls ?? []).map((call) => [call.name, call]));
  const figures = (call) => {
    if (!call) return ['', '', '', ''];
    if (call.skip) return ['–', '', '', ''];
    if (call.error) return ['ERROR', '', '', ''];
    return [fmt(call.server.rps), fmt(call.server.p50, 1), fmt(call.server.p99, 1), `${fmt(call.ratio * 100)} %`];
  };
  const bareOf = (call) => (call?.bare ? fmt(call.bare.rps) : '');
  const verdict = (call) => {
    if (!call) return '';
    if (call.skip) return `not benchmarkable: ${call.skip}`;
    if (call.error) return call.error.replace(/\s+/g, ' ').slice(0, 90);
    if (!call.valid) return 'INVALID (non-2xx/errors)';
    if (call.aim === null) return '';
    return `aim ≥ ${call.aim * 100} %: ${call.met ? 'met' : 'MISSED'}`;
  };
  const rows = [
    ['', '', 'PGlite', '', '', '', 'PostgreSQL', '', '', '', 'bare route', '', ''],
    [
      'call',
      'as',
      'req/s',
      'p50 ms',
      'p99 ms',
      'vs bare',
      'req/s',
      'p50 ms',
      'p99 ms',
      'vs bare',
      'req/s (PGlite run)',
      '(PG run)',
      '',
    ],
  ];
  for (const call of report.calls) {
    const onPg = pgByName.get(call.name);
    const notes = [verdict(call), onPg && !onPg.skip ? verdict(onPg) : ''].filter(Boolean);
    const note =
      notes.length === 2 && notes[0] !== notes[1] ? `PGlite ${notes[0]}; PostgreSQL ${notes[1]}` : (notes[0] ?? '');
    rows.push([call.name, call.as ?? '', ...figures(call), ...figures(onPg), bareOf(call), bareOf(onPg), note]);
  }
  const numeric = new Set([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)));
  const line = (row) =>
    row
      .map((cell, i) => (numeric.has(i) ? String(cell).padStart(widths[i]) : String(cell).padEnd(widths[i])))
      .join('  ')
      .trimEnd();

  console.log(
    `Server bench — ${s.connections} connections; headline calls ${s.rounds} × ${s.secondsPerSide / s.rounds} s per side (alternating, warm-up ${s.warmupSeconds} s), other calls ${s.callSeconds} s per side; LOG_LEVEL=${s.logLevel}`,
  );
  console.log(
    `Node ${report.node}, ${report.cpus.available} CPU(s) ${report.cpus.model}; latencies are request-weighted means of the runs' percentiles; each ratio divides by the bare route measured next to it in the same run`,
  );
  console.log(
    `PGlite: embedded, fresh DATA_DIR. ${pg.measured ? pg.label : `PostgreSQL: NOT MEASURED (${pg.reason})`}`,
  );
  console.log('');
  for (const row of rows) console.log(line(row));
  console.log('');
  const notServed = report.notServed ?? [];
  if (notServed.length) {
    console.log(
      `Contract calls this server does not serve (404), not measured (${notServed.length}): ${notServed.join(', ')}`,
    );
  }
  for (const [engine, calls] of [
    ['PGlite', report.calls],
    ['PostgreSQL', pg.calls ?? []],
  ]) {
    for (const call of calls) {
      if (call.server && call.server.statusCodes['429']) {
        console.log(
          `  ! ${engine} ${call.name}: ${call.server.statusCodes['429']} answers were 429: the server did not honour ${Object.keys(s.rateLimitEnv).join('/')}; the figures are not valid.`,
        );
      }
    }
  }
  const lr = report.loanRequest;
  if (lr) {
    console.log(
      lr.error
        ? `RequestLoanPost under load: ERROR ${lr.error}`
        : `RequestLoanPost under load (PGlite; each request a new loan of another customer, fresh Idempotency-Key; ${lr.connections} connections, ${lr.requests} requests): p50 ${fmt(lr.p50, 1)} ms, p99 ${fmt(lr.p99, 1)} ms, ${fmt(lr.rps)} req/s` +
            (lr.valid
              ? ''
              : ` — INVALID: ${lr.non2xx} non-2xx, ${lr.errors} errors (${JSON.stringify(lr.statusCodes)})`),
    );
  }
  if (report.agreementPdf) console.log(pdfLine(report.agreementPdf));
  const instances = pg.measured ? instancesLine(pg.instances) : null;
  if (instances) console.log(instances);
  for (const line of report.customerLoans ?? []) console.log(customerLoansLine(line));
  if (report.customerSearch) for (const line of customerSearchLines(report.customerSearch)) console.log(line);
  if (report.loanSearch) for (const line of loanSearchLines(report.loanSearch)) console.log(line);
  const c = report.coldStart;
  console.log(
    `First start on an empty database (migrations + demo seed): PGlite ${fmt(report.firstStartMs)} ms` +
      (pg.measured ? `, PostgreSQL ${fmt(pg.firstStartMs)} ms` : ''),
  );
  console.log(
    `Cold start on the existing PGlite data directory (spawn → first 200 /health): best ${fmt(c.bestMs)} ms, median ${fmt(c.medianMs)} ms of [${c.runsMs.map((ms) => fmt(ms)).join(', ')}] — aim < ${c.aimMs} ms: ${c.met ? 'met' : 'MISSED'}`,
  );
  console.log(
    `Server memory after the load: PGlite VmRSS ${fmt(report.memory.rssMB, 1)} MB (peak VmHWM ${fmt(report.memory.peakRssMB, 1)} MB)` +
      (pg.measured
        ? `; on PostgreSQL VmRSS ${fmt(pg.memory.rssMB, 1)} MB (peak ${fmt(pg.memory.peakRssMB, 1)} MB; the Node process only, not the database's)`
        : ''),
  );
  console.log(
    `Rate limiting: server started with ${Object.entries(s.rateLimitEnv)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );
}

// ── bare server mode (child process): one route answering a small JSON, same Fastify as the server ────────────────
async function bareServer() {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: BARE_PATH,
    handler: async () => ({ data: { ok: true } }),
  });
  app.get('/health', async () => ({ status: 'ok' }));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

if (process.argv[2] === '--bare-server') await bareServer();
else await main();
