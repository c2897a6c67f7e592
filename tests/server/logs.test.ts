import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '../../src/shared/api/define.ts';
import {
  CLIENT_LOG_LIMITS,
  clientLogRecordSchema,
  type ClientLogAction,
  type ClientLogRecord,
} from '../../src/shared/api/logs.ts';
import { appendClientLog, findClientLog, upsertClientLog } from '../../src/server/modules/logs/repository.ts';
import { connectDatabase } from '../../src/server/db/connect.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { migrationsDir } from '../../src/server/paths.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function record(overrides: Partial<ClientLogRecord> = {}): ClientLogRecord {
  return clientLogRecordSchema.parse({
    deviceId: `device-${randomUUID()}`,
    sessionHash: randomUUID(),
    application: 'prestamo-rapido-web',
    userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/126',
    actions: [
      { type: 'pageView', activePage: '/', actionTime: '2025-03-01T10:00:00.000Z', payload: { title: 'Inicio' } },
    ],
    firstInit: true,
    update: false,
    ...overrides,
  });
}

const action = (type: string, payload: ClientLogAction['payload'] = null): ClientLogAction => ({
  type,
  activePage: '/login',
  actionTime: new Date().toISOString(),
  payload,
});

describe('client activity log (POST then PUT /logs/write)', () => {
  it('creates the record with POST, appends with PUT, answers wrapped in data', async () => {
    const first = record({ customerId: 42, email: { email: 'ana@example.com' }, mobilePhone: { phone: '612345678' } });
    const created = await t.app.inject({ method: 'POST', url: '/logs/write', payload: first });
    expect(created.statusCode).toBe(200);
    const { data } = created.json() as { data: { id: number; actionCount: number } };
    expect(data.actionCount).toBe(1);

    const next = {
      ...first,
      firstInit: false,
      update: true,
      actions: [
        action('request', { url: '/api/x', status: 500, message: 'Network Error', correlationId: 'c1' }),
        action('browserError', 'JSON stringify error'),
      ],
    };
    const appended = await t.app.inject({ method: 'PUT', url: '/logs/write', payload: next });
    expect(appended.statusCode).toBe(200);
    expect(appended.json()).toEqual({ data: { id: data.id, actionCount: 3 } });

    const stored = await findClientLog(t.db, first);
    expect(stored).toMatchObject({
      id: data.id,
      customerId: 42,
      email: 'ana@example.com',
      mobilePhone: '612345678',
      actionCount: 3,
      firstInit: true,
    });
    expect((stored!.actions as Array<{ type: string }>).map((a) => a.type)).toEqual([
      'pageView',
      'request',
      'browserError',
    ]);
  });

  it('PUT without a record answers 404 in the error shape', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/logs/write',
      payload: record({ firstInit: false, update: true }),
    });
    expect(response.statusCode).toBe(404);
    expect(errorResponseSchema.parse(response.json()).errors[0]?.code.name).toBe('NotFound');
  });

  it('a repeated POST of the same session appends instead of failing', async () => {
    const first = record();
    await t.app.inject({ method: 'POST', url: '/logs/write', payload: first });
    const again = await t.app.inject({ method: 'POST', url: '/logs/write', payload: first });
    expect((again.json() as { data: { actionCount: number } }).data.actionCount).toBe(2);
  });

  it(`caps actions per request (${CLIENT_LOG_LIMITS.actionsPerRequest}) and payload size`, async () => {
    const many = {
      ...record(),
      actions: Array.from({ length: CLIENT_LOG_LIMITS.actionsPerRequest + 1 }, () => action('click')),
    };
    const tooMany = await t.app.inject({ method: 'POST', url: '/logs/write', payload: many });
    expect(tooMany.statusCode).toBe(400);
    expect(errorResponseSchema.parse(tooMany.json()).errors[0]?.message).toBe(
      `Los datos enviados no son válidos: actions (Debe contener como máximo ${CLIENT_LOG_LIMITS.actionsPerRequest} elementos).`,
    );
    const big = { ...record(), actions: [action('click', { text: 'x'.repeat(CLIENT_LOG_LIMITS.payloadChars) })] };
    const tooBig = await t.app.inject({ method: 'POST', url: '/logs/write', payload: big });
    expect(tooBig.statusCode).toBe(400);
    expect(errorResponseSchema.parse(tooBig.json()).errors[0]?.message).toBe(
      `Los datos enviados no son válidos: actions.0.payload (La longitud máxima es ${CLIENT_LOG_LIMITS.payloadChars}).`,
    );
  });

  it('keeps only the newest actions of a record beyond its cap', async () => {
    const key = { deviceId: `device-${randomUUID()}`, sessionHash: randomUUID() };
    const meta = {
      ...key,
      application: 'web',
      customerId: null,
      email: null,
      mobilePhone: null,
      userAgent: 'ua',
      firstInit: true,
    };
    const now = t.clock.now();
    await upsertClientLog(t.db, meta, [action('a1'), action('a2')], now, 3);
    await appendClientLog(t.db, key, meta, [action('a3'), action('a4')], now, 3);
    const row = await upsertClientLog(t.db, meta, [action('a5')], now, 3);
    expect(row.actionCount).toBe(3);
    const stored = await findClientLog(t.db, key);
    expect((stored!.actions as Array<{ type: string }>).map((a) => a.type)).toEqual(['a3', 'a4', 'a5']);
  });
});

describe('client activity log storage (append-only rows)', () => {
  it('keeps exactly the newest actions through many writes past the cap, in the order sent', async () => {
    const cap = 5;
    const key = { deviceId: `device-${randomUUID()}`, sessionHash: randomUUID() };
    const meta = { ...key, application: 'web', customerId: null, email: null, mobilePhone: null, userAgent: 'ua' };
    const now = t.clock.now();
    let sent = 0;
    const batch = (size: number) => Array.from({ length: size }, () => action(`a${++sent}`));
    const counts = [(await upsertClientLog(t.db, { ...meta, firstInit: true }, batch(2), now, cap)).actionCount];
    for (const size of [2, 3, 1, 0, 4, 2]) {
      counts.push((await appendClientLog(t.db, key, meta, batch(size), now, cap))!.actionCount);
    }
    // A batch larger than the whole cap keeps its own newest actions.
    counts.push((await upsertClientLog(t.db, { ...meta, firstInit: false }, batch(7), now, cap)).actionCount);
    expect(counts).toEqual([2, 4, 5, 5, 5, 5, 5, 5]);
    const stored = await findClientLog(t.db, key);
    expect((stored!.actions as Array<{ type: string }>).map((a) => a.type)).toEqual([
      'a17',
      'a18',
      'a19',
      'a20',
      'a21',
    ]);
    expect(stored!.actionCount).toBe(5);
  });

  it('loses no action when one session appends from many requests at once', async () => {
    const first = record({ actions: [] });
    expect((await t.app.inject({ method: 'POST', url: '/logs/write', payload: first })).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.inject({
          method: 'PUT',
          url: '/logs/write',
          payload: { ...first, firstInit: false, update: true, actions: [action(`p${i}-1`), action(`p${i}-2`)] },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(200));
    const counts = answers.map((answer) => (answer.json() as { data: { actionCount: number } }).data.actionCount);
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => 2 * (i + 1)));
    const stored = await findClientLog(t.db, { deviceId: first.deviceId, sessionHash: first.sessionHash });
    const types = (stored!.actions as Array<{ type: string }>).map((a) => a.type);
    expect(types).toHaveLength(24);
    // Each request's two actions are stored next to each other, in the order it sent them.
    for (let i = 0; i < 12; i += 1) expect(types.indexOf(`p${i}-2`)).toBe(types.indexOf(`p${i}-1`) + 1);
  });
});

describe.skipIf(Boolean(process.env['DATABASE_URL']))('migration 0012: actions move to their own rows', () => {
  it('moves every stored action of every record, in order, and drops the jsonb column', async () => {
    const root = mkdtempSync(join(tmpdir(), 'client-log-migration-'));
    const before = join(root, 'migrations');
    cpSync(migrationsDir, before, { recursive: true });
    const journalFile = join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
    const at = journal.entries.findIndex((entry) => entry.tag === '0012_client_log_actions');
    expect(at).toBeGreaterThan(0);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    const handle = await connectDatabase({ dataDir: join(root, 'data') });
    try {
      await migrateDatabase(handle, before);
      await handle.db.execute(sql`insert into client_logs (device_id, session_hash, application, user_agent, actions,
        action_count, created_at, updated_at) values
        ('d1', 's1', 'web', 'ua', ${JSON.stringify([{ type: 'x1' }, { type: 'x2' }, { type: 'x3' }])}::jsonb, 3, now(), now()),
        ('d2', 's2', 'web', 'ua', '[]'::jsonb, 0, now(), now()),
        ('d3', 's3', 'web', 'ua', ${JSON.stringify([{ type: 'y1' }])}::jsonb, 1, now(), now())`);
      await migrateDatabase(handle);
      const types = async (deviceId: string) =>
        (
          (await findClientLog(handle.db, { deviceId, sessionHash: deviceId.replace('d', 's') }))!.actions as Array<{
            type: string;
          }>
        ).map((a) => a.type);
      expect(await types('d1')).toEqual(['x1', 'x2', 'x3']);
      expect(await types('d2')).toEqual([]);
      expect(await types('d3')).toEqual(['y1']);
      const { rows } = (await handle.db.execute(
        sql`select column_name from information_schema.columns where table_name = 'client_logs' and column_name = 'actions'`,
      )) as unknown as { rows: unknown[] };
      expect(rows).toEqual([]);
    } finally {
      await handle.close();
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});
