import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '../../src/shared/api/define.ts';
import {
  CLIENT_LOG_LIMITS,
  clientLogRecordSchema,
  type ClientLogAction,
  type ClientLogRecord,
} from '../../src/shared/api/logs.ts';
import { appendClientLog, findClientLog, upsertClientLog } from '../../src/server/modules/logs/repository.ts';
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
