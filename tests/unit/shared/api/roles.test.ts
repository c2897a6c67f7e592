// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall } from '../../../../src/shared/api/define.ts';
import { contractCalls } from '../../../../src/shared/api/index.ts';
import { ADMINS, CAM_ADMINS, CAM_ADMINS_COLLECTION, STAFF_ROLES } from '../../../../src/shared/api/roles.ts';
import { identityUserRoles, userRoles } from '../../../../src/shared/statuses.ts';

const entry = { name: 'ProbeGet', method: 'GET', path: '/api/probe', response: z.object({}) } as const;
/** An entry whose access is built at run time (as JavaScript or a cast would), past the type check. */
const loose = (auth: string, roles: string[]) =>
  defineCall({ ...entry, ...({ auth, roles } as unknown as { auth: 'public'; roles: ['public'] }) });

describe('the role lists of the contract', () => {
  it('pairs every entry’s auth with its role list: public and optional calls are open to all, customer calls to `user`', () => {
    for (const call of contractCalls) {
      if (call.auth === 'customer') expect(call.roles, call.name).toEqual(['user']);
      else if (call.auth === 'staff')
        expect(call.roles.every((role) => STAFF_ROLES.includes(role as never))).toBe(true);
      else expect(call.roles, call.name).toEqual(['public']);
    }
  });

  it('refuses any other pairing when the entry is defined, naming the entry', () => {
    expect(() => loose('customer', ['public'])).toThrow("ProbeGet: auth 'customer' cannot have the role list [public]");
    expect(() => loose('customer', ['user', 'cam'])).toThrow('[user, cam]');
    expect(() => loose('public', ['user'])).toThrow("auth 'public'");
    expect(() => loose('optional', ['public', 'user'])).toThrow("auth 'optional'");
    expect(() => loose('staff', [])).toThrow("auth 'staff' cannot have the role list []");
    expect(() => loose('staff', ['cam', 'user'])).toThrow('[cam, user]');
    expect(() => loose('staff', ['cam', 'cam'])).toThrow('[cam, cam]');
    expect(() => loose('staff', ['none'])).toThrow('[none]');
    expect(loose('staff', ['cam', 'administrator']).roles).toEqual(['cam', 'administrator']);
  });

  it('marks every call but a GET as writing, unless the entry says otherwise', () => {
    expect(defineCall({ ...entry, auth: 'public', roles: ['public'] }).writes).toBe(false);
    expect(defineCall({ ...entry, method: 'DELETE', auth: 'customer', roles: ['user'] }).writes).toBe(true);
    const byName = new Map(contractCalls.map((call) => [call.name, call]));
    // The GETs that change something: the SMS link records its reading, the link's token opens a session.
    expect(byName.get('SmsMarkasreadGetBySmsId')?.writes).toBe(true);
    expect(byName.get('TokenGet')?.writes).toBe(true);
    // The POSTs that only read: a search's query is a body (it may hold a phone or a DNI, never put in a URL); the
    // account page's permissions, the quotes, the restructure check and the offer's texts (a staff member's
    // read-only view sends them), the to-do list's filters (the catalogue's POST `paginated`).
    const readingPosts = new Set([
      'CustomerSearchPost',
      'CheckPermissionsPost',
      'RolloverCalculatePost',
      'CheckLoanByRestructuredPost',
      'PaymentPlansPost',
      'PaymentDatePost',
      'LoanOfferDocumentsPost',
      'TodoPagedPost',
    ]);
    for (const call of contractCalls)
      if (call.method !== 'GET') expect(call.writes, call.name).toBe(!readingPosts.has(call.name));
  });

  it('names the staff roles and the groups of §6 from the spec’s user roles', () => {
    expect([...STAFF_ROLES].sort()).toEqual(
      identityUserRoles.filter((role) => role !== 'none' && role !== 'user').sort(),
    );
    expect(userRoles).toContain('public');
    expect(ADMINS).toEqual(['administrator', 'alladmins']);
    expect(CAM_ADMINS).toEqual(['cam', 'administrator', 'alladmins']);
    expect(CAM_ADMINS_COLLECTION).toEqual(['cam', 'administrator', 'alladmins', 'collectioncompany']);
  });
});
