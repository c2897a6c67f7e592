import { describe, expect, it } from 'vitest';
import { dataAge, installmentCounts } from '../../../../src/features/dashboard/loan-summary.ts';
import { DASHBOARD_PAGE_TEXTS as TEXT } from '../../../../src/features/dashboard/texts.ts';
import type { InstallmentStatus } from '../../../../src/shared/loan-statuses.ts';
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

describe("'Cuotas: {paid} de {count} pagadas' leaves out the instalments a rollover or a restructure replaced", () => {
  const of = (...statuses: InstallmentStatus[]) =>
    formatMessage(TEXT.installmentsValue, installmentCounts(statuses.map((status) => ({ status }))));

  it.each([
    [['notPaid'], '0 de 1 pagadas'],
    // A minipréstamo rolled over once, then twice: still one repayment.
    [['rollovered', 'notPaid'], '0 de 1 pagadas'],
    [['rollovered', 'rollovered', 'notPaid'], '0 de 1 pagadas'],
    [['rollovered', 'paid'], '1 de 1 pagadas'],
    // 12 instalments, 5 paid, the other 7 restructured into 3 (one of them paid).
    [
      [
        ...Array<InstallmentStatus>(5).fill('paid'),
        ...Array<InstallmentStatus>(7).fill('restructured'),
        'paid',
        'notPaid',
        'notPaid',
      ],
      '6 de 8 pagadas',
    ],
    [['paid', 'arranged', 'notPaid'], '1 de 3 pagadas'],
  ] as Array<[InstallmentStatus[], string]>)('%j → %s', (statuses, text) => {
    expect(of(...statuses)).toBe(text);
  });
});
