import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { ArrivalQueue } from './arrival-queue.ts';
import { namedStatementClient } from './named-statements.ts';
import * as schema from './schema/index.ts';

/**
 * One database handle for both drivers: the embedded PGlite (default, a data folder) or PostgreSQL through a
 * node-postgres pool (`DATABASE_URL`). Repositories take a `Database` and never know which one it is.
 */
export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** What a transaction callback receives; also accepted wherever a `Database` is (same query API). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database or a transaction in progress: what repository functions take. */
export type Executor = Database | Transaction;

export type DatabaseHandle =
  | { kind: 'pglite'; db: Database; client: PGlite; queue: ArrivalQueue; close(): Promise<void> }
  | { kind: 'postgres'; db: Database; client: pg.Pool; close(): Promise<void> };

export interface ConnectOptions {
  /** PostgreSQL URL; null/undefined → PGlite in `dataDir`. */
  databaseUrl?: string | null;
  dataDir?: string;
  /** node-postgres pool size (default 10). */
  poolSize?: number;
}

export async function connectDatabase(options: ConnectOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // Loaded only when used: a PGlite start does not pay for the PostgreSQL driver.
    const [{ default: pgModule }, { drizzle: drizzlePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ]);
    const pool = new pgModule.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // Repeated queries run as named statements: parsed and planned once per connection (./named-statements.ts).
      Client: namedStatementClient(pgModule.Client),
    });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    await db.execute(sql`select 1`);
    return { kind: 'postgres', db, client: pool, close: () => pool.end() };
  }
  if (!options.dataDir) throw new Error('connectDatabase needs a databaseUrl or a dataDir');
  mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite(options.dataDir);
  await client.waitReady;
  const queue = new ArrivalQueue();
  const db = drizzlePglite({ client: servedInArrivalOrder(client, queue), schema }) as unknown as Database;
  let closed = false;
  return {
    kind: 'pglite',
    db,
    client,
    queue,
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

/**
 * What Drizzle sees of PGlite: its standalone statements (`query`, `exec`) and whole transactions (`transaction`,
 * whose statements then go straight to PGlite's transaction object) wait in one queue served in the order their
 * requests arrived (./arrival-queue.ts), instead of PGlite's own first-come-first-served mutex per statement.
 * `client` itself stays reachable for what is not Drizzle's (close, tests).
 */
function servedInArrivalOrder(client: PGlite, queue: ArrivalQueue): PGlite {
  const facade: Pick<PGlite, 'query' | 'exec' | 'transaction'> = {
    query: (query, params, options) => queue.run(() => client.query(query, params, options)),
    exec: (query, options) => queue.run(() => client.exec(query, options)),
    transaction: (callback) => queue.run(() => client.transaction(callback)),
  };
  return facade as PGlite;
}

/** A cheap round trip for health checks. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
