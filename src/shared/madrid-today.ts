import type { IsoDate } from './calendar.ts';
import { TIME_ZONE } from './constants.ts';

/**
 * Today's calendar date in Europe/Madrid as `YYYY-MM-DD`: the one place that reads the Madrid wall clock for "today"
 * (dates.ts re-exports it as the product's date helper; the validators and the home page's calculator use it too).
 * Read with `Intl` alone: the home page ships in the first load, and the date library behind dates.ts's time-zone
 * helpers would add several kilobytes to it.
 */
let formatter: Intl.DateTimeFormat | undefined;

export function todayInMadrid(now: Date = new Date()): IsoDate {
  formatter ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = Object.fromEntries(formatter.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}
