import { SANDBOX_LENDER, type LenderIdentity } from '../src/shared/lender.ts';
import { loadLenderIdentity } from '../src/server/lender.ts';

/**
 * The lender identity a client build carries (vite.config.ts, vitest.config.ts): `LENDER_FILE`'s, checked as the
 * server checks it (src/server/lender.ts), or the sandbox's fictional one when unset.
 */
export function buildLenderIdentity(env: Record<string, string | undefined> = process.env): LenderIdentity {
  const file = env['LENDER_FILE']?.trim();
  return file ? loadLenderIdentity(file) : SANDBOX_LENDER;
}

/** The `define` entry read by src/lib/lender.ts. */
export const lenderDefine = (identity: LenderIdentity): Record<string, string> => ({
  __LENDER__: JSON.stringify(identity),
});
