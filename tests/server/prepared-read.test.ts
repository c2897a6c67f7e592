import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectDatabase, type Executor } from '../../src/server/db/connect.ts';
import { preparedRead } from '../../src/server/db/prepared.ts';
import { findMemberById } from '../../src/server/modules/membership/index.ts';

describe('preparedRead: a hot read built once per executor', () => {
  it('builds on the first call of an executor and reuses it; another executor (a transaction) builds its own', async () => {
    const built: string[] = [];
    const read = preparedRead((db) => {
      const label = (db as unknown as { label: string }).label;
      built.push(label);
      return { execute: async (params: { n: number }) => `${label}:${params.n}` };
    });
    const server = { label: 'server' } as unknown as Executor;
    const transaction = { label: 'tx' } as unknown as Executor;
    expect(await read(server, { n: 1 })).toBe('server:1');
    expect(await read(server, { n: 2 })).toBe('server:2');
    expect(await read(transaction, { n: 3 })).toBe('tx:3');
    expect(built).toEqual(['server', 'tx']);
  });
});

const databaseUrl = process.env['DATABASE_URL'];

describe.skipIf(!databaseUrl)('preparedRead on PostgreSQL', () => {
  it('runs as one named statement per connection, with the parameters of each call', async () => {
    const handle = await connectDatabase({ databaseUrl, poolSize: 1 });
    try {
      expect(await findMemberById(handle.db, 2_000_000_000)).toBeNull();
      expect(await findMemberById(handle.db, 2_000_000_001)).toBeNull();
      const prepared = (await handle.db.execute(
        sql`select name from pg_prepared_statements where name = 'member_by_id'`,
      )) as unknown as { rows: Array<{ name: string }> };
      expect(prepared.rows).toHaveLength(1);
      // Inside a transaction the read is the transaction's (it sees the transaction's own writes).
      await handle.db.transaction(async (tx) => {
        expect(await findMemberById(tx, 2_000_000_000)).toBeNull();
      });
    } finally {
      await handle.close();
    }
  });
});
