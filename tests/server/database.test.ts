import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from '../../src/server/db/connect.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { customers, customerStatusHistory } from '../../src/server/db/schema/index.ts';
import { migrationsDir } from '../../src/server/paths.ts';
import { loadSecrets } from '../../src/server/secrets.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openTestDatabase } from './helpers/app.ts';
import { createCustomer, uniquePhone } from './helpers/customers.ts';

const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};

type Rows<T> = { rows: T[] };

const appliedMigrations = async (db: Parameters<typeof migrateDatabase>[0]['db']) => {
  const result = (await db.execute(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  )) as unknown as Rows<{ count: number }>;
  return result.rows[0]!.count;
};

describe('database', () => {
  it('applies the committed migrations idempotently (again and again)', async () => {
    const { handle, dataDir } = await openTestDatabase();
    try {
      const before = await appliedMigrations(handle.db);
      expect(before).toBe(journal.entries.length);
      await migrateDatabase(handle);
      await migrateDatabase(handle);
      expect(await appliedMigrations(handle.db)).toBe(before);
      const tables = (await handle.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      )) as unknown as Rows<{ table_name: string }>;
      expect(tables.rows.map((row) => row.table_name)).toEqual(
        expect.arrayContaining([
          'app_secrets',
          'client_logs',
          'credentials',
          'customer_status_history',
          'customers',
          'installments',
          'loan_status_history',
          'loans',
          'one_time_codes',
          'sessions',
          'sms_outbox',
        ]),
      );
    } finally {
      await handle.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps data and secrets across a restart (close, reopen, migrate)', async () => {
    const { handle, dataDir } = await openTestDatabase();
    const phone = uniquePhone();
    const config = loadConfig({});
    let customerId: number;
    let jwtKey: Uint8Array;
    let vapidPublicKey: string;
    try {
      customerId = (await createCustomer(handle, { phone, status: 'preRegistered' })).id;
      await handle.db
        .insert(customerStatusHistory)
        .values({ customerId, fromStatus: 'new', toStatus: 'preRegistered', changedBy: 'customer' });
      const secrets = await loadSecrets(handle.db, config);
      jwtKey = secrets.jwtKey;
      vapidPublicKey = secrets.vapid.publicKey;
      expect(vapidPublicKey).toMatch(/^[\w-]{87}$/);
    } finally {
      await handle.close();
    }

    const reopened = await connectDatabase(
      dataDir ? { dataDir } : { databaseUrl: handle.kind === 'postgres' ? process.env['DATABASE_URL']! : null },
    );
    try {
      await migrateDatabase(reopened);
      const [row] = await reopened.db.select().from(customers).where(eq(customers.phone, phone));
      expect(row).toMatchObject({ id: customerId, status: 'preRegistered' });
      const history = await reopened.db
        .select()
        .from(customerStatusHistory)
        .where(eq(customerStatusHistory.customerId, customerId));
      expect(history).toHaveLength(1);
      const secrets = await loadSecrets(reopened.db, config);
      expect(Buffer.from(secrets.jwtKey).equals(Buffer.from(jwtKey))).toBe(true);
      expect(secrets.vapid.publicKey).toBe(vapidPublicKey);
    } finally {
      await reopened.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('uses JWT_SECRET and VAPID keys from the environment when set', async () => {
    const { handle, dataDir } = await openTestDatabase();
    try {
      const secrets = await loadSecrets(
        handle.db,
        loadConfig({ JWT_SECRET: 's'.repeat(32), VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv' }),
      );
      expect(new TextDecoder().decode(secrets.jwtKey)).toBe('s'.repeat(32));
      expect(secrets.vapid).toEqual({
        publicKey: 'pub',
        privateKey: 'priv',
        subject: 'mailto:soporte@prestamorapido.example',
      });
    } finally {
      await handle.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
