import { CALCULATOR } from '../constants.ts';
import { ILLUSTRATIVE_EXAMPLE } from '../loan-constants.ts';
import { eurosToCents, toCents, type Cents } from '../money.ts';

/**
 * The loan definition: the pricing every plan is built from (architecture §7 "Pricing").
 *
 * Pricing rule: a French annuity (equal instalments) at a fixed MONTHLY rate of 6,11 %, compounded. The rate is
 * stored as an exact decimal, in basis points (611 bp = 0,0611), never as a float literal that could drift.
 *
 * Why 6,11 %: the home page's example (first document §9) is 2.500 € in 12 monthly instalments of 299,99 € with
 * 1.099,88 € of interest (12 × 299,99 − 2.500). The annuity payment 2500·r / (1 − (1 + r)^−12) rounds to 299,99
 * exactly for r in [0,0610948; 0,0611009), and 0,0611 is the only rate with at most four decimals in that band.
 * It generalises smoothly over the calculator's range, e.g. (instalment / total interest):
 *   2.000 € × 12 → 239,99 / 879,88     5.000 € × 12 → 599,99 / 2.199,88
 *   2.500 € × 24 → 201,23 / 2.329,52   5.000 € × 24 → 402,45 / 4.658,80
 * The nominal annual rate (TIN) is 12 × 6,11 % = 73,32 %; the effective annual rate is (1,0611)^12 − 1 ≈ 103,74 %,
 * which is what the TAE comes to for a plan with monthly dates (see `tae.ts`).
 *
 * The amount and instalment bounds are those of the home calculator (first document §5, §9) and describe the
 * product; `buildPaymentPlan` prices any positive amount and any number of dates (the default loan flow is 100 €
 * with one date), so enforcing the bounds for a given call is the caller's decision.
 *
 * (Second document §9 also lists "loan duration 20 days, daily rate 0,75 % (assumed)", constants
 * `LOAN_DURATION_DAYS` / `DAILY_RATE_PERCENT`: they cannot reproduce the example — 0,75 % a day would be about
 * 22,5 % a month — and the architecture fixes this single monthly definition instead.)
 */
export interface LoanDefinition {
  readonly id: number;
  /** Stable code of the definition. */
  readonly code: string;
  /** Spanish display name. */
  readonly name: string;
  /** Monthly interest rate in basis points (611 = 6,11 % a month). */
  readonly monthlyRateBasisPoints: number;
  readonly minAmountCents: number;
  readonly maxAmountCents: number;
  readonly amountStepCents: number;
  readonly minInstallments: number;
  readonly maxInstallments: number;
  readonly installmentsStep: number;
  /** The representative example the disclaimer is rendered from (amount, monthly instalments). */
  readonly representativeExample: { readonly amountCents: number; readonly installments: number };
}

export const DEFAULT_LOAN_DEFINITION: LoanDefinition = Object.freeze({
  id: 1,
  code: 'standard-monthly',
  name: 'Préstamo a plazos mensual',
  monthlyRateBasisPoints: 611,
  minAmountCents: eurosToCents(CALCULATOR.amountMin),
  maxAmountCents: eurosToCents(CALCULATOR.amountMax),
  amountStepCents: eurosToCents(CALCULATOR.amountStep),
  minInstallments: CALCULATOR.installmentsMin,
  maxInstallments: CALCULATOR.installmentsMax,
  installmentsStep: CALCULATOR.installmentsStep,
  representativeExample: Object.freeze({
    amountCents: eurosToCents(ILLUSTRATIVE_EXAMPLE.amountEuros),
    installments: ILLUSTRATIVE_EXAMPLE.months,
  }),
});

/** The monthly rate as a fraction: 611 bp → 0.0611. */
export function monthlyRate(definition: LoanDefinition): number {
  return definition.monthlyRateBasisPoints / 10_000;
}

/** Monthly rate in percent: 611 bp → 6.11. */
export function monthlyRatePercent(definition: LoanDefinition): number {
  return definition.monthlyRateBasisPoints / 100;
}

/** Nominal annual rate (TIN) in percent: 12 × the monthly rate, 611 bp → 73.32. */
export function nominalAnnualRatePercent(definition: LoanDefinition): number {
  return (definition.monthlyRateBasisPoints * 12) / 100;
}

/** Whether an amount and a number of instalments lie within the definition's bounds and steps. */
export function isWithinDefinition(definition: LoanDefinition, amountCents: number, installments: number): boolean {
  return (
    Number.isSafeInteger(amountCents) &&
    amountCents >= definition.minAmountCents &&
    amountCents <= definition.maxAmountCents &&
    (amountCents - definition.minAmountCents) % definition.amountStepCents === 0 &&
    Number.isSafeInteger(installments) &&
    installments >= definition.minInstallments &&
    installments <= definition.maxInstallments &&
    (installments - definition.minInstallments) % definition.installmentsStep === 0
  );
}

/**
 * The definition as the contract carries it (PaymentPlansPost's `loanDefinition`): the wire's field names, amounts
 * in `Cents` (the contract's codec writes and reads them as euros on the wire).
 */
export interface WireLoanDefinition {
  readonly id: number;
  readonly code: string;
  readonly name: string;
  readonly monthlyRateBasisPoints: number;
  readonly minAmount: Cents;
  readonly maxAmount: Cents;
  readonly amountStep: Cents;
  readonly minInstallments: number;
  readonly maxInstallments: number;
  readonly installmentsStep: number;
  readonly representativeExample: { readonly amount: Cents; readonly installments: number };
}

export function loanDefinitionToWire(definition: LoanDefinition): WireLoanDefinition {
  return {
    id: definition.id,
    code: definition.code,
    name: definition.name,
    monthlyRateBasisPoints: definition.monthlyRateBasisPoints,
    minAmount: toCents(definition.minAmountCents),
    maxAmount: toCents(definition.maxAmountCents),
    amountStep: toCents(definition.amountStepCents),
    minInstallments: definition.minInstallments,
    maxInstallments: definition.maxInstallments,
    installmentsStep: definition.installmentsStep,
    representativeExample: {
      amount: toCents(definition.representativeExample.amountCents),
      installments: definition.representativeExample.installments,
    },
  };
}

/** The client's way back: a wire definition → the definition `illustrativeDisclaimer` and the plan take. */
export function loanDefinitionFromWire(wire: WireLoanDefinition): LoanDefinition {
  return {
    id: wire.id,
    code: wire.code,
    name: wire.name,
    monthlyRateBasisPoints: wire.monthlyRateBasisPoints,
    minAmountCents: wire.minAmount,
    maxAmountCents: wire.maxAmount,
    amountStepCents: wire.amountStep,
    minInstallments: wire.minInstallments,
    maxInstallments: wire.maxInstallments,
    installmentsStep: wire.installmentsStep,
    representativeExample: {
      amountCents: wire.representativeExample.amount,
      installments: wire.representativeExample.installments,
    },
  };
}
