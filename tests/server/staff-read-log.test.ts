import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/server/logger.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createCustomer } from './helpers/customers.ts';
import { staffSession, type StaffLoggedIn } from './helpers/staff.ts';

/**
 * A staff read is not audited but logged (docs/backoffice.md §3): `registerCall` writes one `staffRead` line for
 * every staff entry that does not write, with the member, the call and the ids the request names (path params and
 * the query's `…Id` fields); the handlers log nothing of it themselves. A staff write leaves an audit record instead
 * and no such line.
 */

const lines: Array<Record<string, unknown>> = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean))
      lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

let t: TestApp;
let agent: StaffLoggedIn;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, logger: { ...(loggerOptions('info') as object), stream: sink } });
  agent = await staffSession(t, 'cam');
});
afterAll(() => t.close());

const staffReads = () => lines.filter((line) => line['event'] === 'staffRead');

describe('staff reads in the log', () => {
  it('one line per read: who, which call, the ids of its path and query', async () => {
    const customer = await createCustomer(t);
    lines.length = 0;
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/customer/customer/${customer.id}`,
      headers: agent.headers,
    });
    expect(file.statusCode).toBe(200);
    const loans = await t.app.inject({
      method: 'GET',
      url: `/api/loan/loans?customerId=${customer.id}`,
      headers: agent.headers,
    });
    expect(loans.statusCode).toBe(200);
    const search = await t.app.inject({
      method: 'POST',
      url: '/api/customer/search',
      headers: agent.headers,
      payload: { query: customer.phone, page: 1, pageSize: 25 },
    });
    expect(search.statusCode).toBe(200);

    expect(
      staffReads().map((line) => ({
        staffUserId: line['staffUserId'],
        call: line['call'],
        customerId: line['customerId'],
      })),
    ).toEqual([
      { staffUserId: agent.staff.id, call: 'StaffCustomerGet', customerId: customer.id },
      { staffUserId: agent.staff.id, call: 'StaffCustomerLoansGet', customerId: customer.id },
      { staffUserId: agent.staff.id, call: 'CustomerSearchPost', customerId: undefined },
    ]);
    // The search text (a phone, a DNI, a name) is personal data: never in the line.
    expect(JSON.stringify(staffReads())).not.toContain(customer.phone);
  });

  it('a refused read (403 by role) and a staff write log no staffRead line', async () => {
    const company = await staffSession(t, 'collectioncompany');
    const customer = await createCustomer(t);
    lines.length = 0;
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/bankscraper/getAccountWithBankDetails/${customer.id}`,
      headers: company.headers,
    });
    expect(refused.statusCode).toBe(403);
    const unblock = await t.app.inject({
      method: 'POST',
      url: '/api/membership/unblock',
      headers: agent.headers,
      payload: { customerId: customer.id, reason: 'Llamó el cliente' },
    });
    expect(unblock.statusCode).toBeLessThan(500);
    expect(staffReads()).toEqual([]);
  });
});
