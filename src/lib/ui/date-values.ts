/** Conversions between the ISO `YYYY-MM-DD` strings of forms and the wire and React Aria's calendar dates. */
import { parseDate, type CalendarDate, type DateValue } from '@internationalized/date';

/** The calendar date of an ISO `YYYY-MM-DD` string, or null when it is empty or not a real date. */
export function toCalendarDate(iso: string | null | undefined): CalendarDate | null {
  if (iso === null || iso === undefined || iso === '') return null;
  try {
    return parseDate(iso);
  } catch {
    return null;
  }
}

/** The ISO `YYYY-MM-DD` string of a calendar date. */
export function toIsoDate(date: DateValue): string {
  const year = String(date.year).padStart(4, '0');
  const month = String(date.month).padStart(2, '0');
  const day = String(date.day).padStart(2, '0');
  return `${year}-${month}-${day}`;
}
