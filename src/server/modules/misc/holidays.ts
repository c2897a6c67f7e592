import Holidays from 'date-holidays';

/**
 * Spain's NATIONAL public holidays, from date-holidays' country calendar 'ES' (no region).
 *
 * What is kept: the holidays of Real Decreto 2001/1983 art. 45 that the BOE's yearly resolution of "fiestas
 * laborales" lists for the whole country — 1 January (Año Nuevo), 6 January (Epifanía), Viernes Santo, 1 May
 * (Fiesta del Trabajo), 15 August (Asunción), 12 October (Fiesta Nacional), 1 November (Todos los Santos),
 * 6 December (Día de la Constitución), 8 December (Inmaculada) and 25 December (Navidad). In date-holidays these are
 * the country-level entries of type 'public'.
 *
 * What is left out, deliberately:
 * - regional days (Jueves Santo, Lunes de Pascua, San José, Santiago, each community's own day): they are not
 *   holidays everywhere, and date-holidays keeps them under the regions, or as type 'observance' at country level
 *   (San José, Pascua, Pentecostés, Día de la Madre);
 * - Monday substitutes of a national holiday that falls on a Sunday (date-holidays' `substitute` entries, e.g.
 *   13 October 2025): moving it is each community's choice (RD 2001/1983 art. 45.3), so it is regional too.
 *
 * A national holiday that falls on a Sunday (1 November and 6 December 2026) stays in the list under its own date:
 * it is still the holiday's date, and for the repayment window it changes nothing because Sundays are never
 * selectable anyway.
 */

const spain = new Holidays('ES');

export function spainNationalHolidays(fromYear: number, toYear: number): string[] {
  if (!Number.isSafeInteger(fromYear) || !Number.isSafeInteger(toYear) || fromYear > toYear) {
    throw new RangeError(`Invalid year range ${fromYear}-${toYear}`);
  }
  const dates = new Set<string>();
  for (let year = fromYear; year <= toYear; year += 1) {
    for (const holiday of spain.getHolidays(year)) {
      if (holiday.type === 'public' && !holiday.substitute) dates.add(holiday.date.slice(0, 10));
    }
  }
  return [...dates].sort();
}
