import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerStatusGet, StaffCommunicationGet } from '../../src/shared/api/customer-staff.ts';
import { StaffCreditLimitGet } from '../../src/shared/api/loan-staff.ts';
import type { CustomerStatus } from '../../src/shared/statuses.ts';
import { creditDecisions } from '../../src/server/db/schema/index.ts';
import { moveCustomerStatus, saveAddress } from '../../src/server/modules/customer/index.ts';
import { insertLimitDecision } from '../../src/server/modules/decision/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createCustomer, login } from './helpers/customers.ts';
import { errorsOf } from './helpers/membership-login.ts';
import { createRunningLoan } from './helpers/running-loans.ts';
import { staffSession, type StaffLoggedIn } from './helpers/staff.ts';

/**
 * The customer file's read tabs (docs/backoffice.md §5): the status with its history (CustomerStatusGet), the
 * contacts (StaffCommunicationGet) and the credit limit with its decisions (StaffCreditLimitGet). Each answers what
 * the database holds, newest first and paged; an unknown customer is a 404, and so is another company's customer to
 * a collection company's user where that role may read the tab; where it may not, the answer is 403 for any customer.
 */

let t: TestApp;
let agent: StaffLoggedIn;
let admin: StaffLoggedIn;
let company: StaffLoggedIn;

beforeAll(async () => {
  t = await createTestApp();
  agent = await staffSession(t, 'cam');
  admin = await staffSession(t, 'administrator');
  company = await staffSession(t, 'collectioncompany');
});
afterAll(() => t.close());

const UNKNOWN_ID = 2_000_000_000;
const at = (minute: number) => new Date(Date.UTC(2026, 9, 1, 8, minute));

const get = (url: string, who: StaffLoggedIn) => t.app.inject({ method: 'GET', url, headers: who.headers });

async function ok(url: string, who: StaffLoggedIn = agent) {
  const response = await get(url, who);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: Record<string, unknown> }).data;
}

const notFound = async (url: string, who: StaffLoggedIn) =>
  expect(errorsOf(await get(url, who), 404)[0]).toMatchObject({
    code: { name: 'StaffCustomerNotFound', value: 2007 },
    message: 'No hemos encontrado ese cliente.',
  });

const forbidden = async (url: string, who: StaffLoggedIn) =>
  expect(errorsOf(await get(url, who), 403)[0]!.code.name).toBe('Forbidden');

/** A customer moved through `statuses` (from `registered`), one minute apart from minute 0, by `changedBy`. */
async function movedThrough(customerId: number, statuses: CustomerStatus[], changedBy = 'system') {
  let from: CustomerStatus = 'registered';
  for (const [index, to] of statuses.entries()) {
    const moved = await moveCustomerStatus(t.db, {
      id: customerId,
      from,
      to,
      changedBy,
      reason: `paso ${index + 1}`,
      at: at(index),
    });
    expect(moved).toBe(true);
    from = to;
  }
}

describe('CustomerStatusGet', () => {
  const url = (customerId: number, query = '') => `/api/customer/status/${customerId}${query}`;

  it('answers the status now and its history newest first: who, why, from, to and when', async () => {
    const customer = await createCustomer(t);
    await moveCustomerStatus(t.db, {
      id: customer.id,
      from: 'registered',
      to: 'systemApproved',
      changedBy: 'system',
      reason: 'creditDecision',
      at: at(0),
    });
    await moveCustomerStatus(t.db, {
      id: customer.id,
      from: 'systemApproved',
      to: 'fraud',
      changedBy: `staff:${admin.staff.id}`,
      reason: 'Suplantación de identidad confirmada',
      at: at(30),
    });
    const data = await ok(url(customer.id));
    const parsed = CustomerStatusGet.response.parse(data);
    expect(parsed).toMatchObject({ customerId: customer.id, status: 'fraud', page: 1, pageSize: 25, total: 2 });
    expect(parsed.items.map(({ id: _id, ...change }) => change)).toEqual([
      {
        at: '2026-10-01T08:30:00.000Z',
        from: 'systemApproved',
        to: 'fraud',
        changedBy: `staff:${admin.staff.id}`,
        reason: 'Suplantación de identidad confirmada',
      },
      {
        at: '2026-10-01T08:00:00.000Z',
        from: 'registered',
        to: 'systemApproved',
        changedBy: 'system',
        reason: 'creditDecision',
      },
    ]);
    // An administrator reads the same.
    expect(await ok(url(customer.id), admin)).toEqual(data);
  });

  it('answers a customer without history with an empty list', async () => {
    const customer = await createCustomer(t, { status: 'preRegistered' });
    expect(CustomerStatusGet.response.parse(await ok(url(customer.id)))).toMatchObject({
      status: 'preRegistered',
      items: [],
      total: 0,
    });
  });

  it('pages: 10 a page, the oldest on the last page, the total counts all', async () => {
    const customer = await createCustomer(t);
    const statuses = Array.from({ length: 12 }, (_, index): CustomerStatus =>
      index % 2 === 0 ? 'systemApproved' : 'securityChecked',
    );
    await movedThrough(customer.id, statuses);
    const first = CustomerStatusGet.response.parse(await ok(url(customer.id, '?pageSize=10')));
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10, status: 'securityChecked' });
    expect(first.items.map((item) => item.reason)).toEqual(
      Array.from({ length: 10 }, (_, index) => `paso ${12 - index}`),
    );
    const second = CustomerStatusGet.response.parse(await ok(url(customer.id, '?pageSize=10&page=2')));
    expect(second.items.map((item) => [item.from, item.to, item.reason])).toEqual([
      ['systemApproved', 'securityChecked', 'paso 2'],
      ['registered', 'systemApproved', 'paso 1'],
    ]);
    expect((await ok(url(customer.id, '?pageSize=10&page=3'))).items).toEqual([]);
    expect(errorsOf(await get(url(customer.id, '?pageSize=7'), agent), 400)[0]!.message).toContain('10, 25, 50, 100');
  });

  it("answers 404 for an unknown customer and for another company's customer; the company sees its own", async () => {
    await notFound(url(UNKNOWN_ID), agent);
    const mine = await createCustomer(t, { collectionCompanyId: company.staff.collectionCompanyId });
    await movedThrough(mine.id, ['systemApproved']);
    const theirs = await createCustomer(t);
    const seen = CustomerStatusGet.response.parse(await ok(url(mine.id), company));
    expect(seen).toMatchObject({ customerId: mine.id, status: 'systemApproved', total: 1 });
    await notFound(url(theirs.id), company);
  });
});

describe('StaffCommunicationGet', () => {
  const url = (customerId: number) => `/api/customer/communication/${customerId}`;

  it('answers the mobile, the e-mail and the address as stored', async () => {
    const customer = await createCustomer(t, { email: 'lucia.contacto@example.com' });
    expect(StaffCommunicationGet.response.parse(await ok(url(customer.id)))).toEqual({
      customerId: customer.id,
      phone: customer.phone,
      email: 'lucia.contacto@example.com',
      address: null,
    });
    const address = {
      street: 'Calle Mayor',
      streetNumber: '12',
      floor: '3º B',
      postcode: '28013',
      city: 'Madrid',
      province: 'Madrid',
    };
    await saveAddress(t.db, customer.id, address, at(0));
    const data = StaffCommunicationGet.response.parse(await ok(url(customer.id), admin));
    expect(data).toEqual({
      customerId: customer.id,
      phone: customer.phone,
      email: 'lucia.contacto@example.com',
      address,
    });
  });

  it('answers 404 for an unknown customer, and 403 to a collection company for any customer', async () => {
    await notFound(url(UNKNOWN_ID), agent);
    const mine = await createCustomer(t, { collectionCompanyId: company.staff.collectionCompanyId });
    const theirs = await createCustomer(t);
    await forbidden(url(mine.id), company);
    await forbidden(url(theirs.id), company);
    await forbidden(url(UNKNOWN_ID), company);
  });

  it("leaves the customer's own POST on the path without the id (AddNewEmailPost) as it was", async () => {
    const session = await login(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/customer/communication',
      headers: { ...session.headers, 'content-type': 'application/json' },
      payload: { type: 'email', subType: 'personal', value: `nuevo.${session.customer.phone}@example.com` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(StaffCommunicationGet.response.parse(await ok(url(session.customer.id))).email).toBe(
      `nuevo.${session.customer.phone}@example.com`,
    );
  });
});

describe('StaffCreditLimitGet', () => {
  const url = (customerId: number, query = '') => `/api/customer/creditlimit/${customerId}${query}`;

  async function declined(customerId: number, minute: number) {
    await t.db.insert(creditDecisions).values({
      customerId,
      outcome: 'declined',
      limitCents: 0,
      miniLimitCents: 0,
      rulesVersion: 'rules-test-1',
      trigger: 'firstAccountLinked',
      inputs: { age: 36, salaryFound: false },
      reasons: [{ rule: 'salaryFound', passed: false, detail: 'sin nóminas en 90 días' }],
      createdAt: at(minute),
    });
  }

  const grown = (customerId: number, minute: number, limitCents: number, miniLimitCents: number) =>
    insertLimitDecision(t.db, {
      customerId,
      limitCents,
      miniLimitCents,
      inputs: { loanId: 7, maxDaysLate: 0 },
      reasons: [{ rule: 'repaidWithinDays', passed: true, detail: '0 ≤ 5' }],
      createdAt: at(minute),
    });

  it('answers the limits and what is left of them (euros), and the decisions newest first as stored', async () => {
    const customer = await createCustomer(t, { creditLimitCents: 300_000, miniLimitCents: 60_000 });
    await declined(customer.id, 0);
    await grown(customer.id, 45, 300_000, 60_000);
    // 10 instalments unpaid of 208,33 € principal each: 2.083,30 € owed.
    await createRunningLoan(t, customer.id, { nextDue: '2026-12-15', paid: 2 });
    const data = await ok(url(customer.id));
    expect(data).toMatchObject({
      customerId: customer.id,
      creditLimit: 3000,
      miniLimit: 600,
      availableLimit: 916.7,
      miniAvailableLimit: 0,
      total: 2,
      totalCapped: false,
    });
    const parsed = StaffCreditLimitGet.response.parse(data);
    expect(parsed.items.map(({ id: _id, ...decision }) => decision)).toEqual([
      {
        at: '2026-10-01T08:45:00.000Z',
        trigger: 'loanRepaid',
        outcome: 'systemApproved',
        limit: 300_000,
        miniLimit: 60_000,
        rulesVersion: expect.stringMatching(/^limit-growth-/),
        inputs: { loanId: 7, maxDaysLate: 0 },
        reasons: [{ rule: 'repaidWithinDays', passed: true, detail: '0 ≤ 5' }],
      },
      {
        at: '2026-10-01T08:00:00.000Z',
        trigger: 'firstAccountLinked',
        outcome: 'declined',
        limit: 0,
        miniLimit: 0,
        rulesVersion: 'rules-test-1',
        inputs: { age: 36, salaryFound: false },
        reasons: [{ rule: 'salaryFound', passed: false, detail: 'sin nóminas en 90 días' }],
      },
    ]);
    expect((data.items as { limit: number }[])[0]!.limit).toBe(3000);
    expect(await ok(url(customer.id), admin)).toEqual(data);
  });

  it("answers the same available figures as the customer's own CreditLimitGet (path without the id)", async () => {
    const session = await login(t, { creditLimitCents: 250_000, miniLimitCents: 30_000 });
    await createRunningLoan(t, session.customer.id, { nextDue: '2026-12-15', paid: 11 });
    const own = await t.app.inject({ method: 'GET', url: '/api/customer/creditlimit', headers: session.headers });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toEqual({ availableLimit: 2291.67, miniAvailableLimit: 91.67 });
    expect(await ok(url(session.customer.id))).toMatchObject(own.json().data as Record<string, unknown>);
  });

  it('pages: 10 a page, the oldest decision on the last page', async () => {
    const customer = await createCustomer(t);
    for (let minute = 0; minute < 11; minute += 1) await grown(customer.id, minute, 250_000 + minute * 50_000, 0);
    const first = StaffCreditLimitGet.response.parse(await ok(url(customer.id, '?pageSize=10')));
    expect(first).toMatchObject({ total: 11, page: 1, pageSize: 10 });
    expect(first.items[0]).toMatchObject({ at: '2026-10-01T08:10:00.000Z', limit: 750_000 });
    const second = StaffCreditLimitGet.response.parse(await ok(url(customer.id, '?pageSize=10&page=2')));
    expect(second.items.map((item) => [item.at, item.limit])).toEqual([['2026-10-01T08:00:00.000Z', 250_000]]);
  });

  it('answers 404 for an unknown customer, and 403 to a collection company for any customer', async () => {
    await notFound(url(UNKNOWN_ID), agent);
    const mine = await createCustomer(t, { collectionCompanyId: company.staff.collectionCompanyId });
    const theirs = await createCustomer(t);
    await forbidden(url(mine.id), company);
    await forbidden(url(theirs.id), company);
  });
});
