// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { spainNationalHolidays } from '../../../src/server/modules/misc/holidays.ts';

/**
 * Written from the BOE's yearly resolutions of "fiestas laborales" and Real Decreto 2001/1983 art. 45, not from the
 * library: Año Nuevo, Epifanía, Viernes Santo, Fiesta del Trabajo, Asunción, Fiesta Nacional de España, Todos los
 * Santos, Día de la Constitución, Inmaculada Concepción, Natividad del Señor. Viernes Santo follows Easter
 * (20 April 2025, 5 April 2026, 28 March 2027).
 */
const BOE_NATIONAL: Record<number, string[]> = {
  2025: [
    '2025-01-01',
    '2025-01-06',
    '2025-04-18',
    '2025-05-01',
    '2025-08-15',
    '2025-10-12',
    '2025-11-01',
    '2025-12-06',
    '2025-12-08',
    '2025-12-25',
  ],
  2026: [
    '2026-01-01',
    '2026-01-06',
    '2026-04-03',
    '2026-05-01',
    '2026-08-15',
    '2026-10-12',
    '2026-11-01',
    '2026-12-06',
    '2026-12-08',
    '2026-12-25',
  ],
  2027: [
    '2027-01-01',
    '2027-01-06',
    '2027-03-26',
    '2027-05-01',
    '2027-08-15',
    '2027-10-12',
    '2027-11-01',
    '2027-12-06',
    '2027-12-08',
    '2027-12-25',
  ],
};

describe('spainNationalHolidays', () => {
  it.each([2025, 2026, 2027])('gives exactly the national holidays of %i', (year) => {
    expect(spainNationalHolidays(year, year)).toEqual(BOE_NATIONAL[year]);
  });

  it('joins a range of years in date order', () => {
    expect(spainNationalHolidays(2025, 2027)).toEqual([
      ...BOE_NATIONAL[2025]!,
      ...BOE_NATIONAL[2026]!,
      ...BOE_NATIONAL[2027]!,
    ]);
  });

  it('leaves out regional days: Jueves Santo, Lunes de Pascua, San José, Santiago', () => {
    const holidays = spainNationalHolidays(2026, 2026);
    for (const regional of ['2026-04-02', '2026-04-06', '2026-03-19', '2026-07-25']) {
      expect(holidays).not.toContain(regional);
    }
  });

  it('leaves out the Monday substitute of a Sunday holiday (13 October 2025), which each community decides', () => {
    expect(spainNationalHolidays(2025, 2025)).not.toContain('2025-10-13');
    expect(spainNationalHolidays(2025, 2025)).toContain('2025-10-12');
  });

  it('keeps a national holiday that falls on a Sunday under its own date (1 November and 6 December 2026)', () => {
    const holidays = spainNationalHolidays(2026, 2026);
    expect(holidays).toContain('2026-11-01');
    expect(holidays).toContain('2026-12-06');
    expect(holidays).not.toContain('2026-11-02');
    expect(holidays).not.toContain('2026-12-07');
  });

  it('rejects an inverted range', () => {
    expect(() => spainNationalHolidays(2027, 2026)).toThrow(RangeError);
  });
});
