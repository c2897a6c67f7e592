import type { z } from 'zod';
import { StaffApiError } from './api-error.ts';

/**
 * Checks an action's fields with the contract's own body schema before sending; a refusal is thrown as a
 * `StaffApiError` with the schema's Spanish text, so `ActionDialog` shows it inside as it shows the server's.
 */
export function checkedBody<S extends z.ZodType>(
  callName: string,
  schema: S,
  body: unknown,
  fallback: string,
): z.output<S> {
  const checked = schema.safeParse(body);
  if (checked.success) return checked.data;
  const issue = checked.error.issues[0];
  const message = issue && !/^(Invalid|Too|Expected)/.test(issue.message) ? issue.message : fallback;
  throw new StaffApiError({ kind: 'business', callName, message, code: 'InvalidField' });
}
