import type { IsoDate } from '../../../shared/dates.ts';

const byYear = new Map<number, readonly string[]>();

/**
 * HolidaysGet's answer: the national holidays of today's year and the next one (the first-repayment window
 * reaches 31 days ahead and payment dates up to two years), computed once per year pair. The holidays library
 * (about 0,1 s to load) is imported on the first call, not at start-up.
 */
export async function holidaysAround(today: IsoDate): Promise<string[]> {
  const year = Number(today.slice(0, 4));
  let holidays = byYear.get(year);
  if (!holidays) {
    const { spainNationalHolidays } = await import('./holidays.ts');
    holidays = Object.freeze(spainNationalHolidays(year, year + 1));
    byYear.set(year, holidays);
  }
  return [...holidays];
}
