import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAddresses, customers } from '../../src/server/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login } from './helpers/customers.ts';

/** CustomerGet (`GET /api/customer/customer`): the caller's own record, never another's. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false });
});
afterAll(() => t.close());

describe('CustomerGet', () => {
  it('answers the caller’s record with the member details, flags, reference code and address', async () => {
    const who = await login(t, { status: 'securityChecked', creditLimitCents: 350_000 });
    await t.db.update(customers).set({ isRtb: true }).where(eq(customers.id, who.customer.id));
    await t.db.insert(customerAddresses).values({
      customerId: who.customer.id,
      street: 'Calle de Alcalá',
      streetNumber: '50',
      floor: null,
      postcode: '28014',
      city: 'Madrid',
      province: 'Madrid',
    });
    const response = await t.app.inject({ url: '/api/customer/customer', headers: who.headers });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    const [row] = await t.db.select().from(customers).where(eq(customers.id, who.customer.id));
    expect(data).toMatchObject({
      id: who.customer.id,
      status: 'securityChecked',
      isRtb: true,
      isBlacklist: false,
      additionalField: row?.referenceCode,
      firstName: row?.firstName,
      lastName: row?.lastName,
      dni: row?.nationalId,
      phone: row?.phone,
      birthDate: row?.birthDate,
      address: { street: 'Calle de Alcalá', streetNumber: '50', floor: null, postcode: '28014', city: 'Madrid' },
    });
    expect(data.memberDetails).toMatchObject({ id: who.customer.id, customerCreditLimit: 3500 });
  });

  it('has a null address before one is saved, and needs a session', async () => {
    const who = await login(t, { status: 'preRegistered' });
    const response = await t.app.inject({ url: '/api/customer/customer', headers: who.headers });
    expect(response.json().data.address).toBeNull();
    expect((await t.app.inject({ url: '/api/customer/customer' })).statusCode).toBe(401);
  });
});
