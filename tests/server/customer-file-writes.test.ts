import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { StaffCustomerGet } from '../../src/shared/api/customer-staff.ts';
import { isStaffStatusMove } from '../../src/shared/statuses.ts';
import { sessions } from '../../src/server/db/schema/index.ts';
import { moveCustomerStatus, saveAddress } from '../../src/server/modules/customer/index.ts';
import { login, type LoggedIn } from './helpers/customers.ts';
import {
  auditOf,
  codeOf,
  customerFileApp,
  customerRow,
  dataOf,
  expectBadInput,
  expectForbidden,
  expectNotFound,
  historyOf,
  lastAudit,
  ownCustomer,
  send,
  uniqueDni,
  UNKNOWN_ID,
} from './helpers/customer-file.ts';
import { createMember, errorsOf, postLogin, uniqueMobilePhone } from './helpers/membership-login.ts';
import type { StaffLoggedIn } from './helpers/staff.ts';

/**
 * The customer file's writes of the record and its status (docs/backoffice.md §5): StaffCustomerPut,
 * CustomerStatusPost, CustomerSubStatusPost, BlacklistPost and SoftDeleteAndBlacklistPost. Each change is read back
 * from the table and through what the customer's own app reads (CustomerGet, MemberDetailsGet, LoginPost), with its
 * audit record (before/after, reason) and, for a status, its history row; an unknown customer is a 404, a role
 * outside the call's list a 403, bad input a 400 or the registration's business code.
 */

const { t, agent, admin, company } = await customerFileApp();
afterAll(() => t.close());

/** A logged-in customer (a Spanish mobile, so LoginPost works too). */
const customerSession = (overrides: Parameters<typeof login>[1] = {}): Promise<LoggedIn> =>
  login(t, { phone: uniqueMobilePhone(), ...overrides });

const birthDateYearsAgo = (years: number) => {
  const today = t.clock.now();
  return `${today.getUTCFullYear() - years}-01-01`;
};

describe('StaffCustomerPut', () => {
  const url = (customerId: number) => `/api/customer/customer/${customerId}`;
  const put = (customerId: number, who: StaffLoggedIn, body: unknown) => send(t, 'PUT', url(customerId), who, body);

  it('lets an agent correct names and gender: stored normalised, read by the customer, audited before/after', async () => {
    const session = await customerSession({ gender: 'female' });
    const id = session.customer.id;
    const body = { firstName: '  María   José ', lastName: 'Núñez Ibáñez', gender: 'male', reason: 'Error al teclear' };
    const record = StaffCustomerGet.response.parse(dataOf(await put(id, agent, body)));
    expect(record).toMatchObject({ firstName: 'María José', lastName: 'Núñez Ibáñez', gender: 'male' });
    expect(await customerRow(t, id)).toMatchObject({
      firstName: 'María José',
      lastName: 'Núñez Ibáñez',
      gender: 'male',
    });
    expect(await ownCustomer(t, session)).toMatchObject({
      firstName: 'María José',
      lastName: 'Núñez Ibáñez',
      gender: 'male',
    });
    expect(await lastAudit(t, id, agent)).toMatchObject({
      callName: 'StaffCustomerPut',
      entityType: 'customer',
      entityId: String(id),
      before: { firstName: 'Ana', lastName: 'Prueba Test', gender: 'female' },
      after: { firstName: 'María José', lastName: 'Núñez Ibáñez', gender: 'male' },
      reason: 'Error al teclear',
    });
    // Only what differs is recorded; the same values again change nothing.
    expect(
      StaffCustomerGet.response.parse(dataOf(await put(id, agent, { firstName: 'Lucía', lastName: 'Núñez Ibáñez' })))
        .firstName,
    ).toBe('Lucía');
    expect((await lastAudit(t, id, agent)).after).toEqual({ firstName: 'Lucía' });
    expect(codeOf(await put(id, agent, { firstName: 'Lucía' }))).toBe('NothingToChange');
    expect(codeOf(await put(id, agent, {}))).toBe('NothingToChange');
  });

  it('answers 403 Forbidden to an agent sending a DNI/NIE or a birth date, and changes nothing', async () => {
    const session = await customerSession();
    const before = await customerRow(t, session.customer.id);
    expectForbidden(await put(session.customer.id, agent, { nationalId: uniqueDni() }));
    expectForbidden(await put(session.customer.id, agent, { firstName: 'Eva', birthDate: '1980-05-05' }));
    expect(await customerRow(t, session.customer.id)).toEqual(before);
    expect(await auditOf(t, session.customer.id)).toEqual([]);
  });

  it("lets an administrator change the DNI/NIE and the birth date with the registration's checks", async () => {
    const session = await customerSession();
    const id = session.customer.id;
    const dni = uniqueDni();
    const typed = `${dni.slice(0, 2)}.${dni.slice(2, 8)}-${dni.slice(8).toLowerCase()}`;
    const record = StaffCustomerGet.response.parse(
      dataOf(await put(id, admin, { nationalId: typed, birthDate: '1985-03-04' })),
    );
    expect(record).toMatchObject({ nationalId: dni, birthDate: '1985-03-04' });
    expect(await ownCustomer(t, session)).toMatchObject({ dni, birthDate: '1985-03-04' });
    expect(await lastAudit(t, id, admin)).toMatchObject({
      before: { nationalId: '12345678Z', birthDate: '1990-01-01' },
      after: { nationalId: dni, birthDate: '1985-03-04' },
      reason: null,
    });
    expect(codeOf(await put(id, admin, { nationalId: '12345678A' }))).toBe('DNINotValid');
    expect(codeOf(await put(id, admin, { birthDate: birthDateYearsAgo(17) }))).toBe('EligibleAgeError');
    expect(codeOf(await put(id, admin, { birthDate: birthDateYearsAgo(77) }))).toBe('EligibleAgeError');
    expect(codeOf(await put(id, admin, { birthDate: `${t.clock.now().getUTCFullYear() + 1}-01-01` }))).toBe(
      'InvalidBirthDate',
    );
    expect(codeOf(await put(id, admin, { firstName: 'Ana3' }))).toBe('InvalidName');
    // Another customer's DNI/NIE is refused, as a second registration with it would be.
    const other = await customerSession({ nationalId: uniqueDni() });
    const { nationalId } = await customerRow(t, other.customer.id);
    expect(codeOf(await put(id, admin, { nationalId }))).toBe('StaffNationalIdTaken');
    expect((await customerRow(t, id)).nationalId).toBe(dni);
  });

  it('answers 404 for an unknown customer, 403 to a collection company, 400 for bad input', async () => {
    expectNotFound(await put(UNKNOWN_ID, agent, { firstName: 'Eva' }));
    const mine = await customerSession({ collectionCompanyId: company.staff.collectionCompanyId });
    expectForbidden(await put(mine.customer.id, company, { firstName: 'Eva' }));
    expectBadInput(await put(mine.customer.id, agent, { firstName: 'Eva', status: 'fraud' }), 'status');
    expectBadInput(await put(mine.customer.id, agent, { gender: 'other' }), 'gender');
  });
});

describe('CustomerStatusPost', () => {
  const post = (who: StaffLoggedIn, body: unknown) => send(t, 'POST', '/api/customer/status', who, body);

  it('moves to fraud and back to the status before it, each with its history row and audit record', async () => {
    const session = await customerSession({ status: 'systemApproved' });
    const id = session.customer.id;
    const reason = 'Suplantación de identidad';
    expect(dataOf(await post(agent, { customerId: id, status: 'fraud', reason }))).toEqual({
      customerId: id,
      status: 'fraud',
    });
    expect((await customerRow(t, id)).status).toBe('fraud');
    expect((await ownCustomer(t, session)).status).toBe('fraud');
    expect((await historyOf(t, id))[0]).toMatchObject({
      fromStatus: 'systemApproved',
      toStatus: 'fraud',
      changedBy: `staff:${agent.staff.id}`,
      reason,
    });
    expect(await lastAudit(t, id, agent)).toMatchObject({
      callName: 'CustomerStatusPost',
      before: { status: 'systemApproved' },
      after: { status: 'fraud' },
      reason,
    });
    // Back from fraud only to the status before it.
    const refused = await post(admin, { customerId: id, status: 'securityChecked', reason: 'Revisado' });
    expect(errorsOf(refused, 422)[0]).toMatchObject({
      code: { name: 'StaffStatusMoveNotAllowed', value: 2030 },
      message: 'Desde el estado fraud no se puede pasar al cliente a securityChecked.',
    });
    dataOf(await post(admin, { customerId: id, status: 'systemApproved', reason: 'Identidad comprobada' }));
    expect((await customerRow(t, id)).status).toBe('systemApproved');
    expect((await historyOf(t, id))[0]).toMatchObject({
      fromStatus: 'fraud',
      toStatus: 'systemApproved',
      changedBy: `staff:${admin.staff.id}`,
      reason: 'Identidad comprobada',
    });
  });

  it('closes a customer: their session ends and their login is refused as for any closed customer', async () => {
    const session = await customerSession({ status: 'securityChecked' });
    const id = session.customer.id;
    dataOf(await post(agent, { customerId: id, status: 'closed', reason: 'Lo pide el cliente' }));
    expect((await historyOf(t, id))[0]).toMatchObject({ fromStatus: 'securityChecked', toStatus: 'closed' });
    const [row] = await t.db.select().from(sessions).where(eq(sessions.jti, session.jti));
    expect(row!.revokedAt).not.toBeNull();
    const own = await t.app.inject({ method: 'GET', url: '/api/membership/memberDetails', headers: session.headers });
    expect(own.statusCode).toBe(401);
    const relogin = await postLogin(t.app, { phoneNumber: session.customer.phone, password: '1234' });
    expect(codeOf(relogin)).toBe('CustomerAlreadyRegistered');
    // Closed is final for staff moves.
    expect(codeOf(await post(agent, { customerId: id, status: 'fraud', reason: 'Revisado' }))).toBe(
      'StaffStatusMoveNotAllowed',
    );
  });

  it('refuses any other move, and follows STAFF_STATUS_MOVES', async () => {
    const session = await customerSession({ status: 'registered' });
    const id = session.customer.id;
    for (const status of ['securityChecked', 'registered', 'systemApproved', 'none'] as const) {
      expect(codeOf(await post(agent, { customerId: id, status, reason: 'Prueba' })), status).toBe(
        'StaffStatusMoveNotAllowed',
      );
    }
    expect(await historyOf(t, id)).toEqual([]);
    expect(await auditOf(t, id)).toEqual([]);
    expect(isStaffStatusMove('fraud', 'registered', null)).toBe(false);
    expect(isStaffStatusMove('none', 'fraud', null)).toBe(false);
    expect(isStaffStatusMove('new', 'fraud', null)).toBe(true);
    // The way back reads the latest move into fraud.
    await moveCustomerStatus(t.db, {
      id,
      from: 'registered',
      to: 'fraud',
      changedBy: 'system',
      reason: 'x',
      at: t.clock.now(),
    });
    expect(codeOf(await post(agent, { customerId: id, status: 'systemApproved', reason: 'Prueba' }))).toBe(
      'StaffStatusMoveNotAllowed',
    );
    dataOf(await post(agent, { customerId: id, status: 'registered', reason: 'Prueba' }));
  });

  it('answers 404 for an unknown customer, 403 to a collection company, 400 without a reason', async () => {
    expectNotFound(await post(agent, { customerId: UNKNOWN_ID, status: 'fraud', reason: 'Prueba' }));
    const mine = await customerSession({ collectionCompanyId: company.staff.collectionCompanyId });
    expectForbidden(await post(company, { customerId: mine.customer.id, status: 'fraud', reason: 'Prueba' }));
    expectBadInput(await post(agent, { customerId: mine.customer.id, status: 'fraud' }), 'reason');
    expectBadInput(await post(agent, { customerId: mine.customer.id, status: 'fraud', reason: 'x' }), 'reason');
    expectBadInput(await post(agent, { customerId: mine.customer.id, status: 'lost', reason: 'Prueba' }), 'status');
  });
});

describe('CustomerSubStatusPost', () => {
  const post = (who: StaffLoggedIn, body: unknown) => send(t, 'POST', '/api/customer/subStatus', who, body);

  it('sets and clears the sub-status; the record shows it and its history is its audit records', async () => {
    const session = await customerSession();
    const id = session.customer.id;
    expect(
      dataOf(await post(agent, { customerId: id, subStatus: 'vulnerable', reason: 'Situación de vulnerabilidad' })),
    ).toEqual({
      customerId: id,
      subStatus: 'vulnerable',
    });
    expect((await customerRow(t, id)).subStatus).toBe('vulnerable');
    const record = StaffCustomerGet.response.parse(dataOf(await send(t, 'GET', `/api/customer/customer/${id}`, agent)));
    expect(record.subStatus).toBe('vulnerable');
    expect(codeOf(await post(agent, { customerId: id, subStatus: 'vulnerable', reason: 'Otra vez' }))).toBe(
      'NothingToChange',
    );
    dataOf(await post(admin, { customerId: id, subStatus: null, reason: 'Ya no aplica' }));
    expect((await customerRow(t, id)).subStatus).toBeNull();
    const records = await auditOf(t, id);
    expect(records.map((r) => [r.callName, r.before, r.after, r.reason])).toEqual([
      ['CustomerSubStatusPost', { subStatus: 'vulnerable' }, { subStatus: null }, 'Ya no aplica'],
      ['CustomerSubStatusPost', { subStatus: null }, { subStatus: 'vulnerable' }, 'Situación de vulnerabilidad'],
    ]);
    // The customer's status never moves with it.
    expect((await ownCustomer(t, session)).status).toBe('registered');
  });

  it('answers 404 for an unknown customer, 403 to a collection company, 400 for an unknown sub-status', async () => {
    expectNotFound(await post(agent, { customerId: UNKNOWN_ID, subStatus: 'deceased', reason: 'Prueba' }));
    const mine = await customerSession({ collectionCompanyId: company.staff.collectionCompanyId });
    expectForbidden(await post(company, { customerId: mine.customer.id, subStatus: 'deceased', reason: 'Prueba' }));
    expectBadInput(
      await post(agent, { customerId: mine.customer.id, subStatus: 'asleep', reason: 'Prueba' }),
      'subStatus',
    );
  });
});

describe('BlacklistPost', () => {
  const post = (who: StaffLoggedIn, body: unknown) => send(t, 'POST', '/api/customer/blacklist', who, body);

  it("blacklists and lifts it: the table, the customer's own record and the audit say so", async () => {
    const session = await customerSession();
    const id = session.customer.id;
    expect(dataOf(await post(agent, { customerId: id, isBlacklist: true, reason: 'Tarjeta sospechosa' }))).toBe(true);
    expect((await customerRow(t, id)).isBlacklist).toBe(true);
    expect((await ownCustomer(t, session)).isBlacklist).toBe(true);
    expect(await lastAudit(t, id, agent)).toMatchObject({
      callName: 'BlacklistPost',
      before: { isBlacklist: false },
      after: { isBlacklist: true },
      reason: 'Tarjeta sospechosa',
    });
    expect(codeOf(await post(agent, { customerId: id, isBlacklist: true, reason: 'Otra vez' }))).toBe(
      'NothingToChange',
    );
    dataOf(await post(admin, { customerId: id, isBlacklist: false, reason: 'Aclarado' }));
    expect((await ownCustomer(t, session)).isBlacklist).toBe(false);
  });

  it('answers 404 for an unknown customer, 403 to a collection company, 400 without a reason', async () => {
    expectNotFound(await post(agent, { customerId: UNKNOWN_ID, isBlacklist: true, reason: 'Prueba' }));
    const mine = await customerSession({ collectionCompanyId: company.staff.collectionCompanyId });
    expectForbidden(await post(company, { customerId: mine.customer.id, isBlacklist: true, reason: 'Prueba' }));
    expectBadInput(await post(agent, { customerId: mine.customer.id, isBlacklist: true }), 'reason');
  });
});

describe('SoftDeleteAndBlacklistPost', () => {
  const url = (customerId: number) => `/api/customer/softDeleteAndBlackListCustomer/${customerId}`;
  const post = (customerId: number, who: StaffLoggedIn, body: unknown) => send(t, 'POST', url(customerId), who, body);

  it('closes, blacklists and ends every session, keeping the data; the customer cannot log in', async () => {
    const member = await createMember(t, { status: 'securityChecked' });
    const first = await postLogin(t.app, { phoneNumber: member.phone, password: '1234' });
    expect(first.statusCode, first.body).toBe(200);
    const token = (first.json() as { data: { token: string } }).data.token;
    await saveAddress(
      t.db,
      member.id,
      { street: 'Calle Mayor', streetNumber: '1', floor: null, postcode: '28013', city: 'Madrid', province: 'Madrid' },
      t.clock.now(),
    );
    const reason = 'Solicitud de baja del cliente';
    expect(dataOf(await post(member.id, admin, { reason }))).toBe(true);
    const row = await customerRow(t, member.id);
    expect(row).toMatchObject({ status: 'closed', isBlacklist: true, firstName: 'Ana', phone: member.phone });
    expect((await historyOf(t, member.id))[0]).toMatchObject({
      fromStatus: 'securityChecked',
      toStatus: 'closed',
      changedBy: `staff:${admin.staff.id}`,
      reason,
    });
    expect(await lastAudit(t, member.id, admin)).toMatchObject({
      callName: 'SoftDeleteAndBlacklistPost',
      before: { status: 'securityChecked', isBlacklist: false },
      after: { status: 'closed', isBlacklist: true },
      reason,
    });
    const open = await t.db.select().from(sessions).where(eq(sessions.customerId, member.id));
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((s) => s.revokedAt !== null)).toBe(true);
    const headers = { authorization: `Bearer ${token}`, 'x-member-id': String(member.id) };
    expect((await t.app.inject({ method: 'GET', url: '/api/customer/customer', headers })).statusCode).toBe(401);
    expect(codeOf(await postLogin(t.app, { phoneNumber: member.phone, password: '1234' }))).toBe(
      'CustomerAlreadyRegistered',
    );
    // The staff still read the whole file.
    const record = StaffCustomerGet.response.parse(
      dataOf(await send(t, 'GET', `/api/customer/customer/${member.id}`, agent)),
    );
    expect(record).toMatchObject({ status: 'closed', isBlacklist: true, address: { street: 'Calle Mayor' } });
    expect(codeOf(await post(member.id, admin, { reason }))).toBe('NothingToChange');
  });

  it('blacklists a customer already closed without a second history row', async () => {
    const session = await customerSession({ status: 'closed' });
    dataOf(await post(session.customer.id, admin, { reason: 'Cerrar del todo' }));
    expect(await historyOf(t, session.customer.id)).toEqual([]);
    expect((await customerRow(t, session.customer.id)).isBlacklist).toBe(true);
  });

  it('answers 403 to agents and collection companies, 404 for an unknown customer, 400 without a reason', async () => {
    const session = await customerSession();
    expectForbidden(await post(session.customer.id, agent, { reason: 'Prueba' }));
    expectForbidden(await post(session.customer.id, company, { reason: 'Prueba' }));
    expect((await customerRow(t, session.customer.id)).status).toBe('registered');
    expectNotFound(await post(UNKNOWN_ID, admin, { reason: 'Prueba' }));
    expectBadInput(await post(session.customer.id, admin, {}), 'reason');
  });
});
