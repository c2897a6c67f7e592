/** Password/PIN, its confirmation, the reset PIN and the one-time code (first document §5, second document §5). */
import { z } from 'zod';
import { LENGTHS } from '../constants.ts';
import { VALIDATION_MESSAGES } from '../validation-messages.ts';
import { FIELD_MESSAGES } from '../messages-identity.ts';
import { requiredRawString, requiredString } from './required.ts';

/** Password or PIN: 4 to 20 characters, kept exactly as typed. */
export const passwordSchema = requiredRawString().pipe(
  z
    .string()
    .min(LENGTHS.passwordMin, FIELD_MESSAGES.passwordLength)
    .max(LENGTHS.passwordMax, FIELD_MESSAGES.passwordLength),
);

/** The confirmation field: required here; equality is checked on the form object with `withConfirmation`. */
export const passwordConfirmationSchema = requiredRawString();

/** Reset PIN: exactly 4 digits. */
export const resetPinSchema = requiredString().pipe(z.string().regex(/^\d{4}$/, VALIDATION_MESSAGES.pattern));

/** One-time code: exactly 4 letters or digits. */
export const oneTimeCodeSchema = requiredString().pipe(
  z.string().regex(/^[A-Za-z0-9]{4}$/, VALIDATION_MESSAGES.pattern),
);

/**
 * Adds the "confirmation equals the field" rule to a form object: 'Los campos no coinciden' on the confirmation
 * field. It runs even when other fields have errors, so a failed submit shows every problem at once.
 */
export function withConfirmation<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  field: string,
  confirmation: string,
): S {
  return schema.refine((value) => value[field] === value[confirmation], {
    error: VALIDATION_MESSAGES.sameAs,
    path: [confirmation],
    when: ({ value }) => {
      const form = value as Record<string, unknown> | undefined;
      return typeof form?.[field] === 'string' && typeof form[confirmation] === 'string' && form[confirmation] !== '';
    },
  });
}
