import { describe, expect, it } from 'vitest';
import { CardProofUploadPost } from '../../../../src/shared/api/document.ts';
import { RequestLoanPost } from '../../../../src/shared/api/loan.ts';
import { LoginPost } from '../../../../src/shared/api/membership.ts';
import { timeoutFor } from '../../../../src/lib/api/timeouts.ts';

const MINUTE = 60_000;

describe('request timeouts (first document §9, second document §7 and §9)', () => {
  it('normal calls wait 1 minute', () => {
    expect(timeoutFor(LoginPost, 'main')).toBe(1 * MINUTE);
  });
  it('long calls wait 5 minutes', () => {
    expect(timeoutFor(RequestLoanPost, 'main')).toBe(5 * MINUTE);
  });
  it('the card-proof upload waits 3 minutes', () => {
    expect(timeoutFor(CardProofUploadPost, 'main')).toBe(3 * MINUTE);
    expect(timeoutFor(CardProofUploadPost, 'file')).toBe(3 * MINUTE);
  });
  it('the second (file) client waits twice the normal client', () => {
    expect(timeoutFor(LoginPost, 'file')).toBe(2 * timeoutFor(LoginPost, 'main'));
  });
  it('an explicit timeoutMs wins', () => {
    expect(timeoutFor(RequestLoanPost, 'main', 5_000)).toBe(5_000);
  });
});
