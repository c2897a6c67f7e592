#!/usr/bin/env node
// Rebuild the client (`vite build` → dist/, then the back office's `vite build -c vite.backoffice.config.ts` →
// dist/backoffice/) and the server (`tsc -b tsconfig.server.json` → build/node/) only when
// one of their inputs is newer than their output. Used by start.mjs, test.mjs and bench.mjs; runnable on its own:
//
//   node scripts/build-if-stale.mjs [--force] [--client-only | --server-only]
//
// Stale means: the output is missing, or any input file (or folder: a deleted file changes its folder's mtime) is
// newer than it.
//   client inputs: src/ (except src/server; src/backoffice included), sw/, public/, index.html, backoffice/,
//                  vite.config.ts, vite.backoffice.config.ts, scripts/vite-*.ts and scripts/prerender*.ts,
//                  package.json, lock file
//   client output: dist/version.json (written by the customer build; its mtime is set to the start of both builds,
//                  and it is removed when either fails), and dist/backoffice/index.html must exist
//   server inputs: src/server, src/shared, tsconfig*.json, lock file
//   server output: build/node/server/main.js and the stamp build/.server-build-stamp (mtime = build start)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const paths = {
  dist: join(root, 'dist'),
  clientOutput: join(root, 'dist', 'version.json'),
  backofficeOutput: join(root, 'dist', 'backoffice', 'index.html'),
  serverEntry: join(root, 'build', 'node', 'server', 'main.js'),
  serverStamp: join(root, 'build', '.server-build-stamp'),
};

const lockFile = 'package-lock.json';

/** Newest mtime (ms) under the given roots, skipping `excluded` paths; returns the path that holds it too. */
function newestInput(inputs, excluded = []) {
  const skip = new Set(excluded.map((p) => join(root, p)));
  let newest = { mtimeMs: 0, path: null };
  const visit = (path) => {
    if (skip.has(path)) return;
    let stats;
    try {
      stats = statSync(path);
    } catch {
      return; // an optional input (e.g. public/) that does not exist
    }
    if (stats.mtimeMs > newest.mtimeMs) newest = { mtimeMs: stats.mtimeMs, path };
    if (stats.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry === 'node_modules' || entry === '.DS_Store') continue;
        visit(join(path, entry));
      }
    }
  };
  for (const input of inputs) visit(join(root, input));
  return newest;
}

function mtimeOf(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

function tsconfigFiles() {
  return readdirSync(root).filter((name) => /^tsconfig.*\.json$/.test(name));
}

/** Why the client needs a build, or null when dist/ is up to date. */
export function clientStaleReason() {
  const output = mtimeOf(paths.clientOutput);
  if (output === null) return 'dist/version.json is missing';
  // A customer build alone (`vite build`) empties dist/, the back office's build with it.
  if (!existsSync(paths.backofficeOutput)) return 'dist/backoffice/index.html is missing';
  const newest = newestInput(
    [
      'src',
      'sw',
      'public',
      'index.html',
      'backoffice',
      'vite.config.ts',
      'vite.backoffice.config.ts',
      // The build's own plugins and the pre-render document.
      ...readdirSync(join(root, 'scripts'))
        .filter((name) => /^(vite-|prerender|default-loan-figures).*\.ts$/.test(name))
        .map((name) => `scripts/${name}`),
      'package.json',
      lockFile,
    ],
    ['src/server'],
  );
  return newest.mtimeMs > output ? `${relative(root, newest.path)} is newer than dist/version.json` : null;
}

/** Why the server needs a build, or null when build/node is up to date. */
export function serverStaleReason() {
  if (!existsSync(paths.serverEntry)) return 'build/node/server/main.js is missing';
  const output = mtimeOf(paths.serverStamp);
  if (output === null) return 'build/.server-build-stamp is missing';
  const newest = newestInput(['src/server', 'src/shared', ...tsconfigFiles(), lockFile]);
  return newest.mtimeMs > output ? `${relative(root, newest.path)} is newer than the last server build` : null;
}

/** Children started by runBin that are still running (a caller's signal handler can stop them). */
export const activeChildren = new Set();

/** Run a command from node_modules/.bin with inherited output; resolves with the exit code. */
export function runBin(name, args, { env = process.env, stdio = 'inherit' } = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(join(root, 'node_modules', '.bin', name), args, { cwd: root, env, stdio });
    activeChildren.add(child);
    child.on('exit', () => activeChildren.delete(child));
    child.on('error', (error) => {
      activeChildren.delete(child);
      console.error(
        `Could not run ${name}: ${error.message}${error.code === 'ENOENT' ? ' (run `npm install` first)' : ''}`,
      );
      resolvePromise(127);
    });
    child.on('exit', (code, signal) => resolvePromise(code ?? (signal ? 128 : 1)));
  });
}

/** The client's two builds, in this order (`npm run build:client` too): the customer's empties dist/ first. */
const CLIENT_BUILDS = [['build'], ['build', '-c', 'vite.backoffice.config.ts']];

export async function buildClient({ log = console.log, stdio = 'inherit' } = {}) {
  const started = new Date();
  for (const args of CLIENT_BUILDS) {
    log(`› vite ${args.join(' ')}`);
    const code = await runBin('vite', args, { stdio });
    if (code !== 0) {
      // The customer build writes version.json before a later step (the service worker, the back office's build)
      // can fail: drop it, so the next run does not take the half-written dist/ for an up-to-date build.
      rmSync(paths.clientOutput, { force: true });
      return code;
    }
  }
  if (!existsSync(paths.clientOutput)) {
    console.error(
      'vite build finished but dist/version.json is missing: check the version-file plugin in vite.config.ts',
    );
    return 1;
  }
  if (!existsSync(paths.backofficeOutput)) {
    console.error(
      'the back office build finished but dist/backoffice/index.html is missing: check vite.backoffice.config.ts',
    );
    rmSync(paths.clientOutput, { force: true });
    return 1;
  }
  // Anything edited while the build ran stays newer than the output, so the next start rebuilds.
  utimesSync(paths.clientOutput, started, started);
  return 0;
}

export async function buildServer({ log = console.log, stdio = 'inherit' } = {}) {
  const started = new Date();
  log('› tsc -b tsconfig.server.json');
  const code = await runBin('tsc', ['-b', 'tsconfig.server.json'], { stdio });
  if (code !== 0) return code;
  if (!existsSync(paths.serverEntry)) {
    console.error('tsc finished but build/node/server/main.js is missing: is there a src/server/main.ts?');
    return 1;
  }
  mkdirSync(dirname(paths.serverStamp), { recursive: true });
  writeFileSync(paths.serverStamp, `${started.toISOString()}\n`);
  utimesSync(paths.serverStamp, started, started);
  return 0;
}

/**
 * Build what is stale (or everything with `force`). Resolves with 0 or the failing build's exit code.
 * `client`/`server` select the parts (both by default); `stdio` is the builds' (e.g. ['ignore', 2, 2] to keep
 * stdout clean for a JSON report).
 */
export async function buildIfStale({
  force = false,
  client = true,
  server = true,
  log = console.log,
  stdio = 'inherit',
} = {}) {
  if (client) {
    const reason = force ? 'forced' : clientStaleReason();
    if (reason) {
      log(`Building the client (${reason})…`);
      const code = await buildClient({ log, stdio });
      if (code !== 0) return code;
    } else {
      log('Client build is up to date (dist/).');
    }
  }
  if (server) {
    const reason = force ? 'forced' : serverStaleReason();
    if (reason) {
      log(`Building the server (${reason})…`);
      const code = await buildServer({ log, stdio });
      if (code !== 0) return code;
    } else {
      log('Server build is up to date (build/node/).');
    }
  }
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = new Set(process.argv.slice(2));
  const unknown = [...args].filter((arg) => !['--force', '--client-only', '--server-only'].includes(arg));
  if (unknown.length > 0) {
    console.error(
      `Unknown option(s): ${unknown.join(' ')}\nUsage: node scripts/build-if-stale.mjs [--force] [--client-only | --server-only]`,
    );
    process.exit(2);
  }
  process.exitCode = await buildIfStale({
    force: args.has('--force'),
    client: !args.has('--server-only'),
    server: !args.has('--client-only'),
  });
}
