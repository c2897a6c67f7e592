import { formatMoney, formatPercent } from '../money.ts';
import { addDaysIso } from '../calendar.ts';
import {
  dailyRatePercent,
  DEFAULT_LOAN_DEFINITION,
  nominalAnnualRatePercent,
  type InstallmentLoanDefinition,
  type LoanDefinition,
  type MiniLoanDefinition,
} from './loan-definition.ts';
import { monthlyPaymentDates } from './payment-dates.ts';
import { buildPaymentPlan, type PaymentPlan } from './plan.ts';
import { taeForPlan } from './tae.ts';

/**
 * The home calculator's illustrative disclaimer (first document §2 "Home", §9), rendered from the loan definition
 * so that it always matches what the customer will sign: every figure is computed from the definition's
 * representative example (amount, number of monthly instalments), none is typed in.
 *
 * The example's plan uses dates one calendar month apart from an issue date; by the plan's and the TAE's time
 * measure such dates are whole months whatever the issue date, so the figures do not depend on the day it is
 * rendered. `REPRESENTATIVE_ISSUE_DATE` only anchors the calculation.
 */

export const REPRESENTATIVE_ISSUE_DATE = '2026-01-15';

export interface RepresentativeExample {
  readonly amountCents: number;
  readonly installments: number;
  /** Each monthly instalment (all equal). */
  readonly installmentCents: number;
  readonly totalInterestCents: number;
  /** Importe total adeudado: amount + interest. */
  readonly totalCents: number;
  /** TIN, nominal annual rate in percent. */
  readonly nominalAnnualRatePercent: number;
  /** TAE in percent, one decimal. */
  readonly taePercent: number;
  readonly plan: PaymentPlan<InstallmentLoanDefinition>;
}

export function representativeExample(
  definition: InstallmentLoanDefinition = DEFAULT_LOAN_DEFINITION,
  issueDate: string = REPRESENTATIVE_ISSUE_DATE,
): RepresentativeExample {
  const { amountCents, installments } = definition.representativeExample;
  const plan = buildPaymentPlan({
    amountCents,
    issueDate,
    paymentDates: monthlyPaymentDates(issueDate, installments),
    definition,
  });
  return {
    amountCents,
    installments,
    installmentCents: plan.installments[0]?.totalCents ?? 0,
    totalInterestCents: plan.totalInterestCents,
    totalCents: plan.totalCents,
    nominalAnnualRatePercent: nominalAnnualRatePercent(definition),
    taePercent: taeForPlan(plan, issueDate),
    plan,
  };
}

/**
 * 'Ejemplo representativo: para un préstamo de 2.500,00 € en 12 cuotas mensuales de 299,99 €, TIN 73,32 %,
 * intereses totales 1.099,88 €, importe total adeudado 3.599,88 €, TAE 103,7 %.' A minipréstamo's: see
 * `miniDisclaimer`.
 */
export function illustrativeDisclaimer(definition: LoanDefinition = DEFAULT_LOAN_DEFINITION): string {
  if (definition.product === 'mini') return miniDisclaimer(definition);
  const example = representativeExample(definition);
  return (
    `Ejemplo representativo: para un préstamo de ${formatMoney(example.amountCents)} ` +
    `en ${example.installments} cuotas mensuales de ${formatMoney(example.installmentCents)}, ` +
    `TIN ${formatPercent(example.nominalAnnualRatePercent, 2)}, ` +
    `intereses totales ${formatMoney(example.totalInterestCents)}, ` +
    `importe total adeudado ${formatMoney(example.totalCents)}, ` +
    `TAE ${formatPercent(example.taePercent, 1)}.`
  );
}

/** The minipréstamo's representative example: one repayment `termDays` after the issue date. */
export interface MiniRepresentativeExample {
  readonly amountCents: number;
  readonly termDays: number;
  /** Interest per day in percent of the amount (0,75). */
  readonly dailyRatePercent: number;
  readonly totalInterestCents: number;
  /** Importe total adeudado: amount + interest, the one repayment. */
  readonly totalCents: number;
  /** TIN, nominal annual rate in percent: the daily rate × 365. */
  readonly nominalAnnualRatePercent: number;
  /** TAE in percent, one decimal. */
  readonly taePercent: number;
  /** The highest first loan free of interest (0 when the definition has no such offer). */
  readonly firstLoanFreeMaxCents: number;
}

/**
 * The minipréstamo's representative example, from its definition (amount, days): the days have no whole month, so
 * the figures do not depend on the issue date.
 */
export function miniRepresentativeExample(definition: MiniLoanDefinition): MiniRepresentativeExample {
  const { amountCents, termDays } = definition.representativeExample;
  const plan = buildPaymentPlan({
    amountCents,
    issueDate: REPRESENTATIVE_ISSUE_DATE,
    paymentDates: [addDaysIso(REPRESENTATIVE_ISSUE_DATE, termDays)],
    definition,
  });
  return {
    amountCents,
    termDays,
    dailyRatePercent: dailyRatePercent(definition),
    totalInterestCents: plan.totalInterestCents,
    totalCents: plan.totalCents,
    nominalAnnualRatePercent: nominalAnnualRatePercent(definition),
    taePercent: taeForPlan(plan, REPRESENTATIVE_ISSUE_DATE),
    firstLoanFreeMaxCents: definition.firstLoanFreeMaxCents,
  };
}

/**
 * The minipréstamo's representative example as one sentence: 'Ejemplo representativo: para un minipréstamo de
 * 300,00 € devuelto en un solo pago a 20 días, TIN 273,75 %, intereses 45,00 €, importe total adeudado 345,00 €,
 * TAE 1.181,6 %. Tu primer préstamo, de hasta 300,00 €, sin intereses si lo devuelves en la fecha acordada.'
 */
export function miniDisclaimer(definition: MiniLoanDefinition): string {
  const example = miniRepresentativeExample(definition);
  const free =
    example.firstLoanFreeMaxCents > 0
      ? ` Tu primer préstamo, de hasta ${formatMoney(example.firstLoanFreeMaxCents)}, sin intereses si lo devuelves en la fecha acordada.`
      : '';
  return (
    `Ejemplo representativo: para un minipréstamo de ${formatMoney(example.amountCents)} ` +
    `devuelto en un solo pago a ${example.termDays} días, TIN ${formatPercent(example.nominalAnnualRatePercent, 2)}, ` +
    `intereses ${formatMoney(example.totalInterestCents)}, importe total adeudado ${formatMoney(example.totalCents)}, ` +
    `TAE ${formatPercent(example.taePercent, 1)}.${free}`
  );
}
