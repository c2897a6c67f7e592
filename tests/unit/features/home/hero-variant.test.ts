// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { heroVariant } from '../../../../src/features/home/hero-variant.ts';
import { customerStatuses } from '../../../../src/shared/statuses.ts';

describe('home hero variant', () => {
  it('visitors and customers before their first loan see the zero-interest offer', () => {
    expect(heroVariant(null, false)).toBe('zeroInterest');
    for (const status of ['new', 'preRegistered', 'registered', 'systemApproved'] as const) {
      expect(heroVariant(status, false)).toBe('zeroInterest');
    }
  });

  it('customers with a loan behind them, declined customers and anyone with an active loan see the standard hero', () => {
    const standard = customerStatuses.filter((status) => heroVariant(status, false) === 'standard');
    expect(standard).toEqual(
      customerStatuses.filter((status) => !['new', 'preRegistered', 'registered', 'systemApproved'].includes(status)),
    );
    expect(standard).toContain('securityChecked');
    expect(standard).toContain('declined');
    expect(heroVariant('systemApproved', true)).toBe('standard');
  });
});

describe('home hero variant from the server’s firstLoanInterestFree', () => {
  it('a customer to whom no loan was paid out, in a status that may ask for one, sees the zero-interest offer', () => {
    for (const status of ['systemApproved', 'securityChecked'] as const) {
      expect(heroVariant(status, false, true)).toBe('zeroInterest');
      expect(heroVariant(status, false, false)).toBe('standard');
    }
    // A withdrawn first loan was paid out: the 0 % is gone although the status is still before a first loan.
    expect(heroVariant('systemApproved', false, false)).toBe('standard');
  });

  it('never to a declined customer, one in collection, nor with an active loan', () => {
    expect(heroVariant('declined', false, true)).toBe('standard');
    expect(heroVariant('externalCollection', false, true)).toBe('standard');
    expect(heroVariant('securityChecked', true, true)).toBe('standard');
  });
});
