import { describe, expect, it } from 'vitest';

/** /payment-reason and /credit-history have their own lazy pages (no longer the upcoming notice). */

describe('route wiring (src/app/route-pages.ts)', () => {
  it.each(['paymentReason', 'creditHistory'] as const)('%s has its own page, loaded on demand', async (key) => {
    const { hasOwnPage, preloadPage } = await import('../../../../src/app/route-pages.ts');
    expect(hasOwnPage(key)).toBe(true);
    await expect(preloadPage(key)).resolves.toBeUndefined();
  });
});
