import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/server/logger.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { cardCustomer, cardForm, enterCard, postCard, runThreeDs, SANDBOX_TEST_CARDS } from './helpers/cards.ts';
import { staffSession } from './helpers/staff.ts';

/**
 * PCI DSS: after entering every sandbox test card (and refused ones), neither a full card number nor the CVV is in
 * any column of any table of the database, in the staff's card reads, nor in any server log line (at the most
 * verbose level).
 */

const CVV = '987';
const lines: unknown[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as unknown);
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, logger: { ...(loggerOptions('trace') as object), stream: sink } });
});
afterAll(() => t.close());

type Rows<T> = { rows: T[] };

/**
 * Whether a value under `key` is the CVV: as text anywhere; as a number only under a key that is not a counter, an
 * id, a time or an amount (a row id or a pid of 987 on a busy database is not a leak).
 */
const isCvv = (key: string, value: unknown) =>
  value === CVV ||
  (value === Number(CVV) &&
    !/(^|_|[a-z])(id|Id|pid|time|Time|level|statusCode|count|Count|cents|Cents|Ms|bytes|port)$/.test(key));

/** Every value of a JSON tree with the key it is under. */
function* leaves(value: unknown, key = ''): Generator<[string, unknown]> {
  if (Array.isArray(value)) for (const item of value) yield* leaves(item, key);
  else if (value !== null && typeof value === 'object')
    for (const [name, item] of Object.entries(value)) yield* leaves(item, name);
  else yield [key, value];
}

describe('no card number or CVV at rest or in logs', () => {
  it('after every test card, refused numbers and 3-D Secure flows', async () => {
    const who = await cardCustomer(t);
    const numbers: string[] = [];
    for (const number of Object.values(SANDBOX_TEST_CARDS)) {
      numbers.push(number);
      const result = await enterCard(t, who, number, { cv2: CVV });
      if (result.card3dsFlowResponse) await runThreeDs(t, who, result, 'authorize');
    }
    // Refused entries: Luhn, expiry, CVV shape, terms, unknown field, too long, the same card again.
    const refused: Array<[string, Record<string, unknown>]> = [
      ['4111111111111112', {}],
      ['5555555555554444', { expiryYear: '2020' }],
      ['4012888888881881', { cv2: '98' }],
      ['4012888888881881', { agreementsAccept: false }],
      ['4012888888881881', { extra: 'x' }],
      ['4111111111111111', {}],
    ];
    for (const [number, overrides] of refused) {
      numbers.push(number);
      const response = await postCard(t, who, cardForm(number, { cv2: CVV, ...overrides }));
      expect(response.statusCode, number).toBeGreaterThanOrEqual(400);
      expect(response.body).not.toContain(number);
    }
    const tooLong = '4111111111111111411111111111111';
    numbers.push(tooLong);
    expect((await postCard(t, who, cardForm(tooLong, { cv2: CVV }))).statusCode).toBe(400);

    // What staff read of the cards (the customer file's 'Tarjetas'): the masked numbers, never a number or the CVV.
    const agent = await staffSession(t, 'cam');
    const staffCards = await t.app.inject({
      url: `/api/card/customer/ordered/${who.customer.id}`,
      headers: agent.headers,
    });
    expect(staffCards.statusCode, staffCards.body).toBe(200);
    expect(staffCards.body).toContain('411111******1111');
    for (const number of numbers) expect(staffCards.body).not.toContain(number);
    for (const [key, value] of leaves(staffCards.json())) expect(isCvv(key, value), key).toBe(false);
    const cardIds = (staffCards.json() as { data: Array<{ id: number }> }).data.map((card) => card.id);
    for (const cardId of cardIds) {
      const history = await t.app.inject({ url: `/api/card/statusHistory/${cardId}`, headers: agent.headers });
      expect(history.statusCode, history.body).toBe(200);
      for (const number of numbers) expect(history.body).not.toContain(number);
    }

    // Every column of every table, as JSON.
    const tables = (await t.db.execute(
      sql`select table_schema, table_name from information_schema.tables
          where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE'`,
    )) as unknown as Rows<{ table_schema: string; table_name: string }>;
    expect(tables.rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(['cards', 'card_three_ds_sessions', 'card_status_history', 'idempotency_keys']),
    );
    const dump: unknown[] = [];
    /** Where a text is found: `table: …text around it…`, so a failure names the table. */
    const foundIn: Array<[string, string]> = [];
    // The tables a card entry writes: there a number equal to the CVV is suspect too (elsewhere, on a database other
    // tests share, a row id or an amount may be 987 by chance).
    const cardDump: unknown[] = [];
    const cardTables = ['cards', 'card_three_ds_sessions', 'card_status_history', 'idempotency_keys'];
    for (const { table_schema: schema, table_name: name } of tables.rows) {
      const rows = (await t.db.execute(
        sql.raw(`select row_to_json(t) as row from "${schema}"."${name}" t`),
      )) as unknown as Rows<{ row: unknown }>;
      dump.push(...rows.rows.map((row) => row.row));
      for (const row of rows.rows) foundIn.push([`${schema}.${name}`, JSON.stringify(row.row)]);
      if (cardTables.includes(name)) cardDump.push(...rows.rows.map((row) => row.row));
    }
    const dumpText = JSON.stringify(dump);
    expect(dumpText).toContain('411111******1111');
    const where = (text: string) =>
      foundIn.filter(([, row]) => row.includes(text)).map(([table, row]) => `${table}: ${row.slice(0, 300)}`);
    for (const number of numbers) {
      expect(where(number), number).toEqual([]);
      expect(where(number.replace(/(\d{4})(?=\d)/g, '$1 ')), number).toEqual([]);
    }
    // No stored request body (a `cv2` field), no column or JSON value that is the CVV.
    expect(dumpText).not.toMatch(/\\?"cv2\\?"/);
    // An id kept as text (audit_records.entity_id) may be '987' by chance on a database other tests share.
    for (const [key, value] of leaves(dump)) expect(value === CVV && !/(^|_)id$|Id$/.test(key), key).toBe(false);
    for (const [key, value] of leaves(cardDump)) expect(isCvv(key, value), key).toBe(false);

    // Every log line.
    expect(lines.length).toBeGreaterThan(20);
    const logText = JSON.stringify(lines);
    expect(logText).toContain('/api/card/createAndValidate');
    // The request serializer logs no body.
    for (const line of lines as Array<{ req?: Record<string, unknown> }>) {
      if (line.req) expect(Object.keys(line.req)).not.toContain('body');
    }
    for (const number of numbers) expect(logText).not.toContain(number);
    for (const [key, value] of leaves(lines)) {
      expect(isCvv(key, value), key).toBe(false);
      if (/^(cv2|cardNumber)$/.test(key)) expect(value).toBe('[redacted]');
    }
  });
});
