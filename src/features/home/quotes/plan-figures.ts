import type { PaymentPlan } from '../../../shared/api/loan.ts';
import { formatIsoDate } from '../../../shared/calendar.ts';
import { formatMessage, HOME_TEXTS } from '../../../shared/messages.ts';
import { formatMoneyParts, roundHalfAwayFromZero, sumCents, toCents, type Cents } from '../../../shared/money.ts';

/**
 * What the calculator shows of a plan (first document §4): the payback is ONE instalment, base plus interest, in
 * cents; the total is what the plan's instalments add up to (payback × count, as every instalment of the annuity is
 * equal: src/shared/loan/plan.ts).
 */

export function paybackCents(plan: PaymentPlan): Cents {
  const first = plan.installments[0];
  if (!first) throw new RangeError('A plan without instalments');
  return sumCents([first.initialBase, first.initialCalculatedInterest]);
}

export function totalPaymentCents(plan: PaymentPlan): Cents {
  return sumCents(plan.installments.flatMap((item) => [item.initialBase, item.initialCalculatedInterest]));
}

/** The first instalment's expected date, `YYYY-MM-DD`. */
export function firstPaymentDate(plan: PaymentPlan): string {
  const first = plan.installments[0];
  if (!first) throw new RangeError('A plan without instalments');
  return first.expectedDate;
}

/** Cents in es-ES with two decimals and no symbol: 29999 → '299,99', 123456 → '1.234,56'. */
export function amountWithoutSymbol(cents: number): string {
  const parts = formatMoneyParts(cents);
  return `${parts.integer},${parts.cents}`;
}

/** 'Pagarás 299,99€ el 30/07/2026' (HOME_TEXTS.youWillPay). */
export function youWillPayText(plan: PaymentPlan): string {
  return formatMessage(HOME_TEXTS.youWillPay, {
    amount: amountWithoutSymbol(paybackCents(plan)),
    date: formatIsoDate(firstPaymentDate(plan)),
  });
}

/**
 * What a minipréstamo's plan would cost at the standard price: its interest when the interest-free first loan is not
 * repaid on its date (docs/rules/pricing-and-quotes.md "The interest-free first loan": the promotion lapses and the
 * standard price for the loan's term is owed). The plan's definition gives the daily rate and the plan its term: the
 * amount × the daily rate × the days, rounded to the cent half away from zero, as src/shared/loan/plan.ts prices it
 * (a test compares the two), without loading the loan maths into the home page. Null for an instalment plan.
 */
export function standardMiniInterestCents(plan: PaymentPlan): Cents | null {
  const definition = plan.loanDefinition;
  const first = plan.installments[0];
  if (definition.product !== 'mini' || !first) return null;
  return toCents(
    roundHalfAwayFromZero((first.initialBase * definition.dailyRateBasisPoints * plan.totalInstallmentDays) / 10_000),
  );
}
