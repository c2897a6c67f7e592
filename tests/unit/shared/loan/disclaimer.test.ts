// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ILLUSTRATIVE_EXAMPLE } from '../../../../src/shared/loan-constants.ts';
import { illustrativeDisclaimer, representativeExample } from '../../../../src/shared/loan/disclaimer.ts';
import { DEFAULT_LOAN_DEFINITION, type LoanDefinition } from '../../../../src/shared/loan/loan-definition.ts';

describe('illustrativeDisclaimer', () => {
  it('renders the default example with computed figures', () => {
    expect(illustrativeDisclaimer()).toBe(
      'Ejemplo representativo: para un préstamo de 2.500,00\u00a0€ en 12 cuotas mensuales de 299,99\u00a0€, TIN 73,32 %, ' +
        'intereses totales 1.099,88\u00a0€, importe total adeudado 3.599,88\u00a0€, TAE 103,7 %.',
    );
  });

  it('agrees with the spec figures for instalment and interest', () => {
    const example = representativeExample();
    expect(example.installmentCents).toBe(Math.round(ILLUSTRATIVE_EXAMPLE.installmentEuros * 100));
    expect(example.totalInterestCents).toBe(Math.round(ILLUSTRATIVE_EXAMPLE.interestEuros * 100));
    expect(example.totalCents).toBe(example.amountCents + example.totalInterestCents);
  });

  it('does not depend on the day the example is anchored to', () => {
    const figures = (issueDate: string) => {
      const { plan: _plan, ...rest } = representativeExample(DEFAULT_LOAN_DEFINITION, issueDate);
      return rest;
    };
    expect(figures('2026-01-31')).toEqual(figures('2027-08-15'));
    expect(figures('2028-02-29')).toEqual(figures('2026-01-15'));
  });

  it('follows the definition: another rate or example changes every figure', () => {
    const other: LoanDefinition = {
      ...DEFAULT_LOAN_DEFINITION,
      monthlyRateBasisPoints: 300,
      representativeExample: { amountCents: 300000, installments: 16 },
    };
    const text = illustrativeDisclaimer(other);
    expect(text).toContain('3.000,00\u00a0€');
    expect(text).toContain('16 cuotas mensuales');
    expect(text).toContain('TIN 36,00 %');
    expect(text).not.toContain('299,99');
    expect(text).not.toContain('103,7');
  });
});
