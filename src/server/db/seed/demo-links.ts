import type { Executor } from '../connect.ts';
import { REPAY_TOKEN_MAX_TTL_MS, storeRepayToken } from '../../modules/links/index.ts';

/**
 * Sandbox only: every demo customer gets a repay token with a fixed, documented value, so testers can open
 * `/r/demo-600000005` (docs/sandbox.md). Such a value would be far too guessable for a real customer — real tokens are
 * 32 random bytes — but demo data exists only while SANDBOX is on. Only the SHA-256 is stored, as for every token.
 * The demo tokens live a year from the seeding day (the longest a token may live).
 */

export const demoRepayToken = (phone: string): string => `demo-${phone}`;

export async function seedDemoRepayToken(
  db: Executor,
  customer: { id: number; phone: string; latestLoanId: number | null },
  now: Date,
): Promise<void> {
  await storeRepayToken(db, demoRepayToken(customer.phone), {
    customerId: customer.id,
    loanId: customer.latestLoanId,
    ttlMs: REPAY_TOKEN_MAX_TTL_MS,
    now,
  });
}
