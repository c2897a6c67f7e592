import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorOf } from '../../src/shared/api/errors.ts';
import { issueSession } from '../../src/server/auth/sessions.ts';
import { customers } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login } from './helpers/customers.ts';
import { businessCodesOf, errorsOf, postLogin, sessionOf, uniqueMobilePhone } from './helpers/membership-login.ts';

/** ChangePasswordPost: the update-password modal ('Cambiar Contraseña?') of a customer with passwordRequired. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false });
});
afterAll(() => t.close());

const changePassword = (headers: Record<string, string>, newPassword: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/membership/changePassword',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ newPassword }),
  });
const memberDetails = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/membership/memberDetails', headers });

describe('ChangePasswordPost', () => {
  it('sets the new password and clears passwordRequired; the old password stops working', async () => {
    const user = await login(t, { phone: uniqueMobilePhone(), passwordRequired: true });
    const response = await changePassword(user.headers, 'Segura-2025');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: true });
    const [row] = await t.db
      .select({ passwordRequired: customers.passwordRequired })
      .from(customers)
      .where(eq(customers.id, user.customer.id));
    expect(row?.passwordRequired).toBe(false);
    expect(
      sessionOf(await postLogin(t.app, { phoneNumber: user.customer.phone, password: 'Segura-2025' })).customerDetails
        .passwordRequired,
    ).toBe(false);
    expect(businessCodesOf(await postLogin(t.app, { phoneNumber: user.customer.phone, password: '1234' }))[0]).toBe(
      'WrongPasswordException',
    );
  });

  it('ends the customer’s other sessions; the one that changed it goes on', async () => {
    const user = await login(t, { phone: uniqueMobilePhone(), passwordRequired: true });
    const other = await issueSession(
      { db: t.db, clock: t.clock, jwtKey: t.secrets.jwtKey },
      { id: user.customer.id, role: 'user' },
    );
    const otherHeaders = { authorization: `Bearer ${other.token}`, 'x-member-id': String(user.customer.id) };
    expect((await changePassword(user.headers, 'Segura-2025')).statusCode).toBe(200);
    expect((await memberDetails(user.headers)).statusCode).toBe(200);
    expect(errorsOf(await memberDetails(otherHeaders), 401)[0]?.code.name).toBe('Unauthorized');
  });

  it('InvalidPassword for fewer than 4 or more than 20 characters; nothing changes', async () => {
    const user = await login(t, { phone: uniqueMobilePhone(), passwordRequired: true });
    for (const newPassword of ['123', 'x'.repeat(21)]) {
      expect(errorsOf(await changePassword(user.headers, newPassword), 422)).toEqual([apiErrorOf('InvalidPassword')]);
    }
    sessionOf(await postLogin(t.app, { phoneNumber: user.customer.phone, password: '1234' }));
  });

  it('403 once a password is set (no old password is asked, and a repay-link session must not take the account over)', async () => {
    const user = await login(t, { phone: uniqueMobilePhone(), passwordRequired: true });
    expect((await changePassword(user.headers, 'Segura-2025')).statusCode).toBe(200);
    expect(errorsOf(await changePassword(user.headers, 'Otra-2026'), 403)[0]?.code.name).toBe('Forbidden');
    const settled = await login(t, { phone: uniqueMobilePhone() });
    expect(errorsOf(await changePassword(settled.headers, 'Otra-2026'), 403)[0]?.code.name).toBe('Forbidden');
    // Nothing changed: the old password still works.
    sessionOf(await postLogin(t.app, { phoneNumber: settled.customer.phone, password: '1234' }));
    sessionOf(await postLogin(t.app, { phoneNumber: user.customer.phone, password: 'Segura-2025' }));
  });

  it('needs a session: 401 without one', async () => {
    expect(errorsOf(await changePassword({}, 'Segura-2025'), 401)[0]?.code.name).toBe('Unauthorized');
  });
});
