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
