import { randomInt } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { auditPageSchema, type AuditRecord } from '../../src/shared/api/audit.ts';
import { paged } from '../../src/shared/api/paging.ts';
import { staffUserSchema, type StaffUser } from '../../src/shared/api/staff.ts';
import { totpCode } from '../../src/server/auth/totp.ts';
import { collectionCompanies } from '../../src/server/db/schema/index.ts';
import { createTestApp } from './helpers/app.ts';
import { errorsOf } from './helpers/membership-login.ts';
import { createStaff, STAFF_PASSWORD, staffSession, type StaffLoggedIn } from './helpers/staff.ts';

/**
 * The staff users' calls (docs/backoffice.md §1): the agents and companies to pick from, the administrators' list,
 * creation with a temporary password, change (name, role, company, disabled, unlock) and reset (password, maybe the
 * authenticator app); each write audited without secrets; the alladmins rule; nobody disables or re-roles themselves.
 */

const t = await createTestApp({ rateLimit: false, now: '2026-11-27T09:00:10Z' });
afterAll(() => t.close());

type Headers = Record<string, string>;
const json = { 'content-type': 'application/json' };
const get = (url: string, who: StaffLoggedIn | Headers) =>
  t.app.inject({ method: 'GET', url, headers: 'headers' in who ? (who.headers as Headers) : who });
const send = (method: 'POST' | 'PUT', url: string, who: StaffLoggedIn | Headers, payload: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...('headers' in who ? (who.headers as Headers) : who), ...json },
    payload,
  });

const REASON = 'Alta pedida por recursos humanos';
const create = (who: StaffLoggedIn, body: object) =>
  send('POST', '/api/membership/panelUsers', who, { reason: REASON, ...body });
const update = (who: StaffLoggedIn, id: number, body: object) =>
  send('PUT', `/api/membership/panelUsers/${id}`, who, { reason: 'Cambio pedido por su responsable', ...body });
const reset = (who: StaffLoggedIn, staffUserId: number, resetTotp: boolean) =>
  send('POST', '/api/membership/resetCamPassword', who, {
    staffUserId,
    resetTotp,
    reason: 'Ha olvidado la contraseña',
  });

function dataOf(response: LightMyRequestResponse): unknown {
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: unknown }).data;
}
const userOf = (response: LightMyRequestResponse): StaffUser => staffUserSchema.parse(dataOf(response));
const errorOf = (response: LightMyRequestResponse, status: number) => errorsOf(response, status)[0]!;

/** The records an actor left, newest first (read as an administrator reads them). */
async function recordsBy(actorId: number): Promise<AuditRecord[]> {
  const reader = await staffSession(t, 'administrator');
  const response = await get(`/api/misc/log?staffUserId=${actorId}&pageSize=100`, reader);
  return auditPageSchema.parse(dataOf(response)).items;
}

/** This run's mark in names and e-mails: test files share PostgreSQL's tables, and a rerun keeps the last run's rows. */
const RUN = randomInt(100_000, 1_000_000);
let emailCount = 0;
const newEmail = (name = 'persona') => `${name}.${RUN}.${(emailCount += 1)}@s37.prestamo.local`;

/** The clock at the next 30-second step: codes of a new step. */
const nextStep = () => t.clock.advance(30_000);

/** Password, then the code (enrolling when asked): the session's headers. */
async function logIn(email: string, password: string, secret?: string) {
  nextStep();
  const first = dataOf(await send('POST', '/api/membership/staff/login', {}, { email, password })) as {
    step: 'totp' | 'enrol';
    challengeId: string;
    enrolment: { secret: string } | null;
  };
  const key = first.enrolment ? first.enrolment.secret.replaceAll(' ', '') : secret!;
  const opened = dataOf(
    await send(
      'POST',
      '/api/membership/staff/totp',
      {},
      { challengeId: first.challengeId, code: totpCode(key, t.clock.now()) },
    ),
  ) as { token: string; staff: { id: number; role: string; mustChangePassword: boolean } };
  const headers = {
    authorization: `Bearer ${opened.token}`,
    'x-member-id': String(opened.staff.id),
    'x-member-role': opened.staff.role,
  };
  return { step: first.step, headers, staff: opened.staff };
}

async function newCompany(active = true): Promise<number> {
  const [company] = await t.db
    .insert(collectionCompanies)
    .values({ name: 'Recobros Norte S.L.', cif: 'B12345678', active })
    .returning();
  return company!.id;
}

describe('PanelUserPost', () => {
  it('creates an account with a temporary password shown once; it logs in, enrols an app and must change it', async () => {
    const admin = await staffSession(t, 'administrator');
    const email = newEmail('nueva');
    const response = await create(admin, {
      email: `  ${email.toUpperCase()} `,
      fullName: ' Nueva Agente ',
      role: 'cam',
    });
    const { user, temporaryPassword } = dataOf(response) as { user: StaffUser; temporaryPassword: string };
    expect(temporaryPassword).toMatch(/^[\w-]{16}$/);
    expect(user).toEqual({
      id: expect.any(Number),
      email,
      fullName: 'Nueva Agente',
      role: 'cam',
      collectionCompanyId: null,
      locked: false,
      disabled: false,
      mustChangePassword: true,
      totpEnrolled: false,
      createdAt: t.clock.now().toISOString(),
    });

    const [record] = await recordsBy(admin.staff.id);
    expect(record).toMatchObject({
      callName: 'PanelUserPost',
      role: 'administrator',
      entityType: 'staffUser',
      entityId: String(user.id),
      before: null,
      after: { email, fullName: 'Nueva Agente', role: 'cam', collectionCompanyId: null, mustChangePassword: true },
      reason: REASON,
    });
    expect(JSON.stringify(record)).not.toContain(temporaryPassword);
    expect(JSON.stringify(record)).not.toMatch(/scrypt/);

    const session = await logIn(email, temporaryPassword);
    expect(session.step).toBe('enrol');
    expect(session.staff.mustChangePassword).toBe(true);
    const pending = await get('/api/membership/cams', session.headers);
    expect(errorOf(pending, 403).code).toEqual({ name: 'PasswordChangeRequired', value: 2004 });
    const changed = await send('POST', '/api/membership/staff/changePassword', session.headers, {
      currentPassword: temporaryPassword,
      newPassword: 'Mi-contraseña-nueva-1',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get('/api/membership/cams', session.headers)).statusCode).toBe(200);
  });

  it('refuses an e-mail already taken, whatever its case', async () => {
    const admin = await staffSession(t, 'administrator');
    const email = newEmail('repetida');
    expect((await create(admin, { email, fullName: 'Una', role: 'cam' })).statusCode).toBe(200);
    const again = await create(admin, { email: email.toUpperCase(), fullName: 'Otra', role: 'cam' });
    expect(errorOf(again, 422)).toMatchObject({
      code: { name: 'StaffEmailTaken', value: 2011 },
      message: 'Ya existe un usuario con ese correo.',
    });
    const invalid = await create(admin, { email: 'no-es-un-correo', fullName: 'Otra', role: 'cam' });
    expect(errorOf(invalid, 400).message).toContain('correo electrónico válido');
  });

  it('gives a company to a collection company’s user only, an active one that exists', async () => {
    const admin = await staffSession(t, 'administrator');
    const company = await newCompany();
    const mismatch = { code: { name: 'StaffCompanyMismatch', value: 2012 } };
    expect(
      errorOf(await create(admin, { email: newEmail(), fullName: 'A', role: 'collectioncompany' }), 422),
    ).toMatchObject(mismatch);
    expect(
      errorOf(
        await create(admin, { email: newEmail(), fullName: 'A', role: 'cam', collectionCompanyId: company }),
        422,
      ),
    ).toMatchObject(mismatch);
    for (const unknown of [2_000_000_000, await newCompany(false)]) {
      const refused = await create(admin, {
        email: newEmail(),
        fullName: 'A',
        role: 'collectioncompany',
        collectionCompanyId: unknown,
      });
      expect(errorOf(refused, 422).code).toEqual({ name: 'CollectionCompanyNotFound', value: 2013 });
    }
    const created = await create(admin, {
      email: newEmail(),
      fullName: 'Gestora de Recobros',
      role: 'collectioncompany',
      collectionCompanyId: company,
    });
    expect((dataOf(created) as { user: StaffUser }).user).toMatchObject({
      role: 'collectioncompany',
      collectionCompanyId: company,
    });
  });
});

describe('PanelUserPut', () => {
  it('changes the name, role and company, recording only what changed; a role change ends the sessions', async () => {
    const admin = await staffSession(t, 'administrator');
    const member = await staffSession(t, 'collectioncompany');
    expect((await get('/api/membership/staff/me', member)).statusCode).toBe(200);
    const changed = userOf(await update(admin, member.staff.id, { fullName: 'Nombre Nuevo', role: 'cam' }));
    expect(changed).toMatchObject({
      id: member.staff.id,
      fullName: 'Nombre Nuevo',
      role: 'cam',
      collectionCompanyId: null,
    });
    expect((await get('/api/membership/staff/me', member)).statusCode).toBe(401);

    const [record] = await recordsBy(admin.staff.id);
    expect(record).toMatchObject({
      callName: 'PanelUserPut',
      entityType: 'staffUser',
      entityId: String(member.staff.id),
      before: {
        fullName: 'Empleada de Prueba',
        role: 'collectioncompany',
        collectionCompanyId: member.staff.collectionCompanyId,
      },
      after: { fullName: 'Nombre Nuevo', role: 'cam', collectionCompanyId: null, sessionsEnded: 1 },
      reason: 'Cambio pedido por su responsable',
    });

    const company = await newCompany();
    expect(errorOf(await update(admin, member.staff.id, { role: 'collectioncompany' }), 422).code.name).toBe(
      'StaffCompanyMismatch',
    );
    const back = userOf(
      await update(admin, member.staff.id, { role: 'collectioncompany', collectionCompanyId: company }),
    );
    expect(back).toMatchObject({ role: 'collectioncompany', collectionCompanyId: company });
  });

  it('disables an account (its session ends at once, and stays ended when enabled again); it cannot log in', async () => {
    const admin = await staffSession(t, 'administrator');
    const member = await staffSession(t, 'cam');
    expect((await get('/api/membership/cams', member)).statusCode).toBe(200);
    expect(userOf(await update(admin, member.staff.id, { disabled: true }))).toMatchObject({ disabled: true });
    expect(errorOf(await get('/api/membership/cams', member), 401).code.name).toBe('Unauthorized');
    const login = await send(
      'POST',
      '/api/membership/staff/login',
      {},
      { email: member.staff.email, password: STAFF_PASSWORD },
    );
    expect(errorOf(login, 422).code.name).toBe('WrongCredentials');

    expect(userOf(await update(admin, member.staff.id, { disabled: false }))).toMatchObject({ disabled: false });
    expect((await get('/api/membership/cams', member)).statusCode).toBe(401);
    expect((await logIn(member.staff.email, STAFF_PASSWORD, member.staff.secret!)).step).toBe('totp');

    const records = await recordsBy(admin.staff.id);
    expect(records.map((record) => [record.before, record.after])).toEqual([
      [{ disabled: true }, { disabled: false }],
      [{ disabled: false }, { disabled: true, sessionsEnded: 1 }],
    ]);
  });

  it('unlocks an account locked by five failures: the count back to 0, the member logs in', async () => {
    const admin = await staffSession(t, 'administrator');
    const member = await createStaff(t);
    const passwordStep = (password: string) =>
      send('POST', '/api/membership/staff/login', {}, { email: member.email, password });
    for (let failure = 0; failure < 5; failure += 1) await passwordStep('mal-mal-mal-mal');
    expect(errorOf(await passwordStep(STAFF_PASSWORD), 422).code.name).toBe('StaffLocked');
    const listed = userOf(await update(admin, member.id, { fullName: 'Empleada de Prueba' }));
    expect(listed.locked).toBe(true);

    expect(userOf(await update(admin, member.id, { locked: false }))).toMatchObject({ locked: false });
    expect((await logIn(member.email, STAFF_PASSWORD, member.secret!)).step).toBe('totp');
    const [unlock, unchanged] = await recordsBy(admin.staff.id);
    expect(unlock).toMatchObject({
      before: { locked: true, failedAttempts: 5 },
      after: { locked: false, failedAttempts: 0 },
    });
    expect(unchanged).toMatchObject({ before: {}, after: {} });
    const locked = await send('PUT', `/api/membership/panelUsers/${member.id}`, admin, { locked: true, reason: 'No' });
    expect(errorOf(locked, 400).code.name).toBe('ValidationError');
  });

  it('refuses to disable or re-role oneself, and answers 404 for an unknown account', async () => {
    const boss = await staffSession(t, 'alladmins');
    const own = { code: { name: 'OwnStaffAccount', value: 2014 } };
    expect(errorOf(await update(boss, boss.staff.id, { disabled: true }), 422)).toMatchObject(own);
    expect(errorOf(await update(boss, boss.staff.id, { role: 'administrator' }), 422)).toMatchObject(own);
    expect(errorOf(await reset(boss, boss.staff.id, false), 422)).toMatchObject(own);
    expect(userOf(await update(boss, boss.staff.id, { fullName: 'Jefa de Sistemas' })).fullName).toBe(
      'Jefa de Sistemas',
    );
    expect(errorOf(await update(boss, 2_000_000_000, { fullName: 'Nadie' }), 404)).toMatchObject({
      code: { name: 'StaffUserNotFound', value: 2010 },
      message: 'No hemos encontrado ese usuario.',
    });
    expect(errorOf(await reset(boss, 2_000_000_000, true), 404).code.name).toBe('StaffUserNotFound');
    // Only the name change was recorded.
    expect((await recordsBy(boss.staff.id)).map((record) => record.after)).toEqual([{ fullName: 'Jefa de Sistemas' }]);
  });
});

describe('ResetCamPasswordPost', () => {
  it('sets a temporary password and ends the sessions; the app stays, so the next login asks for a code', async () => {
    const admin = await staffSession(t, 'administrator');
    const member = await staffSession(t, 'cam');
    const { temporaryPassword } = dataOf(await reset(admin, member.staff.id, false)) as { temporaryPassword: string };
    expect(temporaryPassword).toMatch(/^[\w-]{16}$/);
    expect((await get('/api/membership/staff/me', member)).statusCode).toBe(401);
    const old = await send(
      'POST',
      '/api/membership/staff/login',
      {},
      { email: member.staff.email, password: STAFF_PASSWORD },
    );
    expect(errorOf(old, 422).code.name).toBe('WrongCredentials');
    const session = await logIn(member.staff.email, temporaryPassword, member.staff.secret!);
    expect(session.step).toBe('totp');
    expect(errorOf(await get('/api/membership/cams', session.headers), 403).code.name).toBe('PasswordChangeRequired');

    const [record] = await recordsBy(admin.staff.id);
    expect(record).toMatchObject({
      callName: 'ResetCamPasswordPost',
      entityType: 'staffUser',
      entityId: String(member.staff.id),
      before: { mustChangePassword: false },
      after: { mustChangePassword: true, passwordReset: true, sessionsEnded: 1 },
      reason: 'Ha olvidado la contraseña',
    });
    expect(JSON.stringify(record)).not.toContain(temporaryPassword);
  });

  it('with resetTotp, removes the app: the next login enrols a new one; the trail keeps no secret', async () => {
    const admin = await staffSession(t, 'administrator');
    const member = await createStaff(t);
    const { temporaryPassword } = dataOf(await reset(admin, member.id, true)) as { temporaryPassword: string };
    const session = await logIn(member.email, temporaryPassword);
    expect(session.step).toBe('enrol');

    const [record] = await recordsBy(admin.staff.id);
    expect(record).toMatchObject({
      before: { mustChangePassword: false, totpEnrolled: true },
      after: { mustChangePassword: true, passwordReset: true, totpEnrolled: false, totpReset: true, sessionsEnded: 0 },
    });
    const text = JSON.stringify(record);
    for (const secret of [temporaryPassword, member.secret!, 'scrypt']) expect(text).not.toContain(secret);
  });
});

describe('the alladmins rule: only alladmins manage administrator and alladmins accounts', () => {
  it('answers an administrator 403 Forbidden on such an account or when giving such a role, writing nothing', async () => {
    const admin = await staffSession(t, 'administrator');
    const other = await createStaff(t, { role: 'administrator' });
    const top = await createStaff(t, { role: 'alladmins' });
    const cam = await createStaff(t);
    const refusals = [
      await create(admin, { email: newEmail(), fullName: 'Admin', role: 'administrator' }),
      await create(admin, { email: newEmail(), fullName: 'Super', role: 'alladmins' }),
      await update(admin, other.id, { fullName: 'Otro Nombre' }),
      await update(admin, other.id, { locked: false }),
      await update(admin, top.id, { disabled: true }),
      await update(admin, cam.id, { role: 'administrator' }),
      await update(admin, admin.staff.id, { fullName: 'Me Subo el Sueldo' }),
      await reset(admin, other.id, true),
    ];
    for (const refused of refusals)
      expect(errorOf(refused, 403)).toEqual({
        code: { name: 'Forbidden', value: 403 },
        title: 'Aviso',
        message: 'No tienes permiso para realizar esta operación.',
      });
    expect(await recordsBy(admin.staff.id)).toEqual([]);

    // Agents and collection companies' users are theirs to manage.
    expect(
      userOf(await update(admin, cam.id, { role: 'collectioncompany', collectionCompanyId: await newCompany() })).role,
    ).toBe('collectioncompany');
  });

  it('lets alladmins create, change, unlock and reset administrators and give the role', async () => {
    const boss = await staffSession(t, 'alladmins');
    const other = await createStaff(t, { role: 'administrator' });
    const cam = await createStaff(t);
    const created = await create(boss, { email: newEmail('admin'), fullName: 'Nueva Admin', role: 'administrator' });
    expect((dataOf(created) as { user: StaffUser }).user.role).toBe('administrator');
    expect(userOf(await update(boss, other.id, { fullName: 'Otra Admin', locked: false })).fullName).toBe('Otra Admin');
    expect(userOf(await update(boss, cam.id, { role: 'alladmins' })).role).toBe('alladmins');
    expect((await reset(boss, other.id, false)).statusCode).toBe(200);
    expect((await recordsBy(boss.staff.id)).map((record) => record.callName)).toEqual([
      'ResetCamPasswordPost',
      'PanelUserPut',
      'PanelUserPut',
      'PanelUserPost',
    ]);
  });
});

describe('the lists', () => {
  it('CamsGet lists the agents not disabled, by name; CollectionCompaniesGet the companies', async () => {
    const admin = await staffSession(t, 'administrator');
    const agent = await staffSession(t, 'cam');
    const names = [`Zoe Cam${RUN}`, `Ana Cam${RUN}`, `Baja Cam${RUN}`];
    const ids: number[] = [];
    for (const fullName of names) {
      const { user } = dataOf(await create(admin, { email: newEmail('cam37'), fullName, role: 'cam' })) as {
        user: StaffUser;
      };
      ids.push(user.id);
    }
    await create(admin, {
      email: newEmail('cam37'),
      fullName: `Admin Cam${RUN}`,
      role: 'collectioncompany',
      collectionCompanyId: await newCompany(),
    });
    await update(admin, ids[2]!, { disabled: true });

    const cams = dataOf(await get('/api/membership/cams', agent)) as { id: number; fullName: string }[];
    expect(cams.filter((cam) => cam.fullName.endsWith(`Cam${RUN}`))).toEqual([
      { id: ids[1], fullName: `Ana Cam${RUN}` },
      { id: ids[0], fullName: `Zoe Cam${RUN}` },
    ]);
    expect(cams.every((cam) => Object.keys(cam).join() === 'id,fullName')).toBe(true);

    const company = await newCompany(false);
    const companies = dataOf(await get('/api/membership/collectionCompanies', agent)) as unknown[];
    expect(companies).toContainEqual({ id: company, name: 'Recobros Norte S.L.', cif: 'B12345678', active: false });
  });

  it('PanelUsersGet pages by name and filters by role, text and status', async () => {
    const admin = await staffSession(t, 'administrator');
    for (let n = 0; n < 12; n += 1) await createStaff(t, { email: `paginas${RUN}.${n}@s37.prestamo.local` });
    const list = async (query: string) =>
      paged(staffUserSchema).parse(dataOf(await get(`/api/membership/panelUsers?${query}`, admin)));

    const first = await list(`q=PAGINAS${RUN}&pageSize=10`);
    expect(first).toMatchObject({ page: 1, pageSize: 10, total: 12, totalCapped: false });
    expect(first.items).toHaveLength(10);
    const second = await list(`q=paginas${RUN}&pageSize=10&page=2`);
    expect(second.items).toHaveLength(2);
    const ids = [...first.items, ...second.items].map((user) => user.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    const [locked, disabled] = ids as [number, number];
    for (let failure = 0; failure < 5; failure += 1)
      await send(
        'POST',
        '/api/membership/staff/login',
        {},
        { email: `paginas${RUN}.0@s37.prestamo.local`, password: 'mal-mal-mal-mal' },
      );
    await update(admin, disabled, { disabled: true });
    expect((await list(`q=paginas${RUN}&status=locked`)).items.map((user) => user.id)).toEqual([locked]);
    expect((await list(`q=paginas${RUN}&status=disabled`)).items.map((user) => user.id)).toEqual([disabled]);
    expect((await list(`q=paginas${RUN}&status=active`)).total).toBe(10);
    expect((await list(`q=paginas${RUN}&role=administrator`)).total).toBe(0);
    expect((await list(`q=paginas${RUN}&role=cam`)).total).toBe(12);
    expect((await list(`q=${encodeURIComponent('Empleada de')}&role=cam`)).total).toBeGreaterThanOrEqual(12);
    // A % or _ typed is looked for, not a wildcard.
    expect((await list('q=%25')).total).toBe(0);
    expect((await list(`q=paginas${RUN}_0`)).total).toBe(0);
    expect(errorOf(await get('/api/membership/panelUsers?status=dormido', admin), 400).code.name).toBe(
      'ValidationError',
    );
  });

  it('keeps each call to its role list: agents pick agents and companies, only admins see the accounts', async () => {
    const agent = await staffSession(t, 'cam');
    const company = await staffSession(t, 'collectioncompany');
    const forbidden = { code: { name: 'Forbidden', value: 403 } };
    expect(errorOf(await get('/api/membership/panelUsers', agent), 403)).toMatchObject(forbidden);
    expect(errorOf(await create(agent, { email: newEmail(), fullName: 'X', role: 'cam' }), 403)).toMatchObject(
      forbidden,
    );
    expect(errorOf(await reset(agent, company.staff.id, false), 403)).toMatchObject(forbidden);
    expect(errorOf(await get('/api/membership/cams', company), 403)).toMatchObject(forbidden);
    expect(errorOf(await get('/api/membership/collectionCompanies', company), 403)).toMatchObject(forbidden);
    expect((await get('/api/membership/cams', agent)).statusCode).toBe(200);
    expect((await get('/api/membership/collectionCompanies', agent)).statusCode).toBe(200);
  });
});
