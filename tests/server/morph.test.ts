import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditPageSchema } from '../../src/shared/api/audit.ts';
import { MORPH_PATH, MORPH_TOKEN_PARAM } from '../../src/shared/morph.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login } from './helpers/customers.ts';
import { errorsOf } from './helpers/membership-login.ts';
import { staffSession, type StaffLoggedIn } from './helpers/staff.ts';

/**
 * MorphToPost (docs/backoffice.md §1 «morphTo»): an agent sees the customer's area as the customer does, read only.
 * The session is the customer's (the same calls answer the same data), lasts 15 minutes, answers no call that
 * writes (403 `ReadOnlySession`) but its own logout, and leaves an audit record with the reason and no token.
 */

let t: TestApp;
let agent: StaffLoggedIn;
let admin: StaffLoggedIn;

beforeAll(async () => {
  t = await createTestApp();
});
// Fresh staff sessions for each test: one moves the clock past their 15 idle minutes.
beforeEach(async () => {
  agent = await staffSession(t, 'cam');
  admin = await staffSession(t, 'administrator');
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };
const REASON = 'El cliente llama: no ve su próximo pago';

async function morph(customerId: number, who: StaffLoggedIn = agent, reason = REASON) {
  return t.app.inject({
    method: 'POST',
    url: `/api/membership/morphTo/${customerId}`,
    headers: { ...who.headers, ...json },
    payload: { reason },
  });
}

/** The token of a morph answer's URL, and the headers the customer app sends with it. */
function viewOf(response: { statusCode: number; body: string; json: () => unknown }) {
  expect(response.statusCode, response.body).toBe(200);
  const { url, expiresAt } = (response.json() as { data: { url: string; expiresAt: string } }).data;
  const [path, fragment] = url.split('#');
  expect(path).toBe(MORPH_PATH);
  const token = new URLSearchParams(fragment).get(MORPH_TOKEN_PARAM)!;
  return { token, expiresAt, url };
}

const as = (token: string, customerId: number) => ({
  authorization: `Bearer ${token}`,
  'x-member-id': String(customerId),
  'x-member-role': 'user',
});

describe('MorphToPost', () => {
  it("opens the customer's own data read only, for 15 minutes, and leaves the customer's session alone", async () => {
    const { customer, headers } = await login(t, { status: 'securityChecked' });
    const { token, expiresAt } = viewOf(await morph(customer.id));
    expect(Date.parse(expiresAt) - t.clock.now().getTime()).toBe(15 * 60_000);

    const own = await t.app.inject({ method: 'GET', url: '/api/customer/customer', headers });
    const viewed = await t.app.inject({
      method: 'GET',
      url: '/api/customer/customer',
      headers: as(token, customer.id),
    });
    expect(viewed.statusCode, viewed.body).toBe(200);
    expect(viewed.json()).toEqual(own.json());

    t.clock.advance(15 * 60_000);
    const late = await t.app.inject({ method: 'GET', url: '/api/customer/customer', headers: as(token, customer.id) });
    expect(late.statusCode).toBe(401);
    const still = await t.app.inject({ method: 'GET', url: '/api/customer/customer', headers });
    expect(still.statusCode).toBe(200);
  });

  it('answers 403 ReadOnlySession to a call that writes, in the spec shape, and changes nothing', async () => {
    const { customer } = await login(t, { status: 'securityChecked' });
    const { token } = viewOf(await morph(customer.id));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/customer/communication',
      headers: { ...as(token, customer.id), ...json },
      payload: { email: 'otro@example.com' },
    });
    const [error] = errorsOf(refused, 403);
    expect(error).toMatchObject({
      code: { name: 'ReadOnlySession', value: 1600 },
      message: 'Estás en la vista de empleado, que es solo de lectura: esta acción no está disponible.',
    });
    const after = await t.app.inject({ method: 'GET', url: '/api/customer/customer', headers: as(token, customer.id) });
    expect((after.json() as { data: { email: string | null } }).data.email).not.toBe('otro@example.com');
  });

  it('ends with its logout (the one write it may make)', async () => {
    const { customer } = await login(t, { status: 'securityChecked' });
    const { token } = viewOf(await morph(customer.id));
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/membership/logout',
      headers: as(token, customer.id),
    });
    expect(logout.statusCode, logout.body).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/customer/customer', headers: as(token, customer.id) });
    expect(after.statusCode).toBe(401);
  });

  it('is audited: who, which customer, why, the session id and its end — never the token', async () => {
    const { customer } = await login(t, { status: 'securityChecked' });
    const { token, expiresAt } = viewOf(await morph(customer.id));
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/customer/${customer.id}/operations`,
      headers: admin.headers,
    });
    const [record] = auditPageSchema.parse(response.json().data).items;
    expect(record).toMatchObject({
      callName: 'MorphToPost',
      staffUserId: agent.staff.id,
      role: 'cam',
      entityType: 'customer',
      customerId: customer.id,
      before: null,
      after: { readOnlySession: expect.any(String), expiresAt: new Date(expiresAt).toISOString() },
      reason: REASON,
    });
    expect(JSON.stringify(record)).not.toContain(token);
  });

  it('refuses an unknown customer (404), a collection company (403) and a missing reason (400)', async () => {
    const unknown = await morph(2_000_000_000);
    expect(errorsOf(unknown, 404)[0]!.code.name).toBe('StaffCustomerNotFound');
    const { customer } = await login(t, { status: 'securityChecked' });
    const company = await staffSession(t, 'collectioncompany');
    expect(errorsOf(await morph(customer.id, company), 403)[0]!.code.name).toBe('Forbidden');
    expect(errorsOf(await morph(customer.id, agent, ''), 400)[0]!.message).toContain('motivo');
  });
});
