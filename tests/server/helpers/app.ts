import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { createFakeClock, type FakeClock } from '../../../src/server/clock.ts';
import { loadConfig, type AppConfig } from '../../../src/server/config.ts';
import { connectDatabase, type Database, type DatabaseHandle } from '../../../src/server/db/connect.ts';
import type { RateLimitSettings } from '../../../src/server/plugins/rate-limit.ts';
import { loadSecrets, type AppSecrets } from '../../../src/server/secrets.ts';
import { SANDBOX_LENDER } from '../../../src/shared/lender.ts';
import { databaseNameOf, withDatabaseName } from './database-url.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  handle: DatabaseHandle;
  /** The PostgreSQL URL of the database this app opened (another instance connects to it); null on PGlite or when given `database`. */
  databaseUrl: string | null;
  clock: FakeClock;
  config: AppConfig;
  secrets: AppSecrets;
  /** Close the app and the database, and delete this file's PGlite copy. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment (over SANDBOX=true, no client build, silent logs). */
  env?: Record<string, string>;
  /**
   * Rate limits: the app's defaults unless given; false registers none. Each app counts in a namespace of its own
   * in the shared table (test files share one PostgreSQL), unless `namespace` is given: apps given the same one share
   * their budgets, as server instances do.
   */
  rateLimit?: RateLimitSettings | false;
  /** Where the fake clock starts (default: the real now). */
  now?: Date | string;
  extraRoutes?: ReadonlyArray<(app: FastifyInstance) => Promise<void>>;
  /** Set TEST_LOG=1 to see the server's logs. */
  logger?: FastifyServerOptions['logger'];
  /** Reuse an open database (another app of the same file); it is left open by close(). */
  database?: DatabaseHandle;
  /**
   * A database of this file alone, also on PostgreSQL (where files otherwise share one): for a file that runs the
   * jobs that act on every customer (reminders, collection) at dates of its own, which would otherwise change the
   * demo customers other files read. A copy of the run's migrated template, dropped at close. (On PGlite every file
   * has its own database anyway.)
   */
  ownDatabase?: boolean;
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The PostgreSQL URL, or null on PGlite. */
  databaseUrl: string | null;
  /** The PGlite folder, or null on PostgreSQL. */
  dataDir: string | null;
  /** After the handle is closed: delete the PGlite copy, or drop the own PostgreSQL database. */
  remove(): Promise<void>;
}

/**
 * A test file's database: a copy of the run's migrated PGlite template; on PostgreSQL the run's shared database, or
 * with `own` a copy of the run's template database (./global-setup.ts).
 */
export async function openTestDatabase(options: { own?: boolean } = {}): Promise<TestDatabase> {
  const sharedUrl = inject('databaseUrl');
  if (sharedUrl && options.own) {
    const name = `${databaseNameOf(sharedUrl)}_own_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const admin = await connectDatabase({ databaseUrl: sharedUrl, poolSize: 1 });
    try {
      await admin.db.execute(sql.raw(`create database "${name}" template "${inject('pgTemplateDatabase')}"`));
    } finally {
      await admin.close();
    }
    const databaseUrl = withDatabaseName(sharedUrl, name);
    return {
      handle: await connectDatabase({ databaseUrl, poolSize: 4 }),
      databaseUrl,
      dataDir: null,
      remove: async () => {
        const dropper = await connectDatabase({ databaseUrl: sharedUrl, poolSize: 1 });
        try {
          await dropper.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
        } finally {
          await dropper.close();
        }
      },
    };
  }
  if (sharedUrl)
    return {
      handle: await connectDatabase({ databaseUrl: sharedUrl, poolSize: 4 }),
      databaseUrl: sharedUrl,
      dataDir: null,
      remove: async () => undefined,
    };
  const dataDir = join(inject('testRunDir'), `db-${randomUUID()}`);
  cpSync(inject('pgliteTemplate'), dataDir, { recursive: true });
  return {
    handle: await connectDatabase({ dataDir }),
    databaseUrl: null,
    dataDir,
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * The real app on the test database, SANDBOX on, a fake clock, no client build (unless DIST_DIR is given).
 * Build one per test file (beforeAll) and close it in afterAll.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const opened = options.database ? null : await openTestDatabase({ own: options.ownDatabase ?? false });
  const handle = options.database ?? opened!.handle;
  const config = loadConfig({
    SANDBOX: 'true',
    // Files (uploaded documents) beside the database: on PostgreSQL, a folder of this app's own, so test files that
    // share the database never see each other's uploads; an app given a database shares one folder.
    DATA_DIR:
      opened?.dataDir ?? join(inject('testRunDir') || '.test-data', opened ? `files-${randomUUID()}` : 'unused'),
    DIST_DIR: join(inject('testRunDir') || '.test-data', 'no-client-build'),
    LOG_LEVEL: 'silent',
    PORT: '0',
    // The reminder scheduler's timer stays off; push tests run it with app.pushReminders.runOnce().
    PUSH_REMINDERS: 'false',
    // The payout job's timer and nudges stay off too; payout tests run it with app.payout.runOnce().
    PAYOUT_JOB: 'false',
    // The collection-status job too; tests run it with app.collection.runOnce().
    COLLECTION_JOB: 'false',
    // The payment recovery job too; tests run it with app.paymentRecovery.runOnce().
    PAYMENT_RECOVERY_JOB: 'false',
    ...options.env,
  });
  const clock = createFakeClock(options.now ?? new Date());
  const secrets = await loadSecrets(handle.db, config);
  const app = await buildApp({
    config,
    db: handle.db,
    secrets,
    clock,
    logger: options.logger ?? (process.env['TEST_LOG'] ? { level: 'debug' } : false),
    rateLimit: options.rateLimit === false ? false : { namespace: `test-${randomUUID()}:`, ...options.rateLimit },
    ...(options.extraRoutes ? { extraRoutes: options.extraRoutes } : {}),
  });
  return {
    app,
    db: handle.db,
    handle,
    clock,
    config,
    secrets,
    databaseUrl: opened?.databaseUrl ?? null,
    close: async () => {
      await app.close();
      if (!opened) return;
      await handle.close();
      await opened.remove();
    },
  };
}

/**
 * The environment of a server with the sandbox off: every real provider setting (unreachable example URLs) and a
 * lender identity file (the sandbox's identity, written to a temporary file), as `SANDBOX=false` requires.
 */
export function productionEnv(): Record<string, string> {
  const lenderFile = join(mkdtempSync(join(tmpdir(), 'lender-')), 'lender.json');
  writeFileSync(lenderFile, JSON.stringify(SANDBOX_LENDER));
  return {
    SANDBOX: 'false',
    LENDER_FILE: lenderFile,
    SMS_PROVIDER_URL: 'https://sms.example/api',
    SMS_PROVIDER_API_KEY: 'k',
    CARD_GATEWAY_URL: 'https://cards.example/api',
    CARD_GATEWAY_API_KEY: 'k',
    OPEN_BANKING_URL: 'https://bank.example/api',
    OPEN_BANKING_API_KEY: 'k',
    DIRECT_TRANSFER_URL: 'https://transfer.example/api',
    DIRECT_TRANSFER_API_KEY: 'k',
  };
}
