import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { lenderTexts, type LenderIdentity } from '../shared/lender.ts';

/**
 * Reads and checks the lender's identity file (`LENDER_FILE`, src/shared/lender.ts): every field present, no
 * placeholder (no '[' or ']', nothing blank), a CIF, a Spanish IBAN and phones of the right shape. Used by the
 * server's config and by the client build (vite.config.ts), so both read the same identity the same way.
 */
const text = z
  .string()
  .trim()
  .min(2)
  .max(300)
  .refine((value) => !/[[\]]/.test(value), { error: 'is a placeholder (contains "[" or "]")' });
const phone = z.string().regex(/^[6789]\d{8}$/, 'must be 9 digits (a Spanish number, no prefix)');

export const lenderIdentitySchema = z.strictObject({
  legalName: text,
  tradeName: text,
  taxId: z.string().regex(/^[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J]$/, 'must be a CIF (letter, 7 digits, control)'),
  registeredAddress: text,
  commercialRegistry: text,
  consumerCreditRegistry: text,
  customerService: z.strictObject({
    email: z.email(),
    phone,
    phoneDisplay: text,
    freePhone: z.string().regex(/^900\d{6}$/, 'must be a free line: 900 and 6 digits'),
    freePhoneDisplay: text,
    hours: text,
    postalAddress: text,
  }),
  collections: z.strictObject({ email: z.email(), phone, phoneDisplay: text, hours: text }),
  dataProtection: z.strictObject({ email: z.email() }),
  collectionAccount: z.strictObject({
    iban: z.string().regex(/^ES\d{22}$/, 'must be a Spanish IBAN without spaces'),
    receiptEmail: z.email(),
  }),
}) satisfies z.ZodType<LenderIdentity>;

export class LenderFileError extends Error {
  override readonly name = 'LenderFileError';
}

/** The identity in `file` (JSON), checked; throws LenderFileError naming what is wrong. */
export function loadLenderIdentity(file: string): LenderIdentity {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new LenderFileError(`LENDER_FILE ${file}: cannot be read as JSON (${(error as Error).message})`);
  }
  const parsed = lenderIdentitySchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(file)'} ${issue.message}`);
    throw new LenderFileError(`LENDER_FILE ${file}: ${problems.join('; ')}`);
  }
  const identity = parsed.data;
  if (lenderTexts(identity).some((value) => /[[\]]/.test(value))) {
    throw new LenderFileError(`LENDER_FILE ${file}: a value is a placeholder`);
  }
  return identity;
}
