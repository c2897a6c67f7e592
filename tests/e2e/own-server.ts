import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A server of its own for a spec that changes what every other spec reads (a loan definition's price: the home
 * calculator's figures): the same built server as the suite's (`E2E_SERVER_ENTRY`, `E2E_DIST_DIR`), with the same
 * sandbox settings as tests/playwright.config.ts, on another free port and a fresh PGlite folder, stopped and removed
 * by `close()`. The suite's server and its specs never see what this one changes.
 */
export interface OwnServer {
  baseURL: string;
  close(): Promise<void>;
}

const root = fileURLToPath(new URL('../..', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

async function healthy(baseURL: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the own server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the own server did not answer /health within ${timeoutMs} ms`);
}

export async function startOwnServer(): Promise<OwnServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'prestamo-e2e-own-'));
  const child = spawn(process.execPath, [process.env.E2E_SERVER_ENTRY ?? 'build/node/server/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(process.env.E2E_DIST_DIR ? { DIST_DIR: process.env.E2E_DIST_DIR } : {}),
      DATABASE_URL: '',
      SANDBOX: 'true',
      PAYOUT_DELAY_MS: '0',
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: process.env.E2E_RATE_LIMIT_SCALE ?? '20',
    },
  });
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await healthy(baseURL, child, 60_000);
  } catch (error) {
    await close();
    throw error;
  }
  return { baseURL, close };
}
