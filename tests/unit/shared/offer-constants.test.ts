import { describe, expect, it } from 'vitest';
import { MINI_CALCULATOR } from '../../../src/features/home/quotes/calculator-store.ts';
import { HEADER_CREDIT_OFFER_EUROS, ZERO_INTEREST_FIRST_LOAN_MAX_EUROS } from '../../../src/shared/constants.ts';
import { MINI_LOAN } from '../../../src/shared/loan-constants.ts';
import { MINI_LOAN_DEFINITION } from '../../../src/shared/loan/loan-definition.ts';
import { centsToEuros } from '../../../src/shared/money.ts';

/**
 * The marketing offers are the minipréstamo's own figures: the header's 'Recibe hasta 600 €' is its highest amount
 * and the zero-interest hero's «hasta 300€» its interest-free first loan's maximum — MINI_LOAN's, the built-in
 * definition's and the home calculator's grid (the hero's call to action selects that amount there).
 */
describe('the header and hero offers', () => {
  it("the header's 'Recibe hasta …' is the minipréstamo's highest amount", () => {
    expect(HEADER_CREDIT_OFFER_EUROS).toBe(MINI_LOAN.amountMax);
    expect(HEADER_CREDIT_OFFER_EUROS).toBe(centsToEuros(MINI_LOAN_DEFINITION.maxAmountCents));
    expect(HEADER_CREDIT_OFFER_EUROS).toBe(MINI_CALCULATOR.amountMax);
  });

  it("the zero-interest hero's «hasta …€» is the interest-free first loan's maximum", () => {
    expect(ZERO_INTEREST_FIRST_LOAN_MAX_EUROS).toBe(MINI_LOAN.firstLoanFreeMax);
    expect(ZERO_INTEREST_FIRST_LOAN_MAX_EUROS).toBe(centsToEuros(MINI_LOAN_DEFINITION.firstLoanFreeMaxCents));
    expect(ZERO_INTEREST_FIRST_LOAN_MAX_EUROS).toBe(MINI_CALCULATOR.amountDefault);
  });
});
