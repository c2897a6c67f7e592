import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { projectRoot } from '../../../src/server/paths.ts';
import type { FaultPointName } from '../../../src/server/fault-points.ts';

/**
 * Starts and kills real server processes (./crash-child.ts) on one database, for the crash tests: a process armed
 * with a fault point dies by SIGKILL in the middle of a request, and the next one starts on the same data.
 */

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Resolves when the process has exited (killed or stopped), with its signal. */
  readonly exited: Promise<NodeJS.Signals | null>;
  /** SIGTERM and wait: a clean stop (the database is closed, so a PGlite folder can be opened again). */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  /** The database: PGlite folder (DATA_DIR) or PostgreSQL (DATABASE_URL). */
  database: { dataDir: string } | { databaseUrl: string };
  faultPoints?: readonly FaultPointName[];
  env?: Record<string, string>;
}

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    HOME: process.env['HOME'] ?? '',
    SANDBOX: 'true',
    LOG_LEVEL: 'silent',
    PUSH_REMINDERS: 'false',
    PAYOUT_JOB: 'false',
    COLLECTION_JOB: 'false',
    // Quick heartbeats, so another instance counts a killed one dead after ~1.6 s instead of ~10 s.
    INSTANCE_HEARTBEAT_MS: '200',
    // The retries of a test count against the per-customer budgets; these tests are about crashes, not limits.
    RATE_LIMIT_SCALE: '100',
    ...('dataDir' in options.database
      ? { DATA_DIR: options.database.dataDir }
      : { DATABASE_URL: options.database.databaseUrl }),
    ...(options.faultPoints?.length ? { FAULT_POINTS: options.faultPoints.join(',') } : {}),
    ...options.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/server/helpers/crash-child.ts'], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  );
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const match = /^LISTENING (\d+)$/.exec(line);
      if (match) resolve(Number(match[1]));
    });
    void exited.then(() => reject(new Error(`the server process ended before listening:\n${errors.slice(-2000)}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A JSON request; a connection cut by the process dying answers `{ status: 0 }`. */
export async function send(
  server: Pick<ServerProcess, 'url'>,
  request: { method?: string; path: string; headers?: Record<string, string>; body?: unknown },
): Promise<{ status: number; body: { data?: unknown; errors?: Array<{ code: { name: string } }> } | null }> {
  try {
    const response = await fetch(`${server.url}${request.path}`, {
      method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
      headers: { ...(request.body === undefined ? {} : { 'content-type': 'application/json' }), ...request.headers },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as never) : null };
  } catch {
    return { status: 0, body: null };
  }
}

/** Sends until the answer is not 409 (the dead holder of the key not yet seen dead), for at most `timeoutMs`. */
export async function sendUntilNot409(
  server: Pick<ServerProcess, 'url'>,
  request: Parameters<typeof send>[1],
  timeoutMs = 20_000,
): Promise<Awaited<ReturnType<typeof send>> & { conflicts: number }> {
  const started = Date.now();
  let conflicts = 0;
  for (;;) {
    const answer = await send(server, request);
    if (answer.status !== 409 || Date.now() - started > timeoutMs) return { ...answer, conflicts };
    conflicts += 1;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
