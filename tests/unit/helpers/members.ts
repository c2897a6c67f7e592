import type { MemberDetails } from '../../../src/shared/api/customer-schemas.ts';
import type { Cents } from '../../../src/shared/money.ts';

/** Member details as the server answers them (demo customer 600000004 by default), for client unit tests. */
export function memberDetails(overrides: Partial<MemberDetails> = {}): MemberDetails {
  return {
    id: 4,
    status: 'systemApproved',
    fullName: 'Javier Martín López',
    twoLetterName: 'JM',
    firstName: 'Javier',
    // The wire's euros: tests serve these details over HTTP (decoded to 300000 cents) and also store them as they are.
    customerCreditLimit: 3000 as Cents,
    role: 'user',
    phone: '600000004',
    hasActiveLoan: false,
    ...overrides,
  };
}
