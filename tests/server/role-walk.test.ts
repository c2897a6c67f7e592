import { afterAll, describe, expect, it } from 'vitest';
import { errorResponseSchema, type AnyCall } from '../../src/shared/api/define.ts';
import { ADMINS, isStaffRole, STAFF_ROLES, type StaffRole } from '../../src/shared/api/roles.ts';
import { createTestApp } from './helpers/app.ts';
import type { RegisteredCall } from '../../src/server/http/register-call.ts';
import { samplesOf, validRequestOf } from './helpers/contract-cases.ts';
import { login } from './helpers/customers.ts';
import { probeRoutes } from './helpers/probe.ts';
import { createStaff, staffSession } from './helpers/staff.ts';

/**
 * THE ROLE WALK (docs/backoffice.md §2): every call registered from the contract (`app.registeredCalls`, so an entry
 * added later is walked by itself) × every identity, one request with the entry's valid sample, and the class of
 * the answer its role list allows: in the list → never 401 or 403; a staff role outside it → 403 `Forbidden`; a
 * customer call without a customer session, or a staff call without a staff session → 401 (a customer's token never
 * opens a staff call, nor a staff token a customer call); a session whose `X-Member-Role` claims another role → 401 (the server takes the role from the session, never from
 * the header); a staff member's read-only view of a customer (MorphToPost) → 403 `ReadOnlySession` on every call
 * that writes but its logout. Every 401 and 403 is in the spec's error shape, and nothing answers 500.
 */

// With the test-only probe calls: a staff call whose list leaves roles out (the real ones come with the back office).
const t = await createTestApp({ rateLimit: false, extraRoutes: [probeRoutes] });
afterAll(() => t.close());

const calls = t.app.registeredCalls;

type Identity = 'anonymous' | 'user' | 'user claiming cam' | 'read-only view' | StaffRole;
const IDENTITIES: readonly Identity[] = ['anonymous', 'user', 'user claiming cam', 'read-only view', ...STAFF_ROLES];

/** The sample with the session's own customer id wherever it names one (another customer's id is refused). */
function ownIds(value: unknown, customerId: number): unknown {
  if (Array.isArray(value)) return value.map((item) => ownIds(item, customerId));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      key === 'customerId' ? customerId : key === 'customerIds' ? [customerId] : ownIds(field, customerId),
    ]),
  );
}

/**
 * The sample with an agent's account wherever it names a staff user (`staffUserId`): an administrator may change
 * agents only (the alladmins rule, a 403 inside the call's list), and the sample's id 1 is whoever a database shared
 * by the test files made first.
 */
function agentIds(value: unknown, agentId: number): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [key, key === 'staffUserId' ? agentId : agentIds(field, agentId)]),
  );
}
const namesStaffUser = (call: AnyCall) => JSON.stringify(samplesOf(call)).includes('"staffUserId"');

/**
 * Body fields only administrators may send (a 403 inside the call's list for the others, tested by name in the
 * call's own tests): left out of the sample for a role outside `ADMINS`.
 */
const ADMIN_ONLY_FIELDS: Readonly<Record<string, readonly string[]>> = {
  StaffCustomerPut: ['nationalId', 'birthDate'],
};
function withoutAdminFields(call: AnyCall, role: StaffRole, sample: unknown): unknown {
  const fields = ADMIN_ONLY_FIELDS[call.name];
  if (!fields || (ADMINS as readonly string[]).includes(role)) return sample;
  if (sample === null || typeof sample !== 'object' || Array.isArray(sample)) return sample;
  return Object.fromEntries(Object.entries(sample).filter(([key]) => !fields.includes(key)));
}

/** Bodies that are bare lists of customer ids, which `ownIds` cannot recognise by a field name. */
const ID_LIST_BODIES = new Set(['CheckPermissionsPost']);

/** A staff member's read-only view of the customer's area (MorphToPost), as the customer app sends it. */
async function readOnlyView(customerId: number): Promise<Record<string, string>> {
  const agent = await staffSession(t, 'cam');
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/membership/morphTo/${customerId}`,
    headers: { ...agent.headers, 'content-type': 'application/json' },
    payload: { reason: 'Recorrido de roles' },
  });
  const { url } = (response.json() as { data: { url: string } }).data;
  const token = new URLSearchParams(url.split('#')[1]).get('t')!;
  return { authorization: `Bearer ${token}`, 'x-member-id': String(customerId), 'x-member-role': 'user' };
}

async function requestAs(call: AnyCall, identity: Identity) {
  if (identity === 'anonymous') return validRequestOf(call, { 'x-member-role': 'none' });
  if (isStaffRole(identity)) {
    const { headers } = await staffSession(t, identity);
    if (!namesStaffUser(call))
      return validRequestOf(call, headers, (sample) => withoutAdminFields(call, identity, sample));
    const agent = await createStaff(t);
    return validRequestOf(call, headers, (sample) => agentIds(sample, agent.id));
  }
  // A session of its own per request: a walked logout or account deletion must not end the next one's.
  const { customer, headers: own } = await login(t, { status: 'securityChecked' });
  const headers = identity === 'read-only view' ? await readOnlyView(customer.id) : own;
  const role = identity === 'user claiming cam' ? 'cam' : 'user';
  return validRequestOf(call, { ...headers, 'x-member-role': role }, (sample) =>
    ID_LIST_BODIES.has(call.name) && Array.isArray(sample) ? [customer.id] : ownIds(sample, customer.id),
  );
}

/**
 * What the entry's auth and role list allow the identity: `allowed` (never 401 or 403), `unauthorized` (401),
 * `forbidden` (403 `Forbidden`: a staff role outside the list), or `anonymous` for an optional call without a valid
 * customer session (never 403; 401 only when the request names a customer, as a personal quote does).
 */
function expectedClass(
  { call, options }: RegisteredCall,
  identity: Identity,
): 'allowed' | 'unauthorized' | 'forbidden' | 'anonymous' | 'readOnly' {
  if (call.auth === 'public') return 'allowed';
  if (call.auth === 'staff') {
    if (!isStaffRole(identity)) return 'unauthorized';
    return call.roles.includes(identity) ? 'allowed' : 'forbidden';
  }
  if (identity === 'user') return 'allowed';
  // The customer's own session, read only: every call that writes but its logout is refused.
  if (identity === 'read-only view') return call.writes && !options.whileReadOnly ? 'readOnly' : 'allowed';
  return call.auth === 'optional' ? 'anonymous' : 'unauthorized';
}

const inErrorShape = (body: string) => {
  try {
    return errorResponseSchema.safeParse(JSON.parse(body)).success;
  } catch {
    return false;
  }
};

describe('the role walk: every contract entry × every identity', () => {
  it('walks the registered calls, each with a role list', () => {
    expect(calls.length).toBeGreaterThan(70);
    for (const { call } of calls) expect(call.roles.length, call.name).toBeGreaterThan(0);
  });

  for (const registered of calls) {
    const { call } = registered;
    it(`${call.name} (${call.method} ${call.path}, ${call.auth}: ${call.roles.join(', ')})`, async () => {
      const failures: string[] = [];
      for (const identity of IDENTITIES) {
        const { statusCode, body } = await t.app.inject(await requestAs(call, identity));
        const seen = `${identity} → ${statusCode} ${body.slice(0, 160)}`;
        const expected = expectedClass(registered, identity);
        if (statusCode >= 500) failures.push(seen);
        else if (expected === 'allowed' && (statusCode === 401 || statusCode === 403))
          failures.push(`${seen} (allowed)`);
        else if (expected === 'anonymous' && statusCode === 403) failures.push(`${seen} (anonymous)`);
        else if (expected === 'unauthorized' && statusCode !== 401) failures.push(`${seen} (expected 401)`);
        else if (expected === 'forbidden' && (statusCode !== 403 || !body.includes('"Forbidden"')))
          failures.push(`${seen} (expected 403 Forbidden)`);
        else if (expected === 'readOnly' && (statusCode !== 403 || !body.includes('"ReadOnlySession"')))
          failures.push(`${seen} (expected 403 ReadOnlySession)`);
        if ((statusCode === 401 || statusCode === 403) && !inErrorShape(body))
          failures.push(`${seen} (not in the error shape)`);
      }
      expect(failures).toEqual([]);
    });
  }
});
