/** The "required" rule of the first document §5 and the small schema builders every field starts from. */
import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../validation-messages.ts';

export const REQUIRED_MESSAGE = VALIDATION_MESSAGES.required;

/** Required fails for empty values (undefined, null, NaN), empty arrays, false booleans and empty (blank) strings. */
export function isFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return !Number.isNaN(value);
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/**
 * A string that must be filled in: missing or blank gives 'Campo obligatorio'. The value is trimmed.
 *
 * Field rules go after it in a `.pipe(…)`, so they run only on a filled-in value and an empty field shows
 * 'Campo obligatorio' alone. (Not `abort: true`: an explicitly aborted field also stops the form-level rules,
 * such as the password confirmation, of the whole form object.)
 */
export const requiredString = () => z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE);

/** A string that must be filled in, kept exactly as typed (passwords): only '' fails as missing. */
export const requiredRawString = () => z.string({ error: REQUIRED_MESSAGE }).min(1, REQUIRED_MESSAGE);

/** A box that must be ticked: false or missing gives 'Campo obligatorio'. */
export const requiredTrue = () => z.literal(true, { error: REQUIRED_MESSAGE });

/** An id chosen from a list (number, or a non-blank string). */
export const requiredId = () =>
  z.union([z.number().int(), z.string().trim().min(1, REQUIRED_MESSAGE)], { error: REQUIRED_MESSAGE });
