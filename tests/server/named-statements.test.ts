import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from '../../src/server/db/connect.ts';
import { PLANNED_PER_VALUE, plannedPerValue, StatementNames } from '../../src/server/db/named-statements.ts';

describe('StatementNames: which query texts run as named statements', () => {
  it('names a text from its second use, always with the same name, one name per text', () => {
    const names = new StatementNames();
    expect(names.nameOf('select $1')).toBeUndefined();
    const name = names.nameOf('select $1');
    expect(name).toMatch(/^q\d+$/);
    expect(names.nameOf('select $1')).toBe(name);
    names.nameOf('select $2');
    expect(names.nameOf('select $2')).not.toBe(name);
    expect(names.size).toBe(2);
  });

  it('never names a text marked as planned per value', () => {
    const names = new StatementNames();
    const text = `select id from customers where ${PLANNED_PER_VALUE} search_prefixes @@ $1::tsquery`;
    for (let use = 0; use < 3; use += 1) expect(names.nameOf(text)).toBeUndefined();
    expect(names.size).toBe(0);
  });

  it('stops naming new texts at the cap (they run unnamed), and keeps the names it gave', () => {
    const names = new StatementNames(2);
    for (const text of ['a', 'a', 'b', 'b', 'c', 'c', 'c']) names.nameOf(text);
    expect(names.size).toBe(2);
    expect(names.nameOf('c')).toBeUndefined();
    expect(names.nameOf('a')).toBe('q1');
  });
});

const databaseUrl = process.env['DATABASE_URL'];

describe.skipIf(!databaseUrl)('named statements on PostgreSQL', () => {
  it('prepares a repeated query once per connection, and recovers from a failed statement', async () => {
    const handle = await connectDatabase({ databaseUrl, poolSize: 1 });
    try {
      const marker = `named-${Date.now()}`;
      const query = (value: number) =>
        handle.db.execute(sql`select ${value}::integer + 1 as next, ${marker} as marker`);
      for (let value = 0; value < 3; value += 1) await query(value);
      const prepared = (await handle.db.execute(
        sql`select name, statement from pg_prepared_statements where statement like ${`%${'::integer + 1 as next'}%`}`,
      )) as unknown as { rows: Array<{ name: string; statement: string }> };
      expect(prepared.rows).toHaveLength(1);
      expect(prepared.rows[0]!.name).toMatch(/^q\d+$/);
      const answer = (await query(41)) as unknown as { rows: Array<{ next: number }> };
      expect(answer.rows[0]!.next).toBe(42);

      // A text that fails to parse twice (so it gets a name) leaves the connection usable, and inside a transaction
      // that rolls back the statements prepared before stay usable.
      const broken = () => handle.db.execute(sql`select ${1}::integer from no_such_table_here`);
      await expect(broken()).rejects.toThrow(/no_such_table_here/);
      await expect(broken()).rejects.toThrow(/no_such_table_here/);
      await expect(
        handle.db.transaction(async (tx) => {
          await tx.execute(sql`select ${2}::integer + 1 as next, ${marker} as marker`);
          await tx.execute(sql`select ${1}::integer from no_such_table_here`);
        }),
      ).rejects.toThrow(/no_such_table_here/);
      const after = (await query(1)) as unknown as { rows: Array<{ next: number }> };
      expect(after.rows[0]!.next).toBe(2);

      // A condition planned per value: run three times, never prepared.
      for (let value = 0; value < 3; value += 1)
        await handle.db.execute(sql`select 1 as one where ${plannedPerValue(sql`${value}::integer >= 0`)}`);
      const perValue = (await handle.db.execute(
        sql`select name from pg_prepared_statements where statement like ${`%${PLANNED_PER_VALUE}%`}`,
      )) as unknown as { rows: unknown[] };
      expect(perValue.rows).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
