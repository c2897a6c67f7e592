import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorOf } from '../../src/shared/api/errors.ts';
import { customerAddresses, customerStatusHistory, customers } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { login } from './helpers/customers.ts';
import { errorsOf, uniqueMobilePhone } from './helpers/membership-login.ts';
import { saveAddress } from './helpers/registration.ts';
import type { CustomerStatus } from '../../src/shared/statuses.ts';

/** SaveAddressPut: preRegistered → registered, later statuses update, the postcode and province rules. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false });
});
afterAll(() => t.close());

const address = (overrides: Record<string, unknown> = {}) => ({
  street: 'Calle de Alcalá',
  streetNumber: '42',
  floor: '3º B',
  postcode: '28014',
  city: 'Madrid',
  province: 'Madrid',
  ...overrides,
});
const customerAs = (status: CustomerStatus) => login(t, { status, phone: uniqueMobilePhone() });
const addressOf = async (customerId: number) =>
  (await t.db.select().from(customerAddresses).where(eq(customerAddresses.customerId, customerId)))[0];
const statusOf = async (customerId: number) =>
  (await t.db.select({ status: customers.status }).from(customers).where(eq(customers.id, customerId)))[0]?.status;
const historyOf = (customerId: number) =>
  t.db.select().from(customerStatusHistory).where(eq(customerStatusHistory.customerId, customerId));

describe('SaveAddressPut', () => {
  it('moves a preRegistered customer to registered (history row), stores the address and answers fresh details', async () => {
    const user = await customerAs('preRegistered');
    const response = await saveAddress(t.app, user.headers, address({ street: '  Calle   de Alcalá ' }));
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { data: { memberDetails: { status: string } } }).data.memberDetails.status).toBe(
      'registered',
    );
    expect(await statusOf(user.customer.id)).toBe('registered');
    expect(await historyOf(user.customer.id)).toEqual([
      expect.objectContaining({
        fromStatus: 'preRegistered',
        toStatus: 'registered',
        changedBy: 'customer',
        reason: 'addressSaved',
      }),
    ]);
    expect(await addressOf(user.customer.id)).toMatchObject({
      street: 'Calle de Alcalá',
      streetNumber: '42',
      floor: '3º B',
      postcode: '28014',
      city: 'Madrid',
      province: 'Madrid',
    });
  });

  it('a registered (or later, declined included) customer updates the address, status unchanged, no history row', async () => {
    for (const status of ['registered', 'securityChecked', 'declined'] as const) {
      const user = await customerAs(status);
      await saveAddress(t.app, user.headers, address());
      const response = await saveAddress(
        t.app,
        user.headers,
        address({
          street: 'Passeig de Gràcia',
          streetNumber: '7',
          floor: null,
          postcode: '08007',
          city: 'Barcelona',
          province: 'Barcelona',
        }),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(await statusOf(user.customer.id)).toBe(status);
      expect(await historyOf(user.customer.id)).toEqual([]);
      expect(await addressOf(user.customer.id)).toMatchObject({
        street: 'Passeig de Gràcia',
        floor: null,
        province: 'Barcelona',
      });
    }
  });

  it('NotAllowedCustomerStatus for a customer whose mobile is not confirmed yet (new)', async () => {
    const user = await customerAs('new');
    expect(errorsOf(await saveAddress(t.app, user.headers, address()), 422)).toEqual([
      apiErrorOf('NotAllowedCustomerStatus'),
    ]);
    expect(await addressOf(user.customer.id)).toBeUndefined();
  });

  it('InvalidPostcode: not 5 digits, or a province code outside 01–52', async () => {
    const user = await customerAs('preRegistered');
    for (const postcode of ['2801', '280140', '28O14', '00001', '53001', '99999']) {
      expect(errorsOf(await saveAddress(t.app, user.headers, address({ postcode })), 422), postcode).toEqual([
        apiErrorOf('InvalidPostcode'),
      ]);
    }
    expect(await statusOf(user.customer.id)).toBe('preRegistered');
  });

  it('InvalidProvince: the province is not the postcode’s (28xxx is Madrid)', async () => {
    const user = await customerAs('preRegistered');
    expect(errorsOf(await saveAddress(t.app, user.headers, address({ province: 'Barcelona' })), 422)).toEqual([
      apiErrorOf('InvalidProvince'),
    ]);
    expect(await statusOf(user.customer.id)).toBe('preRegistered');
  });

  it('the province may be typed without accents, in any case, in either language or its Castilian name; the official one is stored', async () => {
    const cases = [
      ['03001', 'alacant', 'Alicante/Alacant'],
      ['03001', 'ALICANTE', 'Alicante/Alacant'],
      ['29001', 'malaga', 'Málaga'],
      ['17001', 'Gerona', 'Girona'],
      ['48001', 'Vizcaya', 'Bizkaia'],
      ['15001', 'La Coruña', 'A Coruña'],
      ['07001', 'Islas Baleares', 'Illes Balears'],
    ] as const;
    for (const [postcode, province, stored] of cases) {
      const user = await customerAs('registered');
      const response = await saveAddress(t.app, user.headers, address({ postcode, province, city: 'Ciudad' }));
      expect(response.statusCode, `${postcode} ${province}: ${response.body}`).toBe(200);
      expect((await addressOf(user.customer.id))?.province).toBe(stored);
    }
  });

  it('a blank required field is a 400 naming it (the contract field name)', async () => {
    const user = await customerAs('preRegistered');
    const blank = errorsOf(await saveAddress(t.app, user.headers, address({ streetNumber: '   ', city: ' ' })), 400);
    expect(blank[0]?.message).toBe(
      'Los datos enviados no son válidos: streetNumber (Campo obligatorio), city (Campo obligatorio).',
    );
  });
});
