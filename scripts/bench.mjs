#!/usr/bin/env node
// `npm run bench`: throughput and latency of two hot public calls of the real server, each measured side by side
// with a bare Fastify route (same machine, same Fastify, same load), plus cold start and memory; then the front-end
// budgets of the built PWA in Chromium (scripts/bench-web.mjs): first-visit JS + CSS, Lighthouse, offline reload.
//
//   node scripts/bench.mjs [--connections 10] [--duration 10] [--rounds 2] [--warmup 2] [--log-level warn]
//                          [--lighthouse-runs 3] [--offline-reloads 5] [--web-only | --no-web] [--json] [--strict]
//
//   --web-only   only the front-end budgets (the server is still started, on a fresh DATA_DIR, to serve dist/)
//   --no-web     only the server benchmarks
//   --duration   seconds of measured load per side and call, split into --rounds runs that alternate the order
//                (bare, server, server, bare, …) so drift on a shared machine hits both sides alike
//   --json       print only a JSON document on stdout (progress goes to stderr)
//   --strict     exit 1 when an aim is missed, a run saw non-2xx answers or a front-end measurement could not run
//
// What it does: builds when stale; starts `node build/node/server/main.js` on a fresh temporary DATA_DIR (PGlite,
// sandbox on, LOG_LEVEL=warn, every rate limit scaled ×1e9 through RATE_LIMIT_SCALE, so the limiter runs but never throttles) and a bare Fastify
// process (this file with --bare-server); runs autocannon against
//   PaymentPlansPost   POST /api/loan/paymentPlans   (anonymous calculator quote: 2.500 €, 12 monthly dates from today)
//   CheckPhoneDniPost  POST /api/customer/CheckPhoneDNI           ({"countryCode":"+34","phone":"600000001"})
// and the bare route with the same body; reads the server's VmRSS; stops it and times 3 cold starts on the now
// existing data directory (spawn → first 200 from /health).
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, closeSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale, paths, root } from './build-if-stale.mjs';
import { printWebReport, runWebBench, webMet } from './bench-web.mjs';

const AIMS = { PaymentPlansPost: 0.5, CheckPhoneDniPost: 0.25 };
const COLD_START_AIM_MS = 1500;
const BARE_PATH = '/bare';

// ── options ──────────────────────────────────────────────────────────────────────────────────────────────────────
function parseOptions(argv) {
  const options = {
    connections: 10,
    duration: 10,
    rounds: 2,
    warmup: 2,
    logLevel: 'warn',
    json: false,
    strict: false,
    server: true,
    web: true,
    lighthouseRuns: 3,
    offlineReloads: 5,
  };
  const numeric = {
    '--connections': 'connections',
    '--duration': 'duration',
    '--rounds': 'rounds',
    '--warmup': 'warmup',
    '--lighthouse-runs': 'lighthouseRuns',
    '--offline-reloads': 'offlineReloads',
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const [flag, inline] = arg.split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag in numeric) {
      const parsed = Number(value());
      if (!Number.isFinite(parsed) || parsed < (flag === '--warmup' ? 0 : 1)) usage(`${flag} needs a positive number`);
      options[numeric[flag]] = parsed;
    } else if (flag === '--log-level') options.logLevel = value();
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
  return options;
}

function usage(problem) {
  console.error(
    `${problem}\nUsage: node scripts/bench.mjs [--connections N] [--duration S] [--rounds N] [--warmup S] [--log-level L]\n` +
      '                          [--lighthouse-runs N] [--offline-reloads N] [--web-only | --no-web] [--json] [--strict]',
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

/** Today in Europe/Madrid, `YYYY-MM-DD`, and `count` monthly dates after it (day clamped to the month's end). */
function monthlyDates(count) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  const [year, month, day] = today.split('-').map(Number);
  const dates = [];
  for (let k = 1; k <= count; k += 1) {
    const lastDay = new Date(Date.UTC(year, month - 1 + k + 1, 0)).getUTCDate();
    dates.push(new Date(Date.UTC(year, month - 1 + k, Math.min(day, lastDay))).toISOString().slice(0, 10));
  }
  return { today, dates };
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
  if (options.server) ({ results, memory } = await measureCalls({ options, serverBase, server, children, log }));

  // The front-end half: browsers against the same server, on http://localhost (a secure context for the service
  // worker and for Lighthouse). DIST_DIR, when set, is the build the server serves.
  let web = null;
  if (options.web) {
    web = await runWebBench({
      baseUrl: `http://localhost:${serverPort}`,
      distDir: process.env.DIST_DIR ? resolve(root, process.env.DIST_DIR) : paths.dist,
      lighthouseRuns: options.lighthouseRuns,
      offlineReloads: options.offlineReloads,
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

  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: { available: availableParallelism(), model: cpus()[0]?.model ?? 'unknown' },
    settings: {
      connections: options.connections,
      secondsPerSide: options.duration,
      rounds: options.rounds,
      warmupSeconds: options.warmup,
      logLevel: options.logLevel,
      rateLimitEnv: rateLimitEnv,
      parts: [options.server && 'server', options.web && 'web'].filter(Boolean),
      lighthouseRuns: options.lighthouseRuns,
      offlineReloads: options.offlineReloads,
    },
    firstStartMs,
    // null when that half was not run (--web-only / --no-web)
    calls: options.server ? results : null,
    coldStart: cold,
    memory,
    web,
  };

  const allMet = (!options.server || (results.every((r) => r.met) && cold.met)) && (!web || webMet(web));
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
/** The two calls against the server and the bare route (autocannon); then the server's memory. */
async function measureCalls({ options, serverBase, server, children, log }) {
  const { default: autocannon } = await import('autocannon');
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

  const { today, dates } = monthlyDates(12);
  const calls = [
    {
      name: 'PaymentPlansPost',
      path: '/api/loan/paymentPlans',
      body: JSON.stringify([{ amount: 2500, issueDate: today, paymentDates: dates }]),
    },
    {
      name: 'CheckPhoneDniPost',
      path: '/api/customer/CheckPhoneDNI',
      body: JSON.stringify({ countryCode: '+34', phone: '600000001' }),
    },
  ];
  const headers = { 'content-type': 'application/json', accept: 'application/json' };

  // Each call must answer 200 once before it is measured.
  for (const call of calls) {
    const response = await fetch(`${serverBase}${call.path}`, { method: 'POST', headers, body: call.body });
    const text = await response.text();
    call.probe = { status: response.status, body: text.slice(0, 300) };
    if (response.status !== 200) log(`! ${call.name} answered ${response.status}: ${text.slice(0, 300)}`);
  }

  const run = (url, body, duration) =>
    autocannon({ url, method: 'POST', headers, body, connections: options.connections, duration, timeout: 10 });

  const summarize = (runs) => {
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
  };

  const perRun = options.duration / options.rounds;
  const results = [];
  for (const call of calls) {
    if (call.probe.status !== 200) {
      results.push({
        name: call.name,
        path: call.path,
        aim: AIMS[call.name],
        error: `answered ${call.probe.status}: ${call.probe.body}`,
      });
      continue;
    }
    const serverUrl = `${serverBase}${call.path}`;
    const bareUrl = `${bareBase}${BARE_PATH}`;
    log(
      `${call.name}: warm-up ${options.warmup} s per side, then ${options.rounds} × ${perRun} s per side, ${options.connections} connections…`,
    );
    if (options.warmup > 0) {
      await run(bareUrl, call.body, options.warmup);
      await run(serverUrl, call.body, options.warmup);
    }
    const runs = { server: [], bare: [] };
    for (let round = 0; round < options.rounds; round += 1) {
      const order = round % 2 === 0 ? ['bare', 'server'] : ['server', 'bare'];
      for (const side of order) runs[side].push(await run(side === 'server' ? serverUrl : bareUrl, call.body, perRun));
    }
    const serverStats = summarize(runs.server);
    const bareStats = summarize(runs.bare);
    const ratio = serverStats.rps / bareStats.rps;
    const valid =
      serverStats.non2xx === 0 && serverStats.errors === 0 && bareStats.non2xx === 0 && bareStats.errors === 0;
    results.push({
      name: call.name,
      path: call.path,
      server: serverStats,
      bare: bareStats,
      ratio,
      aim: AIMS[call.name],
      met: valid && ratio >= AIMS[call.name],
      valid,
    });
  }

  const memory = memoryOf(server.pid);
  await stopChild(bare);
  return { results, memory };
}

function printTable(report) {
  const fmt = (n, digits = 0) => (n === null || n === undefined || Number.isNaN(n) ? '–' : n.toFixed(digits));
  const rows = [['call', 'side', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'aim', '']];
  for (const call of report.calls) {
    if (call.error) {
      rows.push([call.name, 'server', 'ERROR', '', '', '', `≥ ${call.aim * 100} %`, call.error.slice(0, 60)]);
      continue;
    }
    const verdict = !call.valid ? 'INVALID (non-2xx/errors)' : call.met ? 'met' : 'MISSED';
    rows.push([
      call.name,
      'server',
      fmt(call.server.rps),
      fmt(call.server.p50, 1),
      fmt(call.server.p99, 1),
      `${fmt(call.ratio * 100)} %`,
      `≥ ${call.aim * 100} %`,
      verdict,
    ]);
    rows.push(['', 'bare', fmt(call.bare.rps), fmt(call.bare.p50, 1), fmt(call.bare.p99, 1), '', '', '']);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)));
  const line = (row) =>
    row
      .map((cell, i) => (i >= 2 && i <= 5 ? String(cell).padStart(widths[i]) : String(cell).padEnd(widths[i])))
      .join('  ')
      .trimEnd();

  const s = report.settings;
  console.log(
    `Server bench — ${s.connections} connections, ${s.rounds} × ${s.secondsPerSide / s.rounds} s per side (alternating), warm-up ${s.warmupSeconds} s; LOG_LEVEL=${s.logLevel}`,
  );
  console.log(
    `Node ${report.node}, ${report.cpus.available} CPU(s) ${report.cpus.model}; latencies are request-weighted means of the runs' percentiles`,
  );
  console.log('');
  console.log(line(rows[0]));
  for (const row of rows.slice(1)) console.log(line(row));
  console.log('');
  for (const call of report.calls) {
    if (call.error) continue;
    const codes = (stats) =>
      Object.entries(stats.statusCodes)
        .map(([code, count]) => `${code}×${count}`)
        .join(' ');
    console.log(
      `${call.name}: server ${call.server.requests} answers (${codes(call.server)}), ${call.server.errors} errors/timeouts; bare ${call.bare.requests} answers`,
    );
    if (call.server.statusCodes['429']) {
      console.log(
        `  ! ${call.server.statusCodes['429']} answers were 429: the server did not honour ${Object.keys(s.rateLimitEnv).join('/')}; the figures are not valid.`,
      );
    }
  }
  const c = report.coldStart;
  console.log(`First start on an empty data directory (migrations + demo seed): ${fmt(report.firstStartMs)} ms`);
  console.log(
    `Cold start on the existing data directory (spawn → first 200 /health): best ${fmt(c.bestMs)} ms, median ${fmt(c.medianMs)} ms of [${c.runsMs.map((ms) => fmt(ms)).join(', ')}] — aim < ${c.aimMs} ms: ${c.met ? 'met' : 'MISSED'}`,
  );
  console.log(
    `Server memory after the load: VmRSS ${fmt(report.memory.rssMB, 1)} MB (peak VmHWM ${fmt(report.memory.peakRssMB, 1)} MB)`,
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
  app.post(BARE_PATH, async () => ({ data: { ok: true } }));
  app.get('/health', async () => ({ status: 'ok' }));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

if (process.argv[2] === '--bare-server') await bareServer();
else await main();
