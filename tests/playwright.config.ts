import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './e2e/chromium.ts';

/**
 * Browser tests in real Chromium against the BUILT app and the BUILT server (`npm run build` first; `npm test` does
 * it). The server runs on a free port with a fresh temporary DATA_DIR (PGlite), sandbox providers on and no payout
 * delay. This file is evaluated again in each worker: the port and data folder chosen here travel in the
 * environment so every process agrees.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const isCI = Boolean(process.env.CI);

// Fails loudly (throws) when there is no Chromium: browser tests are never skipped.
const executablePath = chromiumExecutable();

if (!process.env.E2E_PORT) {
  // A free port, found synchronously (the config cannot await): ask the OS in a short child process.
  process.env.E2E_PORT = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}
const port = Number(process.env.E2E_PORT);

if (!process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), 'prestamo-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  // Only the process that created it removes it, after Playwright has stopped the web server.
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

const baseURL = `http://127.0.0.1:${port}`;
const artifacts = join(root, 'tests', '.artifacts');

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  outputDir: process.env.E2E_OUTPUT_DIR ?? join(artifacts, 'test-results'),
  fullyParallel: false,
  workers: isCI ? 1 : 2,
  // One retry on CI (two shared cores); a test that needed it is reported as flaky in the summary, never hidden.
  retries: isCI ? 1 : 0,
  forbidOnly: isCI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT ?? join(artifacts, 'playwright.json') }]],
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    launchOptions: { executablePath, args: chromiumArgs },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `node ${process.env.E2E_SERVER_ENTRY ?? 'build/node/server/main.js'}`,
    cwd: root,
    url: `${baseURL}/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      ...(process.env.E2E_DIST_DIR ? { DIST_DIR: process.env.E2E_DIST_DIR } : {}),
      DATABASE_URL: '', // always the embedded PGlite in DATA_DIR, even when the shell has a DATABASE_URL
      SANDBOX: 'true',
      PAYOUT_DELAY_MS: '0',
      PUBLIC_URL: baseURL,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      // Every browser test talks to the server from 127.0.0.1: the per-address limits (30 logins a minute, …) would
      // throttle the suite itself. The limits run as in production, 20× wider; their own tests are in tests/server.
      RATE_LIMIT_SCALE: process.env.E2E_RATE_LIMIT_SCALE ?? '20',
    },
  },
});
