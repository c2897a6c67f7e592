import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../../src/server/db/connect.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { projectRoot } from '../../src/server/paths.ts';
import { databaseNameOf, withDatabaseName } from './helpers/database-url.ts';

/**
 * Once per test run: with DATABASE_URL, migrate that PostgreSQL database (test files share it, so tests use
 * unique phones and ids) and a template database beside it for the files that need one of their own; otherwise create ONE migrated PGlite data folder that every test file copies
 * (tests/server/helpers/app.ts), so no file pays for PGlite's first initialisation and migrations.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL URL of the run, or '' for PGlite. */
    databaseUrl: string;
    /** Migrated PGlite data folder to copy ('' with PostgreSQL). */
    pgliteTemplate: string;
    /** Folder of this run's PGlite copies (removed at the end). */
    testRunDir: string;
    /**
     * PostgreSQL only: a migrated database nobody connects to, copied (`CREATE DATABASE … TEMPLATE`) for the files
     * that need a database of their own (helpers/app.ts `ownDatabase`); '' with PGlite.
     */
    pgTemplateDatabase: string;
  }
}

const testDataRoot = join(projectRoot, '.test-data');
const STALE_MS = 60 * 60 * 1000;

export default async function setup(project: TestProject): Promise<() => void | Promise<void>> {
  const databaseUrl = process.env['DATABASE_URL'] ?? '';
  if (databaseUrl) {
    const base = databaseNameOf(databaseUrl);
    const template = `${base}_template`;
    const handle = await connectDatabase({ databaseUrl, poolSize: 2 });
    try {
      await migrateDatabase(handle);
      if (handle.kind !== 'postgres') throw new Error('DATABASE_URL must be a PostgreSQL URL');
      // Own databases of interrupted runs, and the last run's template (migrations may have changed).
      const stale = await handle.client.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1)',
        [`${base}_own_`],
      );
      for (const { datname } of stale.rows)
        await handle.client.query(`drop database if exists "${datname}" with (force)`);
      await handle.client.query(`drop database if exists "${template}" with (force)`);
      await handle.client.query(`create database "${template}"`);
    } finally {
      await handle.close();
    }
    const templateHandle = await connectDatabase({ databaseUrl: withDatabaseName(databaseUrl, template), poolSize: 2 });
    try {
      await migrateDatabase(templateHandle);
    } finally {
      await templateHandle.close();
    }
    project.provide('databaseUrl', databaseUrl);
    project.provide('pgliteTemplate', '');
    project.provide('testRunDir', '');
    project.provide('pgTemplateDatabase', template);
    return async () => {
      const handle = await connectDatabase({ databaseUrl, poolSize: 1 });
      try {
        if (handle.kind === 'postgres') await handle.client.query(`drop database if exists "${template}" with (force)`);
      } finally {
        await handle.close();
      }
    };
  }

  // Leftovers of interrupted runs.
  mkdirSync(testDataRoot, { recursive: true });
  for (const entry of readdirSync(testDataRoot)) {
    const path = join(testDataRoot, entry);
    if (entry.startsWith('run-') && Date.now() - statSync(path).mtimeMs > STALE_MS)
      rmSync(path, { recursive: true, force: true });
  }

  const runDir = join(testDataRoot, `run-${process.pid}-${Date.now().toString(36)}`);
  const template = join(runDir, 'template');
  const handle = await connectDatabase({ dataDir: template });
  try {
    await migrateDatabase(handle);
  } finally {
    await handle.close();
  }
  project.provide('databaseUrl', '');
  project.provide('pgliteTemplate', template);
  project.provide('testRunDir', runDir);
  project.provide('pgTemplateDatabase', '');
  return () => rmSync(runDir, { recursive: true, force: true });
}
