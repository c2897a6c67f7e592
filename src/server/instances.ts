import { randomUUID } from 'node:crypto';
import { and, eq, gt, lt, sql, type Column, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from './db/connect.ts';
import { serverInstances } from './db/schema/index.ts';

/**
 * This server instance as the other instances on the same database see it (server_instances): a row written before
 * the first request and a heartbeat every `heartbeatMs`. Work an instance holds (a running idempotency key, a
 * payment whose provider call it makes) names the instance; when its heartbeat has stopped for `staleMs` the
 * instance is dead (killed, crashed, its machine gone), and that work is free: a retry of the key takes it over and
 * the payment recovery job asks the provider what became of it, within seconds instead of after a lease of minutes.
 * A clean stop deletes the row, so its work is free at once. Heartbeats and their age are read on the database's
 * clock, the one clock every instance shares (an instance's own clock may be skewed, or a test's fake one).
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance: its id (a random UUID per process start) and when another instance counts as dead. */
    instance: ServerInstance;
  }
}

export interface ServerInstance {
  readonly id: string;
  /** An instance whose heartbeat is older than this (ms) is dead. */
  readonly staleMs: number;
}

/** Rows of instances that stopped beating longer ago than this are deleted (their work was long recovered). */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

/** The database's now minus `ms`, in SQL. */
const beforeNow = (ms: number) => sql`now() - make_interval(secs => ${ms / 1000})`;

/**
 * SQL true when the instance named by `column` is alive (its row exists and beat within `staleMs`). A null column
 * (work nobody holds) is not alive.
 */
export function instanceAlive(column: Column | SQL, staleMs: number): SQL {
  return sql`exists (select 1 from ${serverInstances} where ${serverInstances.id} = ${column} and ${serverInstances.heartbeatAt} > ${beforeNow(staleMs)})`;
}

/** Whether instance `id` is alive (see instanceAlive). */
export async function isInstanceAlive(db: Executor, id: string | null, staleMs: number): Promise<boolean> {
  if (id === null) return false;
  const [row] = await db
    .select({ id: serverInstances.id })
    .from(serverInstances)
    .where(and(eq(serverInstances.id, id), gt(serverInstances.heartbeatAt, beforeNow(staleMs))));
  return row !== undefined;
}

/**
 * On PGlite only one process can open the data folder, so when a process opens it, every instance row in it belongs
 * to a process that is gone: deleting them frees that process's keys and payments at once (main.ts, before the app
 * starts), instead of after `staleMs`.
 */
export async function forgetInstancesOfDeadProcesses(db: Executor): Promise<void> {
  await db.delete(serverInstances);
}

async function beat(db: Executor, id: string): Promise<void> {
  await db
    .insert(serverInstances)
    .values({ id, startedAt: sql`now()`, heartbeatAt: sql`now()` })
    .onConflictDoUpdate({ target: serverInstances.id, set: { heartbeatAt: sql`now()` } });
}

/**
 * Decorates `app.instance` and keeps its row: written when the app gets ready (before it serves a request), beaten
 * every `heartbeatMs` (an unref'd timer), deleted on close. Dead instances' rows older than a day are purged at start.
 */
export function registerServerInstance(app: FastifyInstance, heartbeatMs: number): void {
  const instance: ServerInstance = { id: randomUUID(), staleMs: heartbeatMs * 3 + 1_000 };
  app.decorate('instance', instance);
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    beat(app.db, instance.id).catch((error: unknown) =>
      app.log.error({ err: error }, 'could not write the instance heartbeat'),
    );
  };
  app.addHook('onReady', async () => {
    try {
      await beat(app.db, instance.id);
      await app.db.delete(serverInstances).where(lt(serverInstances.heartbeatAt, beforeNow(FORGET_AFTER_MS)));
    } catch (error) {
      // The database is down at start: the app still starts (its /health says so) and the next beat tries again.
      app.log.error({ err: error }, 'could not write the instance row');
    }
    timer = setInterval(tick, heartbeatMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    try {
      await app.db.delete(serverInstances).where(eq(serverInstances.id, instance.id));
    } catch (error) {
      app.log.error({ err: error }, 'could not delete the instance row');
    }
  });
}
