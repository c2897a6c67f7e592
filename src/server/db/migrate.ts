import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrationsDir } from '../paths.ts';
import type { DatabaseHandle, Schema } from './connect.ts';

/** Arbitrary constant key of the PostgreSQL advisory lock that serialises migrations of several instances. */
const MIGRATION_LOCK_KEY = 4_207_311;

/**
 * Apply the committed SQL migrations (`src/server/db/migrations`, resolved from the project root) that the
 * database has not seen yet. Idempotent and quick when there is nothing to do. On PostgreSQL, instances starting
 * together take an advisory lock so only one migrates at a time.
 */
export async function migrateDatabase(handle: DatabaseHandle, folder: string = migrationsDir): Promise<void> {
  const config = { migrationsFolder: folder };
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, config);
    return;
  }
  const lockClient = await handle.client.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(handle.db as unknown as NodePgDatabase<Schema>, config);
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lockClient.release();
  }
}
