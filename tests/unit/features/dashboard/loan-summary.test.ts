import { describe, expect, it } from 'vitest';
import { dataAge } from '../../../../src/features/dashboard/loan-summary.ts';
import { DASHBOARD_PAGE_TEXTS as TEXT } from '../../../../src/features/dashboard/texts.ts';
import { formatMessage } from '../../../../src/shared/messages.ts';

/** 'Datos de hace {n} min': the age of the loans shown offline, in Spanish. */

const texts = {
  under: TEXT.ageUnderMinute,
  minutes: TEXT.ageMinutes,
  hours: TEXT.ageHours,
  day: TEXT.ageDay,
  days: TEXT.ageDays,
};
const MINUTE = 60_000;

describe('the age of the kept loans', () => {
  it.each([
    [0, 'Datos de hace menos de 1 min'],
    [59_999, 'Datos de hace menos de 1 min'],
    [MINUTE, 'Datos de hace 1 min'],
    [5 * MINUTE + 30_000, 'Datos de hace 5 min'],
    [59 * MINUTE, 'Datos de hace 59 min'],
    [60 * MINUTE, 'Datos de hace 1 h'],
    [23 * 60 * MINUTE + 59 * MINUTE, 'Datos de hace 23 h'],
    [24 * 60 * MINUTE, 'Datos de hace 1 día'],
    [3 * 24 * 60 * MINUTE, 'Datos de hace 3 días'],
    [-5 * MINUTE, 'Datos de hace menos de 1 min'],
  ])('%i ms → %s', (ms, text) => {
    expect(formatMessage(TEXT.dataAge, { age: dataAge(ms, texts) })).toBe(text);
  });
});
