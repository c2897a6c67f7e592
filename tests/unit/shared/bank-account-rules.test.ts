import { describe, expect, it } from 'vitest';
import { canAddBankAccount } from '../../../src/shared/bank-account-rules.ts';
import { customerStatuses } from '../../../src/shared/statuses.ts';

/** 'Añadir nueva cuenta bancaria' (loan request and account page): RTB, securityChecked, not blacklisted. */
describe('canAddBankAccount', () => {
  it('allows an RTB securityChecked customer who is not blacklisted', () => {
    expect(canAddBankAccount({ isRtb: true, isBlacklist: false, status: 'securityChecked' })).toBe(true);
  });

  it('refuses a blacklisted or non-RTB customer', () => {
    expect(canAddBankAccount({ isRtb: true, isBlacklist: true, status: 'securityChecked' })).toBe(false);
    expect(canAddBankAccount({ isRtb: false, isBlacklist: false, status: 'securityChecked' })).toBe(false);
  });

  it.each(customerStatuses.filter((status) => status !== 'securityChecked'))('refuses status %s', (status) => {
    expect(canAddBankAccount({ isRtb: true, isBlacklist: false, status })).toBe(false);
  });
});
