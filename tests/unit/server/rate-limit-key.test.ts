import { describe, expect, it } from 'vitest';
import { clientKey } from '../../../src/server/plugins/rate-limit.ts';

describe('the rate limiter key', () => {
  it('is the client address', () => {
    expect(clientKey({ ip: '203.0.113.7' })).toBe('203.0.113.7');
  });

  it('does not throw for a client that has already gone (no address): the request must not end in a 500', () => {
    expect(clientKey({ ip: undefined as unknown as string })).toBe('client-gone');
  });
});
