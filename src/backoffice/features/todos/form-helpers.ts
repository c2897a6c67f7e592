import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import type { z } from 'zod';
import { TIME_ZONE } from '../../../shared/constants.ts';
import { StaffApiError } from '../../lib/api-error.ts';

/** The to-do and call-hour dialogs' helpers: Madrid wall clock to instants and back, the body checked as sent. */

/** `YYYY-MM-DD` and `HH:mm` on the Madrid wall clock → the instant (ISO, UTC); null when either is missing. */
export function madridInstant(date: string, time: string): string | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!day || !clock) return null;
  const [, year, month, dayOfMonth] = day.map(Number) as [number, number, number, number];
  const [, hours, minutes] = clock.map(Number) as [number, number, number];
  return new TZDate(year, month - 1, dayOfMonth, hours, minutes, TIME_ZONE).toISOString();
}

/** An instant's Madrid date (`YYYY-MM-DD`) and time (`HH:mm`), as the date and time fields show them. */
export function madridParts(instant: string): { date: string; time: string } {
  const local = new TZDate(new Date(instant).getTime(), TIME_ZONE);
  return { date: format(local, 'yyyy-MM-dd'), time: format(local, 'HH:mm') };
}

/**
 * Checks a body with the contract's schema before it is sent: a refusal becomes the dialog's alert (its first
 * message), as the server's would.
 */
export function checkBody(callName: string, schema: z.ZodType, body: unknown): void {
  const parsed = schema.safeParse(body);
  if (!parsed.success) refuse(callName, parsed.error.issues[0]?.message ?? 'Revisa los datos');
}

/** Refuses a dialog's fields with `message`, shown in the dialog's alert as the server's refusal would be. */
export function refuse(callName: string, message: string): never {
  throw new StaffApiError({ kind: 'business', callName, message });
}
