// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installmentDefinitionSchema } from '../../../../src/shared/api/loan.ts';
import { CALCULATOR } from '../../../../src/shared/constants.ts';
import { ILLUSTRATIVE_EXAMPLE } from '../../../../src/shared/loan-constants.ts';
import {
  DEFAULT_LOAN_DEFINITION,
  isWithinDefinition,
  loanDefinitionFromWire,
  loanDefinitionToWire,
  monthlyRate,
  monthlyRatePercent,
  nominalAnnualRatePercent,
} from '../../../../src/shared/loan/loan-definition.ts';

/** Classic annuity payment in euros, written independently of the plan module. */
function annuity(principal: number, rate: number, count: number): number {
  return (principal * rate) / (1 - (1 + rate) ** -count);
}

describe('default loan definition', () => {
  it('stores its monthly rate as an exact number of basis points', () => {
    expect(Number.isInteger(DEFAULT_LOAN_DEFINITION.monthlyRateBasisPoints)).toBe(true);
    expect(monthlyRate(DEFAULT_LOAN_DEFINITION)).toBe(DEFAULT_LOAN_DEFINITION.monthlyRateBasisPoints / 10_000);
    expect(monthlyRatePercent(DEFAULT_LOAN_DEFINITION)).toBe(DEFAULT_LOAN_DEFINITION.monthlyRateBasisPoints / 100);
  });

  it('prices the spec example: 2.500 € in 12 monthly instalments rounds to 299,99 €', () => {
    const payment = annuity(
      ILLUSTRATIVE_EXAMPLE.amountEuros,
      monthlyRate(DEFAULT_LOAN_DEFINITION),
      ILLUSTRATIVE_EXAMPLE.months,
    );
    expect(Math.round(payment * 100) / 100).toBe(ILLUSTRATIVE_EXAMPLE.installmentEuros);
  });

  it('gives a nominal annual rate of twelve monthly rates', () => {
    expect(nominalAnnualRatePercent(DEFAULT_LOAN_DEFINITION)).toBeCloseTo(
      12 * monthlyRatePercent(DEFAULT_LOAN_DEFINITION),
      10,
    );
  });

  it('describes the calculator range and the representative example', () => {
    expect(DEFAULT_LOAN_DEFINITION.minAmountCents).toBe(CALCULATOR.amountMin * 100);
    expect(DEFAULT_LOAN_DEFINITION.maxAmountCents).toBe(CALCULATOR.amountMax * 100);
    expect(DEFAULT_LOAN_DEFINITION.minInstallments).toBe(CALCULATOR.installmentsMin);
    expect(DEFAULT_LOAN_DEFINITION.maxInstallments).toBe(CALCULATOR.installmentsMax);
    expect(DEFAULT_LOAN_DEFINITION.representativeExample).toEqual({
      amountCents: ILLUSTRATIVE_EXAMPLE.amountEuros * 100,
      installments: ILLUSTRATIVE_EXAMPLE.months,
    });
    expect(DEFAULT_LOAN_DEFINITION.name.length).toBeGreaterThan(0);
  });

  it('accepts amounts and instalment counts on the calculator grid only', () => {
    expect(isWithinDefinition(DEFAULT_LOAN_DEFINITION, 250000, 12)).toBe(true);
    expect(isWithinDefinition(DEFAULT_LOAN_DEFINITION, 500000, 24)).toBe(true);
    expect(isWithinDefinition(DEFAULT_LOAN_DEFINITION, 199999, 12)).toBe(false);
    expect(isWithinDefinition(DEFAULT_LOAN_DEFINITION, 550000, 12)).toBe(false);
    expect(isWithinDefinition(DEFAULT_LOAN_DEFINITION, 260000, 12)).toBe(false);
    expect(isWithinDefinition(DEFAULT_LOAN_DEFINITION, 250000, 13)).toBe(false);
    expect(isWithinDefinition(DEFAULT_LOAN_DEFINITION, 250000, 28)).toBe(false);
  });
});

describe('wire form of the definition', () => {
  it('carries amounts in euros on the wire (the contract codec) and converts back to the same definition', () => {
    const contract = loanDefinitionToWire(DEFAULT_LOAN_DEFINITION);
    const wire = z.encode(installmentDefinitionSchema, contract);
    expect(wire.minAmount).toBe(CALCULATOR.amountMin);
    expect(wire.maxAmount).toBe(CALCULATOR.amountMax);
    expect(wire.representativeExample).toEqual({
      amount: ILLUSTRATIVE_EXAMPLE.amountEuros,
      installments: ILLUSTRATIVE_EXAMPLE.months,
    });
    expect(wire.monthlyRateBasisPoints).toBe(DEFAULT_LOAN_DEFINITION.monthlyRateBasisPoints);
    const decoded = z.decode(installmentDefinitionSchema, JSON.parse(JSON.stringify(wire)));
    expect(loanDefinitionFromWire(decoded)).toEqual(DEFAULT_LOAN_DEFINITION);
  });
});
