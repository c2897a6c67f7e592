import { TIME_ZONE } from '../../../shared/constants.ts';
import type { IsoDate } from '../../../shared/calendar.ts';

/**
 * Today's calendar date in Europe/Madrid as `YYYY-MM-DD`, read with `Intl` alone: the home page ships in the first
 * load, and the date library behind src/shared/dates.ts's time-zone helpers would add several kilobytes to it.
 */
let formatter: Intl.DateTimeFormat | undefined;

export function madridToday(now: Date = new Date()): IsoDate {
  formatter ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = Object.fromEntries(formatter.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}
