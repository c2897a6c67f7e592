import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../../shared/validation-messages.ts';
import { isValidSpanishIban, normalizeIban } from '../../shared/validators/iban.ts';
import { BANK_PAGE_TEXTS } from './texts.ts';

/** An IBAN as the customer types it, in groups of 4 ('es9121000418' → 'ES91 2100 0418'), at most 24 characters. */
export function groupIban(typed: string): string {
  return typed
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 24)
    .replace(/(.{4})(?!$)/g, '$1 ');
}

/** Why an IBAN is refused, in Spanish, or undefined when it is a valid Spanish IBAN (check digits and CCC). */
export function ibanProblem(raw: string): string | undefined {
  const iban = normalizeIban(raw);
  if (iban === '') return VALIDATION_MESSAGES.required;
  if (!/^ES\d{22}$/.test(iban)) return BANK_PAGE_TEXTS.ibanNotSpanish;
  if (!isValidSpanishIban(iban)) return BANK_PAGE_TEXTS.ibanInvalid;
  return undefined;
}

/** The manual entry form: `accountNumber` leaves it without spaces (the shared IBAN rule, ibantools). */
export const manualAccountSchema = z.object({
  accountNumber: z
    .string()
    .superRefine((raw, context) => {
      const problem = ibanProblem(raw);
      if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
    })
    .transform(normalizeIban),
});
export type ManualAccountValues = z.input<typeof manualAccountSchema>;
export type ManualAccount = z.output<typeof manualAccountSchema>;
