// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  COMPLAINT_DEADLINE_RULES,
  complaintDeadline,
  complaintDueOn,
  DEFAULT_COMPLAINT_DEADLINE_RULE,
} from '../../../src/shared/complaint-deadlines.ts';
import { holidaysAround } from '../../../src/server/modules/misc/index.ts';

/**
 * The complaint deadlines (docs/rules/complaints.md): months from date to date (a day the month lacks is its last
 * day), business days without weekends and Spain's national holidays (the server's calendar, `holidaysAround`), the
 * last day included; and the Spanish text the back office shows.
 */

describe('complaintDueOn', () => {
  it('keeps each rule as data with its source; one month for a consumer is the default', () => {
    expect(DEFAULT_COMPLAINT_DEADLINE_RULE).toBe('consumerOneMonth');
    expect(COMPLAINT_DEADLINE_RULES.consumerOneMonth).toMatchObject({ unit: 'months', count: 1 });
    expect(COMPLAINT_DEADLINE_RULES.paymentServices15BusinessDays).toMatchObject({ unit: 'businessDays', count: 15 });
    expect(COMPLAINT_DEADLINE_RULES.nonConsumerTwoMonths).toMatchObject({ unit: 'months', count: 2 });
    for (const rule of Object.values(COMPLAINT_DEADLINE_RULES)) expect(rule.source.length).toBeGreaterThan(10);
  });

  it.each([
    ['2026-03-15', 'consumerOneMonth', '2026-04-15'],
    ['2026-01-31', 'consumerOneMonth', '2026-02-28'],
    ['2028-01-31', 'consumerOneMonth', '2028-02-29'],
    ['2026-08-31', 'consumerOneMonth', '2026-09-30'],
    ['2026-12-31', 'consumerOneMonth', '2027-01-31'],
    ['2026-12-31', 'nonConsumerTwoMonths', '2027-02-28'],
    ['2027-12-31', 'nonConsumerTwoMonths', '2028-02-29'],
    ['2026-06-10', 'nonConsumerTwoMonths', '2026-08-10'],
  ] as const)('counts months from date to date: filed %s under %s, due %s', (receivedOn, rule, dueOn) => {
    expect(complaintDueOn(receivedOn, rule)).toBe(dueOn);
  });

  it.each([
    // Tuesday 1 December 2026: 8 December (Inmaculada, a Tuesday) is skipped, and the weekends.
    ['2026-12-01', '2026-12-23', '2026-12-22'],
    // Friday 4 December: 6 December is a Sunday anyway, 8 December a holiday, 25 December (Friday) too.
    ['2026-12-04', '2026-12-29', '2026-12-25'],
    // Filed on a Saturday: the count starts on Monday, as from the Friday.
    ['2026-12-05', '2026-12-29', '2026-12-25'],
    // Across the year's end: 25 December, 1 and 6 January 2027.
    ['2026-12-18', '2027-01-13', '2027-01-08'],
  ])(
    'counts 15 business days after the filing on %s: due %s (%s with weekends only)',
    async (receivedOn, dueOn, weekendsOnly) => {
      const holidays = await holidaysAround(receivedOn);
      expect(complaintDueOn(receivedOn, 'paymentServices15BusinessDays', holidays)).toBe(dueOn);
      expect(complaintDueOn(receivedOn, 'paymentServices15BusinessDays', new Set(holidays))).toBe(dueOn);
      expect(complaintDueOn(receivedOn, 'paymentServices15BusinessDays')).toBe(weekendsOnly);
    },
  );

  it('refuses what is not a date', () => {
    expect(() => complaintDueOn('2026-02-30', 'consumerOneMonth')).toThrow(RangeError);
  });
});

describe('complaintDeadline', () => {
  it('counts the days left, singular for one, none on the last day itself', () => {
    expect(complaintDeadline('2026-12-23', '2026-12-01')).toEqual({
      dueOn: '2026-12-23',
      daysLeft: 22,
      overdue: false,
      text: 'Plazo de respuesta: hasta el 23/12/2026 (quedan 22 días)',
    });
    expect(complaintDeadline('2026-12-23', '2026-12-22').text).toBe(
      'Plazo de respuesta: hasta el 23/12/2026 (queda 1 día)',
    );
    expect(complaintDeadline('2026-12-23', '2026-12-23')).toMatchObject({
      daysLeft: 0,
      overdue: false,
      text: 'Plazo de respuesta: hasta el 23/12/2026 (quedan 0 días)',
    });
  });

  it('says the deadline passed from the day after the last day', () => {
    expect(complaintDeadline('2026-02-28', '2026-03-01')).toEqual({
      dueOn: '2026-02-28',
      daysLeft: -1,
      overdue: true,
      text: 'Plazo vencido',
    });
    expect(complaintDeadline('2026-02-28', '2027-01-01').text).toBe('Plazo vencido');
  });
});
