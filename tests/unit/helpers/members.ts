import type { MemberDetails } from '../../../src/shared/api/member.ts';

/** Member details as the server answers them (demo customer 600000004 by default), for client unit tests. */
export function memberDetails(overrides: Partial<MemberDetails> = {}): MemberDetails {
  return {
    id: 4,
    status: 'systemApproved',
    fullName: 'Javier Martín López',
    twoLetterName: 'JM',
    firstName: 'Javier',
    customerCreditLimit: 3000,
    role: 'user',
    phone: '600000004',
    hasActiveLoan: false,
    ...overrides,
  };
}
