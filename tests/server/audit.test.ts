import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditPageSchema, type AuditRecord } from '../../src/shared/api/audit.ts';
import { defineCall } from '../../src/shared/api/define.ts';
import { insertAuditRecord } from '../../src/server/audit/audit-repository.ts';
import { staffWrite } from '../../src/server/audit/staff-write.ts';
import { registerCall } from '../../src/server/http/register-call.ts';
import { blockMember, recordPinFailure } from '../../src/server/modules/membership/index.ts';
import { createTestApp, productionEnv, type TestApp } from './helpers/app.ts';
import { createMember, errorsOf, postLogin, sessionOf } from './helpers/membership-login.ts';
import { staffSession, type StaffLoggedIn } from './helpers/staff.ts';

/**
 * The audit trail (docs/backoffice.md §3): the table refuses UPDATE, DELETE and TRUNCATE (on PGlite and on
 * PostgreSQL: the same migration's triggers); a staff write and its record commit together or not at all; a staff
 * write answered without a record is a 500 in the sandbox (and only logged in production); the readers page and
 * filter; the staff calls that write leave their record with the values before and after.
 */

// Test-only staff writes: one audited through staffWrite (and one that fails after its change), one that forgets.
const ProbeAuditedPost = defineCall({
  name: 'ProbeAuditedPost',
  method: 'POST',
  path: '/api/test/audited/:customerId',
  auth: 'staff',
  roles: ['cam', 'administrator', 'alladmins'],
  params: z.strictObject({ customerId: z.coerce.number().int().positive() }),
  body: z.strictObject({ fail: z.boolean() }),
  response: z.object({ ok: z.boolean() }),
});
const ProbeUnauditedPost = defineCall({
  name: 'ProbeUnauditedPost',
  method: 'POST',
  path: '/api/test/unaudited',
  auth: 'staff',
  roles: ['cam', 'administrator', 'alladmins'],
  response: z.object({ ok: z.boolean() }),
});

async function probeRoutes(app: FastifyInstance) {
  registerCall(app, ProbeAuditedPost, ({ params, body, requireStaff, request }) =>
    staffWrite(
      { db: app.db, clock: app.clock },
      { staff: requireStaff(), request },
      { entityType: 'probe', entityId: params.customerId, customerId: params.customerId, reason: 'prueba' },
      async () => {
        if (body.fail) throw new Error('the change failed after it began');
        return { before: { n: 1 }, after: { n: 2 }, result: { ok: true } };
      },
    ),
  );
  registerCall(app, ProbeUnauditedPost, () => ({ ok: true }));
}

let t: TestApp;
let production: TestApp;
let agent: StaffLoggedIn;
let admin: StaffLoggedIn;

beforeAll(async () => {
  t = await createTestApp({ extraRoutes: [probeRoutes] });
  production = await createTestApp({ database: t.handle, env: productionEnv(), extraRoutes: [probeRoutes] });
  agent = await staffSession(t, 'cam');
  admin = await staffSession(t, 'administrator');
});
afterAll(async () => {
  await production.close();
  await t.close();
});

const json = { 'content-type': 'application/json' };

async function customerRecords(customerId: number, who: StaffLoggedIn = admin): Promise<AuditRecord[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/customer/${customerId}/operations?pageSize=100`,
    headers: who.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return auditPageSchema.parse((response.json() as { data: unknown }).data).items;
}

const sample = (customerId: number) => ({
  at: t.clock.now(),
  actorKind: 'staff' as const,
  staffUserId: admin.staff.id,
  role: 'administrator',
  callName: 'TestCall',
  entityType: 'customer',
  entityId: String(customerId),
  customerId,
  before: { a: 1 },
  after: { a: 2 },
  requestId: 'req-1',
});

describe('audit_records is append-only in the database', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, whoever asks, and keeps the record as written', async () => {
    const customer = await createMember(t);
    const id = await insertAuditRecord(t.db, sample(customer.id));
    for (const statement of [
      sql`update audit_records set reason = 'cambiado' where id = ${id}`,
      sql`delete from audit_records where id = ${id}`,
      sql`truncate audit_records`,
    ]) {
      const refusal = await t.db.execute(statement).then(
        () => null,
        (error: unknown) => error as Error & { cause?: Error },
      );
      // Drizzle wraps the database's error: the trigger's message is its cause.
      expect(refusal?.cause?.message ?? refusal?.message).toMatch(/audit_records is append-only/);
    }
    const [record] = await customerRecords(customer.id);
    expect(record).toMatchObject({ id, reason: null, before: { a: 1 }, after: { a: 2 } });
  });
});

describe('staffWrite and the unaudited-write check', () => {
  it('commits the record with the change: who, role, call, entity, before and after, reason, request', async () => {
    const customer = await createMember(t);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/test/audited/${customer.id}`,
      headers: { ...agent.headers, ...json },
      payload: { fail: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [record] = await customerRecords(customer.id);
    expect(record).toMatchObject({
      actorKind: 'staff',
      staffUserId: agent.staff.id,
      staffName: 'Empleada de Prueba',
      role: 'cam',
      callName: 'ProbeAuditedPost',
      entityType: 'probe',
      entityId: String(customer.id),
      customerId: customer.id,
      before: { n: 1 },
      after: { n: 2 },
      reason: 'prueba',
      at: t.clock.now().toISOString(),
    });
    expect(record!.requestId).not.toBe('');
  });

  it('keeps no record of a change that failed (one transaction)', async () => {
    const customer = await createMember(t);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/test/audited/${customer.id}`,
      headers: { ...agent.headers, ...json },
      payload: { fail: true },
    });
    expect(response.statusCode).toBe(500);
    expect(await customerRecords(customer.id)).toEqual([]);
  });

  it('answers an unaudited staff write with a 500 in the sandbox, and lets it through (logged) in production', async () => {
    const sandbox = await t.app.inject({ method: 'POST', url: '/api/test/unaudited', headers: agent.headers });
    expect(errorsOf(sandbox, 500)[0]!.code.name).toBe('InternalError');
    const real = await production.app.inject({ method: 'POST', url: '/api/test/unaudited', headers: agent.headers });
    expect(real.statusCode, real.body).toBe(200);
  });
});

describe('UnblockPost', () => {
  const unblock = (customerId: number, who: StaffLoggedIn = agent, reason = 'Ha llamado y se ha identificado') =>
    t.app.inject({
      method: 'POST',
      url: '/api/membership/unblock',
      headers: { ...who.headers, ...json },
      payload: { customerId, reason },
    });

  it('lifts a block of 5 wrong PINs: the customer logs in again, the record holds the block and the reason', async () => {
    const member = await createMember(t);
    for (let failure = 0; failure < 5; failure += 1)
      await postLogin(t.app, { phoneNumber: member.phone, password: '9999' });
    const blocked = await postLogin(t.app, { phoneNumber: member.phone, password: member.pin });
    expect(errorsOf(blocked, 422)[0]!.code.name).toBe('MemberBlocked');

    const response = await unblock(member.id);
    expect(response.statusCode, response.body).toBe(200);
    sessionOf(await postLogin(t.app, { phoneNumber: member.phone, password: member.pin }));

    const [record] = await customerRecords(member.id);
    expect(record).toMatchObject({
      callName: 'UnblockPost',
      staffUserId: agent.staff.id,
      role: 'cam',
      entityType: 'customer',
      entityId: String(member.id),
      customerId: member.id,
      before: { blocked: true, failures: 5 },
      after: { blocked: false, blockedAt: null, failures: 0 },
      reason: 'Ha llamado y se ha identificado',
    });
    expect(record!.before!['blockedAt']).toEqual(expect.any(String));
  });

  it('refuses a customer who is not blocked, and an unknown one with a 404, writing nothing', async () => {
    const member = await createMember(t);
    await recordPinFailure(t.db, member.id, 5, t.clock.now());
    const notBlocked = await unblock(member.id);
    expect(errorsOf(notBlocked, 422)[0]!.code.name).toBe('CustomerNotBlocked');
    const unknown = await unblock(2_000_000_000);
    expect(errorsOf(unknown, 404)[0]).toMatchObject({
      code: { name: 'StaffCustomerNotFound', value: 2007 },
      message: 'No hemos encontrado ese cliente.',
    });
    expect(await customerRecords(member.id)).toEqual([]);
  });

  it('wants a reason of 3 characters or more, in Spanish', async () => {
    const member = await createMember(t);
    await blockMember(t.db, member.id, t.clock.now());
    const response = await unblock(member.id, agent, ' a ');
    expect(errorsOf(response, 400)[0]!.message).toContain('al menos 3 caracteres');
  });
});

describe('the readers', () => {
  it('AuditLogGet pages newest first and filters by staff member and by Madrid days', async () => {
    const customer = await createMember(t);
    const before = new Date(t.clock.now());
    for (let n = 0; n < 3; n += 1) {
      t.clock.advance(60_000);
      await insertAuditRecord(t.db, { ...sample(customer.id), staffUserId: agent.staff.id, callName: `Call${n}` });
    }
    const page = async (query: string, status = 200) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/misc/log?${query}`, headers: admin.headers });
      expect(response.statusCode, response.body).toBe(status);
      return response;
    };
    const first = auditPageSchema.parse(
      (await page(`staffUserId=${agent.staff.id}&customerId=${customer.id}&pageSize=10`)).json().data,
    );
    expect(first.items.map((record) => record.callName)).toEqual(['Call2', 'Call1', 'Call0']);
    expect(first).toMatchObject({ page: 1, pageSize: 10, total: 3, totalCapped: false });
    const second = auditPageSchema.parse((await page(`customerId=${customer.id}&pageSize=10&page=2`)).json().data);
    expect(second.items).toEqual([]);

    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(before);
    const today = auditPageSchema.parse((await page(`customerId=${customer.id}&from=${day}&to=${day}`)).json().data);
    expect(today.total).toBe(3);
    const inverted = await page(`from=2026-02-02&to=2026-02-01`, 422);
    expect(errorsOf(inverted, 422)[0]!.code.name).toBe('DateRangeInvalid');
    expect(errorsOf(await page('pageSize=7', 400), 400)[0]!.message).toContain('10, 25, 50, 100');
  });

  it('AuditLogGet is for administrators; a customer file of an unknown customer is a 404', async () => {
    const forbidden = await t.app.inject({ method: 'GET', url: '/api/misc/log', headers: agent.headers });
    expect(errorsOf(forbidden, 403)[0]!.code.name).toBe('Forbidden');
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/customer/2000000000/operations',
      headers: agent.headers,
    });
    expect(errorsOf(unknown, 404)[0]!.code.name).toBe('StaffCustomerNotFound');
  });
});

describe("the staff's own writes are audited", () => {
  it('logout and a password change leave their records (never the hashes)', async () => {
    const member = await staffSession(t, 'cam');
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/membership/staff/changePassword',
      headers: { ...member.headers, ...json },
      payload: { currentPassword: 'Contraseña-de-prueba-1', newPassword: 'Otra-contraseña-larga-2' },
    });
    expect(change.statusCode, change.body).toBe(200);
    const logout = await t.app.inject({ method: 'POST', url: '/api/membership/staff/logout', headers: member.headers });
    expect(logout.statusCode, logout.body).toBe(200);

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/misc/log?staffUserId=${member.staff.id}`,
      headers: admin.headers,
    });
    const records = auditPageSchema.parse(response.json().data).items;
    expect(records.map((record) => [record.callName, record.entityType, record.after])).toEqual([
      ['StaffLogoutPost', 'staffSession', { sessionEnded: true }],
      [
        'StaffPasswordChangePost',
        'staffUser',
        { mustChangePassword: false, passwordChanged: true, otherSessionsEnded: 0 },
      ],
    ]);
    expect(JSON.stringify(records)).not.toMatch(/scrypt|Contraseña/);
  });
});
