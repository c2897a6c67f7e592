#!/usr/bin/env node
// `npm start`: build the client and/or the server when stale (see build-if-stale.mjs), then run the built server
// (`node build/node/server/main.js`). The server applies migrations, seeds the demo customers on first start,
// serves dist/, /version.json and the API, and prints its URL and the demo logins.
//
//   node scripts/start.mjs [--no-build] [--force-build]
//
// The environment is passed through unchanged (PORT, DATA_DIR, DATABASE_URL, SANDBOX, …: see docs/configuration.md).
// SIGINT/SIGTERM/SIGHUP are forwarded to the server once each; this process exits with the server's exit code
// (or dies of the same signal).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { activeChildren, buildIfStale, paths, root } from './build-if-stale.mjs';

const args = new Set(process.argv.slice(2));
const unknown = [...args].filter((arg) => !['--no-build', '--force-build'].includes(arg));
if (unknown.length > 0) {
  console.error(`Unknown option(s): ${unknown.join(' ')}\nUsage: node scripts/start.mjs [--no-build] [--force-build]`);
  process.exit(2);
}

if (!existsSync(`${root}/node_modules`)) {
  console.error('node_modules/ is missing: run `npm install` first.');
  process.exit(1);
}

if (!args.has('--no-build')) {
  // A signal during the build stops the build too, then us.
  const stopBuild = (signal) => {
    for (const child of activeChildren) child.kill(signal);
    process.exit(128 + (constants.signals[signal] ?? 1));
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, stopBuild);
  const code = await buildIfStale({ force: args.has('--force-build') });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.off(signal, stopBuild);
  if (code !== 0) {
    console.error(`Build failed (exit ${code}); not starting the server.`);
    process.exit(code);
  }
}
if (!existsSync(paths.serverEntry)) {
  console.error('build/node/server/main.js is missing: run without --no-build, or `npm run build`.');
  process.exit(1);
}

// The server gets its own process group so a terminal Ctrl-C reaches it once, through us (npm may also forward
// the same signal to us: duplicates within a short window are dropped).
const child = spawn(process.execPath, [paths.serverEntry], {
  cwd: root,
  env: process.env,
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});

const lastForwarded = new Map();
const forward = (signal) => {
  const now = Date.now();
  if (now - (lastForwarded.get(signal) ?? 0) < 300) return;
  lastForwarded.set(signal, now);
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};
const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
for (const signal of signals) process.on(signal, forward);

// If we exit for any other reason (an exception here), do not leave the server running.
process.on('exit', () => {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
});

child.on('error', (error) => {
  console.error(`Could not start the server: ${error.message}`);
  process.exit(1);
});

child.on('exit', (code, signal) => {
  for (const name of signals) process.off(name, forward);
  if (signal) {
    process.kill(process.pid, signal); // die the same way, so a supervisor sees the real cause
    return;
  }
  process.exit(code ?? 1);
});
