#!/usr/bin/env node
// `npm run dev`: Vite with HMR on http://localhost:5173 (VITE_PORT) and the API server in watch mode (`tsx watch
// src/server/main.ts`) on API_PORT (default 8081). vite.config.ts proxies /api, /sandbox, /logs, /version.json and
// /health to API_PORT. Extra arguments go to vite (e.g. `npm run dev -- --host`).
// When either process ends, or on Ctrl-C / SIGTERM, both are stopped.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from './build-if-stale.mjs';

const apiPort = process.env.API_PORT ?? '8081';
const vitePort = process.env.VITE_PORT ?? '5173';
const bin = (name) => join(root, 'node_modules', '.bin', name);

console.log(`API server (tsx watch) on http://localhost:${apiPort} · app with HMR on http://localhost:${vitePort}`);

// The server: own process group (tsx watch runs the server as its child; we stop the whole group).
const server = spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: apiPort,
    // Links the server writes (SMS, WebOTP line) should open the Vite origin, not the API port.
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${vitePort}`,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});

// Vite stays in the terminal's foreground group so its keyboard shortcuts (h, r, q) work.
const vite = spawn(bin('vite'), ['--port', vitePort, '--strictPort', ...process.argv.slice(2)], {
  cwd: root,
  env: { ...process.env, API_PORT: apiPort },
  stdio: 'inherit',
});

const children = [
  { name: 'API server', child: server, group: true },
  { name: 'vite', child: vite, group: false },
];
const running = (child) => child.exitCode === null && child.signalCode === null;

let stopping = false;
let exitCode = 0;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  for (const { child, group } of children) {
    if (!running(child) || child.pid === undefined) continue;
    try {
      if (group) process.kill(-child.pid, 'SIGTERM');
      else child.kill('SIGTERM');
    } catch {
      // already gone
    }
  }
  // Whatever ignores SIGTERM is killed after 5 s.
  setTimeout(() => {
    for (const { child, group } of children) {
      if (!running(child) || child.pid === undefined) continue;
      try {
        if (group) process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        // already gone
      }
    }
  }, 5_000).unref();
}

for (const { name, child } of children) {
  child.on('error', (error) => {
    console.error(
      `Could not start ${name}: ${error.message}${error.code === 'ENOENT' ? ' (run `npm install` first)' : ''}`,
    );
    stopAll(1);
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped (${signal ?? `exit ${code}`}); stopping the other process.`);
      stopAll(code ?? 0);
    }
    if (children.every(({ child: other }) => !running(other))) process.exit(exitCode);
  });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(0));
process.on('exit', () => {
  for (const { child, group } of children) {
    if (!running(child) || child.pid === undefined) continue;
    try {
      if (group) process.kill(-child.pid, 'SIGKILL');
      else child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
});
