// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { miniDefinitionSchema } from '../../../../src/shared/api/loan.ts';
import { addDaysIso } from '../../../../src/shared/dates.ts';
import {
  DEFAULT_LOAN_DEFINITION,
  MINI_LOAN_DEFINITION,
  isWithinDefinition,
  loanDefinitionFromWire,
  loanDefinitionToWire,
} from '../../../../src/shared/loan/loan-definition.ts';
import { illustrativeDisclaimer } from '../../../../src/shared/loan/disclaimer.ts';
import { buildPaymentPlan } from '../../../../src/shared/loan/plan.ts';
import { computeTaeExact, taeForPlan } from '../../../../src/shared/loan/tae.ts';

/**
 * The minipréstamo's plan (src/shared/loan/plan.ts): one repayment of the amount plus 0,75 % of it per calendar
 * day, in cents; its TAE by the same Annex I solver as the instalment loan. Each figure is checked against an
 * independent computation written here: the interest in exact integer arithmetic (BigInt, rounding half up by
 * hand), and the TAE of a single repayment in closed form, (total / amount)^(1 / t) − 1, t in years.
 */

const ISSUE = '2026-03-02'; // a Monday; 7, 20 and 31 days later fall within the same year, no 29 February

/** Interest in cents: amount × 75 × days / 10 000, rounded half up (all positive), in BigInt. */
function independentInterest(amountCents: number, days: number): number {
  const numerator = BigInt(amountCents) * 75n * BigInt(days);
  const quotient = numerator / 10_000n;
  const remainder = numerator % 10_000n;
  return Number(remainder * 2n >= 10_000n ? quotient + 1n : quotient);
}

/** Annex I time of one repayment `days` after ISSUE: whole months as twelfths, leftover days as 365ths. */
function independentYears(days: number): number {
  // From 2 March: 31 days reach 2 April, exactly one calendar month; 7 and 20 days are under a month.
  return days === 31 ? 1 / 12 : days / 365;
}

describe('the minipréstamo plan', () => {
  const cases = [100, 300, 600].flatMap((euros) => [7, 20, 31].map((days) => ({ euros, days })));

  it.each(cases)('$euros € for $days days: one repayment, interest 0,75 % a day, TAE by Annex I', ({ euros, days }) => {
    const amountCents = euros * 100;
    const date = addDaysIso(ISSUE, days);
    const plan = buildPaymentPlan({
      amountCents,
      issueDate: ISSUE,
      paymentDates: [date],
      definition: MINI_LOAN_DEFINITION,
    });
    const interest = independentInterest(amountCents, days);
    expect(plan.installments).toEqual([
      { expectedDate: date, baseCents: amountCents, interestCents: interest, totalCents: amountCents + interest },
    ]);
    expect(plan).toMatchObject({
      totalBaseCents: amountCents,
      totalInterestCents: interest,
      totalCents: amountCents + interest,
      totalInstallmentDays: days,
      interestFree: false,
    });

    const closedForm = Math.pow((amountCents + interest) / amountCents, 1 / independentYears(days)) - 1;
    const solved = computeTaeExact({
      drawdowns: [{ date: ISSUE, cents: amountCents }],
      payments: [{ date, cents: amountCents + interest }],
    });
    expect(Math.abs(solved - closedForm) / closedForm).toBeLessThan(1e-9);
    expect(taeForPlan(plan, ISSUE)).toBe(Math.round(closedForm * 1000) / 10);
  });

  it('prices the figures a customer reads: 300 € for 20 days → 45,00 € of interest, TAE 1.181,6 %', () => {
    const plan = buildPaymentPlan({
      amountCents: 30000,
      issueDate: ISSUE,
      paymentDates: [addDaysIso(ISSUE, 20)],
      definition: MINI_LOAN_DEFINITION,
    });
    expect(plan.totalInterestCents).toBe(4500);
    expect(plan.totalCents).toBe(34500);
    expect(taeForPlan(plan, ISSUE)).toBe(1181.6);
  });

  it('rounds a half cent away from zero: 150 € × 0,75 % × 7 days = 7,875 € → 7,88 €', () => {
    const plan = buildPaymentPlan({
      amountCents: 15000,
      issueDate: ISSUE,
      paymentDates: [addDaysIso(ISSUE, 7)],
      definition: MINI_LOAN_DEFINITION,
    });
    expect(plan.totalInterestCents).toBe(788);
  });

  it('the interest-free first loan: 300 € for 31 days costs nothing, and its TAE is 0 %', () => {
    const date = addDaysIso(ISSUE, 31);
    const plan = buildPaymentPlan({
      amountCents: 30000,
      issueDate: ISSUE,
      paymentDates: [date],
      definition: MINI_LOAN_DEFINITION,
      interestFree: true,
    });
    expect(plan.installments).toEqual([{ expectedDate: date, baseCents: 30000, interestCents: 0, totalCents: 30000 }]);
    expect(plan.interestFree).toBe(true);
    expect(taeForPlan(plan, ISSUE)).toBe(0);
  });

  it('refuses a minipréstamo with two dates, and an interest-free instalment loan', () => {
    expect(() =>
      buildPaymentPlan({
        amountCents: 30000,
        issueDate: ISSUE,
        paymentDates: [addDaysIso(ISSUE, 10), addDaysIso(ISSUE, 20)],
        definition: MINI_LOAN_DEFINITION,
      }),
    ).toThrow(RangeError);
    expect(() =>
      buildPaymentPlan({
        amountCents: 250000,
        issueDate: ISSUE,
        paymentDates: [addDaysIso(ISSUE, 30)],
        definition: DEFAULT_LOAN_DEFINITION,
        interestFree: true,
      }),
    ).toThrow(RangeError);
  });
});

describe('the minipréstamo definition', () => {
  it('is 100–600 € in steps of 50 €, one repayment, 0,75 % a day, 20 days by default, free up to 300 €', () => {
    expect(MINI_LOAN_DEFINITION).toMatchObject({
      product: 'mini',
      minAmountCents: 10000,
      maxAmountCents: 60000,
      amountStepCents: 5000,
      dailyRateBasisPoints: 75,
      defaultTermDays: 20,
      firstLoanFreeMaxCents: 30000,
    });
  });

  it.each([
    [9999, 1, false],
    [10000, 1, true],
    [12500, 1, false],
    [15000, 1, true],
    [60000, 1, true],
    [60100, 1, false],
    [65000, 1, false],
    [30000, 2, false],
    [30000, 12, false],
  ])('%i cents in %i repayment(s): within the definition %s', (amountCents, installments, within) => {
    expect(isWithinDefinition(MINI_LOAN_DEFINITION, amountCents, installments)).toBe(within);
  });
});

describe('the minipréstamo on the wire and in its representative example', () => {
  it('goes to the contract and back unchanged (amounts in euros on the wire)', () => {
    const wire = z.encode(miniDefinitionSchema, loanDefinitionToWire(MINI_LOAN_DEFINITION));
    expect(wire).toMatchObject({
      product: 'mini',
      minAmount: 100,
      maxAmount: 600,
      amountStep: 50,
      firstLoanFreeMax: 300,
    });
    const decoded = z.decode(miniDefinitionSchema, JSON.parse(JSON.stringify(wire)));
    expect(loanDefinitionFromWire(decoded)).toEqual(MINI_LOAN_DEFINITION);
  });

  it('reads its representative example with every figure computed: 300 € at 20 days, TIN 273,75 %, TAE 1.181,6 %', () => {
    expect(illustrativeDisclaimer(MINI_LOAN_DEFINITION)).toBe(
      'Ejemplo representativo: para un minipréstamo de 300,00\u00a0€ devuelto en un solo pago a 20 días, ' +
        'TIN 273,75 %, intereses 45,00\u00a0€, importe total adeudado 345,00\u00a0€, TAE 1.181,6 %. ' +
        'Tu primer préstamo, de hasta 300,00\u00a0€, sin intereses si lo devuelves en la fecha acordada.',
    );
  });
});
