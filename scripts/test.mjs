#!/usr/bin/env node
// `npm test`: every check, in order, in one run:
//   lint (eslint, no warnings) · [format check, with --format] · typecheck (tsc -b) · unit + server tests (vitest)
//   · Chromium (found, or installed with apt-get as root on Debian/Ubuntu) · build client + server (when stale)
//   · browser tests (Playwright, real Chromium, against the built server)
// A failing step fails the run (exit 1) but the later steps still run, so one run reports everything; a test step
// that cannot run (no Chromium, failed build) counts as a failure, never as a skip.
// The last line is the summary the CI judge reads, alone on its line: `N passed, M failed` (vitest + Playwright
// test results). Per-step results are printed above it and written to tests/.artifacts/summary.json.
//
//   node scripts/test.mjs [--format] [--rebuild] [--only=lint,typecheck,vitest,e2e,…]
//     --format   also run `prettier --check .` as a failing step
//     --rebuild  build client and server even when they look up to date
//     --only     run only these steps (for local use; the summary names the steps left out). e2e brings chromium
//                and build along.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { buildIfStale, root, runBin } from './build-if-stale.mjs';
import { ChromiumNotFoundError, ensureChromium } from './ensure-chromium.mjs';

const STEPS = ['lint', 'format', 'typecheck', 'vitest', 'chromium', 'build', 'e2e'];
const USAGE = `Usage: node scripts/test.mjs [--format] [--rebuild] [--only=${STEPS.join(',')}]`;
const options = new Set();
let only = null;
for (const arg of process.argv.slice(2)) {
  if (arg === '--format' || arg === '--rebuild') options.add(arg);
  else if (arg.startsWith('--only=')) only = new Set(arg.slice('--only='.length).split(',').filter(Boolean));
  else {
    console.error(`Unknown option: ${arg}\n${USAGE}`);
    process.exit(2);
  }
}
const badSteps = [...(only ?? [])].filter((name) => !STEPS.includes(name));
if (badSteps.length > 0) {
  console.error(`Unknown step(s): ${badSteps.join(', ')}\n${USAGE}`);
  process.exit(2);
}
// e2e needs Chromium and a build: --only=e2e runs them too.
if (only?.has('e2e')) {
  only.add('chromium');
  only.add('build');
}
if (only?.has('format')) options.add('--format');
const wanted = (name) => only === null || only.has(name);

const artifacts = join(root, 'tests', '.artifacts');
const vitestReport = join(artifacts, 'vitest.json');
const playwrightReport = join(artifacts, 'playwright.json');
mkdirSync(artifacts, { recursive: true });
for (const file of [vitestReport, playwrightReport]) rmSync(file, { force: true });

const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (useColor ? `\x1b[${code}m${text}\x1b[0m` : text);
const header = (title) => console.log(`\n${paint('1;36', `━━━ ${title} ━━━`)}`);

/** @type {{ name: string, ok: boolean, seconds: number, detail: string, passed?: number, failed?: number, skipped?: number }[]} */
const results = [];

async function step(name, title, body) {
  if (!wanted(name)) {
    const result = { name, ok: true, seconds: 0, detail: 'not selected (--only)', notRun: true };
    results.push(result);
    return result;
  }
  header(`${name}: ${title}`);
  const started = performance.now();
  let outcome;
  try {
    outcome = await body();
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    outcome = { ok: false, detail: error instanceof Error ? error.message.split('\n')[0] : String(error) };
  }
  const result = { name, seconds: (performance.now() - started) / 1000, detail: '', ...outcome };
  results.push(result);
  console.log(
    paint(
      result.ok ? '32' : '31',
      `${result.ok ? '✔' : '✘'} ${name} ${result.ok ? 'passed' : 'FAILED'}${result.detail ? `: ${result.detail}` : ''} (${result.seconds.toFixed(1)} s)`,
    ),
  );
  return result;
}

const exitStep = async (bin, args, env) => {
  const code = await runBin(bin, args, env ? { env: { ...process.env, ...env } } : {});
  return { ok: code === 0, detail: code === 0 ? '' : `exit ${code}` };
};

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

/** Counts from vitest's JSON report, per project folder (tests/unit, tests/server). */
function vitestCounts(report) {
  const counts = { passed: 0, failed: 0, skipped: 0, byProject: {} };
  for (const file of report.testResults ?? []) {
    const rel = relative(root, file.name).split(sep);
    const project = rel[0] === 'tests' && rel[1] ? rel[1] : 'other';
    const bucket = (counts.byProject[project] ??= { passed: 0, failed: 0, skipped: 0 });
    const assertions = file.assertionResults ?? [];
    for (const assertion of assertions) {
      const key = assertion.status === 'passed' ? 'passed' : assertion.status === 'failed' ? 'failed' : 'skipped';
      counts[key] += 1;
      bucket[key] += 1;
    }
    // A file that failed to load (syntax error, failing hook) has no assertion results: one failure.
    if (file.status === 'failed' && !assertions.some((assertion) => assertion.status === 'failed')) {
      counts.failed += 1;
      bucket.failed += 1;
    }
  }
  return counts;
}

const firstLine = (text) =>
  String(text ?? '')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 300) ?? '';

/** Names of vitest's failed tests with the first line of their error, so a CI log's tail says what failed. */
function vitestFailures(report) {
  const failures = [];
  for (const file of report.testResults ?? []) {
    const name = relative(root, file.name);
    const failedAssertions = (file.assertionResults ?? []).filter((assertion) => assertion.status === 'failed');
    for (const assertion of failedAssertions) {
      failures.push(`${name} › ${assertion.fullName ?? assertion.title}: ${firstLine(assertion.failureMessages?.[0])}`);
    }
    if (file.status === 'failed' && failedAssertions.length === 0) failures.push(`${name}: ${firstLine(file.message)}`);
  }
  return failures;
}

/** Names of Playwright's tests with a given outcome ('unexpected': failed on every try; 'flaky': passed on a retry). */
function playwrightTests(report, status) {
  const failures = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== status) continue;
        const error = test.results?.find((result) => result.error)?.error?.message;
        failures.push(`${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}: ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  if (status === 'unexpected') {
    for (const error of report.errors ?? []) failures.push(`(global) ${firstLine(error.message)}`);
  }
  return failures;
}

// ── the steps ────────────────────────────────────────────────────────────────────────────────────────────────────

await step('lint', 'eslint . --max-warnings 0', () => exitStep('eslint', ['.', '--max-warnings', '0']));

if (options.has('--format')) {
  await step('format', 'prettier --check .', () => exitStep('prettier', ['--check', '.']));
}

await step('typecheck', 'tsc -b', () => exitStep('tsc', ['-b']));

await step('vitest', 'vitest run (projects unit + server)', async () => {
  const code = await runBin('vitest', [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${relative(root, vitestReport)}`,
  ]);
  const report = readJson(vitestReport);
  if (!report) {
    return {
      ok: false,
      passed: 0,
      failed: 1,
      skipped: 0,
      detail: `exit ${code}, no JSON report (vitest crashed): counted as 1 failure`,
    };
  }
  const counts = vitestCounts(report);
  // A non-zero exit without a failing test (unhandled error, no test files) still counts as one failure.
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  const projects = Object.entries(counts.byProject)
    .map(([name, c]) => `${name} ${c.passed}/${c.passed + c.failed}`)
    .join(', ');
  return {
    ok: code === 0,
    passed: counts.passed,
    failed: counts.failed,
    skipped: counts.skipped,
    failures: vitestFailures(report),
    detail: `${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped/todo` : ''}${projects ? ` (${projects})` : ''}${code !== 0 ? `, exit ${code}` : ''}`,
  };
});

const chromium = await step('chromium', 'find Chromium (install with apt-get when needed)', async () => {
  try {
    const found = await ensureChromium({ log: (line) => console.log(line) });
    process.env.CHROMIUM_PATH = found.path;
    console.log(`Using ${found.path} — ${found.version} (from ${found.source})`);
    return { ok: true, detail: `${found.path} (${found.version})` };
  } catch (error) {
    if (error instanceof ChromiumNotFoundError) {
      console.error(error.message);
      return { ok: false, detail: 'no usable Chromium' };
    }
    throw error;
  }
});

const build = await step(
  'build',
  options.has('--rebuild')
    ? 'vite build (customer, back office) + tsc -b tsconfig.server.json'
    : 'build client and server when stale',
  async () => {
    const code = await buildIfStale({ force: options.has('--rebuild') });
    return { ok: code === 0, detail: code === 0 ? '' : `exit ${code}` };
  },
);

await step('e2e', 'playwright test -c tests/playwright.config.ts', async () => {
  if (!chromium.ok || !build.ok) {
    const why = !chromium.ok ? 'no Chromium' : 'the build failed';
    console.error(`Browser tests cannot run (${why}); counted as 1 failure, not skipped.`);
    return { ok: false, passed: 0, failed: 1, skipped: 0, detail: `not run (${why}): counted as 1 failure` };
  }
  const code = await runBin('playwright', ['test', '-c', 'tests/playwright.config.ts'], {
    env: { ...process.env, E2E_JSON_REPORT: playwrightReport },
  });
  const report = readJson(playwrightReport);
  const stats = report?.stats;
  if (!stats) {
    return {
      ok: false,
      passed: 0,
      failed: 1,
      skipped: 0,
      detail: `exit ${code}, no JSON report (config or web server error): counted as 1 failure`,
    };
  }
  const passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
  let failed = stats.unexpected ?? 0;
  const errors = report.errors?.length ?? 0;
  if (code !== 0 && failed === 0) failed = 1; // e.g. the web server did not start, a global error
  if (passed + failed === 0) {
    return {
      ok: false,
      passed: 0,
      failed: 1,
      skipped: stats.skipped ?? 0,
      detail: 'no browser test ran: counted as 1 failure',
    };
  }
  return {
    ok: code === 0,
    passed,
    failed,
    skipped: stats.skipped ?? 0,
    failures: playwrightTests(report, 'unexpected'),
    flaky: playwrightTests(report, 'flaky'),
    detail: `${passed} passed, ${failed} failed${stats.skipped ? `, ${stats.skipped} SKIPPED` : ''}${stats.flaky ? ` (${stats.flaky} flaky)` : ''}${errors ? `, ${errors} error(s)` : ''}${code !== 0 ? `, exit ${code}` : ''}`,
  };
});

// ── summary ──────────────────────────────────────────────────────────────────────────────────────────────────────

const passed = results.reduce((sum, result) => sum + (result.passed ?? 0), 0);
// A failed step without test counts (lint, typecheck, build) is one failure, so the last line never says 0 failed.
const failed = results.reduce((sum, result) => sum + (result.failed ?? (result.ok ? 0 : 1)), 0);
const allOk = results.every((result) => result.ok);

writeFileSync(
  join(artifacts, 'summary.json'),
  `${JSON.stringify({ ok: allOk, passed, failed, steps: results }, null, 2)}\n`,
);

header('summary');
const width = Math.max(...results.map((result) => result.name.length));
for (const result of results) {
  const status = result.notRun ? paint('33', 'left  ') : result.ok ? paint('32', 'ok    ') : paint('31', 'FAILED');
  console.log(`${result.name.padEnd(width)}  ${status}  ${result.seconds.toFixed(1).padStart(6)} s  ${result.detail}`);
}
if (!allOk)
  console.log(
    `Failed steps: ${results
      .filter((result) => !result.ok)
      .map((result) => result.name)
      .join(', ')}`,
  );
for (const result of results) {
  for (const failure of result.failures ?? []) console.log(`  ✗ ${result.name}: ${failure}`);
  for (const flaky of result.flaky ?? []) console.log(`  ~ ${result.name}, passed on its retry: ${flaky}`);
}
if (existsSync(vitestReport) || existsSync(playwrightReport)) console.log(`Reports: ${relative(root, artifacts)}/`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = allOk ? 0 : 1;
