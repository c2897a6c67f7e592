import { CALCULATOR } from '../constants.ts';
import { DAILY_RATE_PERCENT, ILLUSTRATIVE_EXAMPLE, LOAN_DURATION_DAYS, MINI_LOAN } from '../loan-constants.ts';
import { eurosToCents, toCents, type Cents } from '../money.ts';

/**
 * The loan definitions: the pricing every plan is built from (docs/rules/pricing-and-quotes.md). Two products,
 * each a row of `loan_definitions` (a price change is a new version, for new loans only; a loan keeps the id of the
 * definition it was priced by). The constants below are the definitions this build was written for: migration 0015
 * stores them, the build-time figures of the home page are computed from them.
 *
 * The instalment loan: a French annuity (equal instalments) at a fixed MONTHLY rate of 6,11 %, compounded, stored
 * as an exact decimal in basis points (611 bp = 0,0611), never as a float literal that could drift. Why 6,11 %: the
 * home page's example (first document §9) is 2.500 € in 12 monthly instalments of 299,99 € with 1.099,88 € of
 * interest (12 × 299,99 − 2.500). The annuity payment 2500·r / (1 − (1 + r)^−12) rounds to 299,99 exactly for r in
 * [0,0610948; 0,0611009), and 0,0611 is the only rate with at most four decimals in that band. For example
 * (instalment / total interest):
 *   2.000 € × 12 → 239,99 / 879,88     5.000 € × 12 → 599,99 / 2.199,88
 *   2.500 € × 24 → 201,23 / 2.329,52   5.000 € × 24 → 402,45 / 4.658,80
 * The nominal annual rate (TIN) is 12 × 6,11 % = 73,32 %; the effective annual rate is (1,0611)^12 − 1 ≈ 103,74 %,
 * which is what the TAE comes to for a plan with monthly dates (see `tae.ts`).
 *
 * The minipréstamo: second document §9's "loan duration 20 days, daily rate 0,75 %" — simple interest of 0,75 % of
 * the amount per day, repaid at once on one date (`plan.ts`).
 *
 * The bounds describe the product; `buildPaymentPlan` prices any positive amount (the default loan flow is 100 €
 * with one date), so enforcing the bounds for a given call is the caller's decision.
 */
/** The two products: the instalment loan and the minipréstamo (one repayment on a date within a month). */
export const loanProducts = ['installment', 'mini'] as const;
export type LoanProduct = (typeof loanProducts)[number];

interface LoanDefinitionCommon {
  /** The row's id in `loan_definitions`; every loan keeps the id of the definition it was priced by. */
  readonly id: number;
  /** Stable code of the definition; a price change is a new version of the same code. */
  readonly code: string;
  readonly version: number;
  readonly product: LoanProduct;
  /** Spanish display name. */
  readonly name: string;
  readonly minAmountCents: number;
  readonly maxAmountCents: number;
  readonly amountStepCents: number;
}

/** The instalment loan: a French annuity at a monthly rate, 12–24 monthly instalments. */
export interface InstallmentLoanDefinition extends LoanDefinitionCommon {
  readonly product: 'installment';
  /** Monthly interest rate in basis points (611 = 6,11 % a month). */
  readonly monthlyRateBasisPoints: number;
  readonly minInstallments: number;
  readonly maxInstallments: number;
  readonly installmentsStep: number;
  /** The representative example the disclaimer is rendered from (amount, monthly instalments). */
  readonly representativeExample: { readonly amountCents: number; readonly installments: number };
}

/**
 * The minipréstamo (docs/rules/pricing-and-quotes.md "Minipréstamo"): one repayment of the amount plus
 * `dailyRateBasisPoints` of it per calendar day from the issue date to the date the customer picked (the first
 * repayment window: 6 to about 31 days). A customer's first loan of at most `firstLoanFreeMaxCents` is free of
 * interest when repaid on the date.
 */
export interface MiniLoanDefinition extends LoanDefinitionCommon {
  readonly product: 'mini';
  /** Interest per calendar day in basis points of the amount (75 = 0,75 % a day). */
  readonly dailyRateBasisPoints: number;
  /** The calculator's default term in days (second document §9: loan duration 20). */
  readonly defaultTermDays: number;
  /** The highest first loan that is free of interest (300 €). */
  readonly firstLoanFreeMaxCents: number;
  /** The representative example the disclaimer is rendered from (amount, days to the repayment). */
  readonly representativeExample: { readonly amountCents: number; readonly termDays: number };
}

export type LoanDefinition = InstallmentLoanDefinition | MiniLoanDefinition;

export const DEFAULT_LOAN_DEFINITION: InstallmentLoanDefinition = Object.freeze({
  id: 1,
  code: 'standard-monthly',
  version: 1,
  product: 'installment',
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

/**
 * The minipréstamo as this build sells it (and as migration 0015 stores it): 100–600 € in steps of 50 €, 0,75 %
 * a day (second document §9), 20 days by default, the first loan free up to 300 € (first document §1, §9).
 */
export const MINI_LOAN_DEFINITION: MiniLoanDefinition = Object.freeze({
  id: 2,
  code: 'mini',
  version: 1,
  product: 'mini',
  name: 'Minipréstamo',
  dailyRateBasisPoints: Math.round(DAILY_RATE_PERCENT * 100),
  minAmountCents: eurosToCents(MINI_LOAN.amountMin),
  maxAmountCents: eurosToCents(MINI_LOAN.amountMax),
  amountStepCents: eurosToCents(MINI_LOAN.amountStep),
  defaultTermDays: LOAN_DURATION_DAYS,
  firstLoanFreeMaxCents: eurosToCents(MINI_LOAN.firstLoanFreeMax),
  representativeExample: Object.freeze({
    amountCents: eurosToCents(MINI_LOAN.exampleAmount),
    termDays: LOAN_DURATION_DAYS,
  }),
});

/** The definitions this build was written for, by product (the database holds the ones in force). */
export const BUILT_IN_DEFINITIONS: { readonly [P in LoanProduct]: Extract<LoanDefinition, { product: P }> } = {
  installment: DEFAULT_LOAN_DEFINITION,
  mini: MINI_LOAN_DEFINITION,
};

/** The monthly rate as a fraction: 611 bp → 0.0611. */
export function monthlyRate(definition: InstallmentLoanDefinition): number {
  return definition.monthlyRateBasisPoints / 10_000;
}

/** Monthly rate in percent: 611 bp → 6.11. */
export function monthlyRatePercent(definition: InstallmentLoanDefinition): number {
  return definition.monthlyRateBasisPoints / 100;
}

/**
 * Nominal annual rate (TIN) in percent: the instalment loan's 12 × the monthly rate (611 bp → 73.32), the
 * minipréstamo's 365 × the daily rate (75 bp → 273.75).
 */
export function nominalAnnualRatePercent(definition: LoanDefinition): number {
  return definition.product === 'mini'
    ? (definition.dailyRateBasisPoints * 365) / 100
    : (definition.monthlyRateBasisPoints * 12) / 100;
}

/** Daily rate in percent: 75 bp → 0.75. */
export function dailyRatePercent(definition: MiniLoanDefinition): number {
  return definition.dailyRateBasisPoints / 100;
}

/** The daily rate as a fraction: 75 bp → 0.0075. */
export function dailyRate(definition: MiniLoanDefinition): number {
  return definition.dailyRateBasisPoints / 10_000;
}

/** Whether an amount lies within the definition's bounds and on its steps. */
export function isAmountWithinDefinition(definition: LoanDefinition, amountCents: number): boolean {
  return (
    Number.isSafeInteger(amountCents) &&
    amountCents >= definition.minAmountCents &&
    amountCents <= definition.maxAmountCents &&
    (amountCents - definition.minAmountCents) % definition.amountStepCents === 0
  );
}

/** Whether an amount and a number of instalments lie within the definition's bounds and steps (a mini: one). */
export function isWithinDefinition(definition: LoanDefinition, amountCents: number, installments: number): boolean {
  if (!isAmountWithinDefinition(definition, amountCents)) return false;
  if (definition.product === 'mini') return installments === 1;
  return (
    Number.isSafeInteger(installments) &&
    installments >= definition.minInstallments &&
    installments <= definition.maxInstallments &&
    (installments - definition.minInstallments) % definition.installmentsStep === 0
  );
}

/**
 * The definition as the contract carries it (PaymentPlansPost's `loanDefinition`): the wire's field names, amounts
 * in `Cents` (the contract's codec writes and reads them as euros on the wire), the product as the discriminant.
 */
interface WireDefinitionCommon {
  readonly id: number;
  readonly code: string;
  readonly version: number;
  readonly name: string;
  readonly minAmount: Cents;
  readonly maxAmount: Cents;
  readonly amountStep: Cents;
}

export interface WireInstallmentDefinition extends WireDefinitionCommon {
  readonly product: 'installment';
  readonly monthlyRateBasisPoints: number;
  readonly minInstallments: number;
  readonly maxInstallments: number;
  readonly installmentsStep: number;
  readonly representativeExample: { readonly amount: Cents; readonly installments: number };
}

export interface WireMiniDefinition extends WireDefinitionCommon {
  readonly product: 'mini';
  readonly dailyRateBasisPoints: number;
  readonly defaultTermDays: number;
  readonly firstLoanFreeMax: Cents;
  readonly representativeExample: { readonly amount: Cents; readonly termDays: number };
}

export type WireLoanDefinition = WireInstallmentDefinition | WireMiniDefinition;

export function loanDefinitionToWire(definition: InstallmentLoanDefinition): WireInstallmentDefinition;
export function loanDefinitionToWire(definition: MiniLoanDefinition): WireMiniDefinition;
export function loanDefinitionToWire(definition: LoanDefinition): WireLoanDefinition;
export function loanDefinitionToWire(definition: LoanDefinition): WireLoanDefinition {
  const common = {
    id: definition.id,
    code: definition.code,
    version: definition.version,
    name: definition.name,
    minAmount: toCents(definition.minAmountCents),
    maxAmount: toCents(definition.maxAmountCents),
    amountStep: toCents(definition.amountStepCents),
  };
  if (definition.product === 'mini') {
    return {
      ...common,
      product: 'mini',
      dailyRateBasisPoints: definition.dailyRateBasisPoints,
      defaultTermDays: definition.defaultTermDays,
      firstLoanFreeMax: toCents(definition.firstLoanFreeMaxCents),
      representativeExample: {
        amount: toCents(definition.representativeExample.amountCents),
        termDays: definition.representativeExample.termDays,
      },
    };
  }
  return {
    ...common,
    product: 'installment',
    monthlyRateBasisPoints: definition.monthlyRateBasisPoints,
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
export function loanDefinitionFromWire(wire: WireInstallmentDefinition): InstallmentLoanDefinition;
export function loanDefinitionFromWire(wire: WireMiniDefinition): MiniLoanDefinition;
export function loanDefinitionFromWire(wire: WireLoanDefinition): LoanDefinition;
export function loanDefinitionFromWire(wire: WireLoanDefinition): LoanDefinition {
  const common = {
    id: wire.id,
    code: wire.code,
    version: wire.version,
    name: wire.name,
    minAmountCents: wire.minAmount,
    maxAmountCents: wire.maxAmount,
    amountStepCents: wire.amountStep,
  };
  if (wire.product === 'mini') {
    return {
      ...common,
      product: 'mini',
      dailyRateBasisPoints: wire.dailyRateBasisPoints,
      defaultTermDays: wire.defaultTermDays,
      firstLoanFreeMaxCents: wire.firstLoanFreeMax,
      representativeExample: {
        amountCents: wire.representativeExample.amount,
        termDays: wire.representativeExample.termDays,
      },
    };
  }
  return {
    ...common,
    product: 'installment',
    monthlyRateBasisPoints: wire.monthlyRateBasisPoints,
    minInstallments: wire.minInstallments,
    maxInstallments: wire.maxInstallments,
    installmentsStep: wire.installmentsStep,
    representativeExample: {
      amountCents: wire.representativeExample.amount,
      installments: wire.representativeExample.installments,
    },
  };
}
