import {
  AGE,
  CALCULATOR,
  FIRST_REPAYMENT,
  PAYOUT_DELAY_DEFAULT_MS,
  ZERO_INTEREST_FIRST_LOAN_MAX_EUROS,
} from '../../shared/constants.ts';
import { DAILY_RATE_PERCENT, LOAN_DURATION_DAYS, MINI_LOAN } from '../../shared/loan-constants.ts';
import { formatPercent, formatWholeEuros } from '../../shared/money.ts';

/**
 * The product's figures as the static pages state them, all taken from the shared constants (first document §9,
 * second document §5), so a change of the product changes the pages with it.
 */

/** Whole euros without decimals: `2000` → `'2.000 €'`. */
export const wholeEuros = (euros: number): string => formatWholeEuros(euros);

const installmentOptions: number[] = [];
for (
  let count = CALCULATOR.installmentsMin;
  count <= CALCULATOR.installmentsMax;
  count += CALCULATOR.installmentsStep
) {
  installmentOptions.push(count);
}

/** `[12, 16, 20, 24]` → `'12, 16, 20 o 24'`. */
export function spanishList(items: readonly (string | number)[], conjunction = 'o'): string {
  const texts = items.map(String);
  if (texts.length <= 1) return texts.join('');
  return `${texts.slice(0, -1).join(', ')} ${conjunction} ${texts.at(-1)}`;
}

export const productFacts = {
  amountMin: wholeEuros(CALCULATOR.amountMin),
  amountMax: wholeEuros(CALCULATOR.amountMax),
  amountStep: wholeEuros(CALCULATOR.amountStep),
  installmentsMin: CALCULATOR.installmentsMin,
  installmentsMax: CALCULATOR.installmentsMax,
  installmentOptions: spanishList(installmentOptions),
  firstLoanMax: wholeEuros(ZERO_INTEREST_FIRST_LOAN_MAX_EUROS),
  payoutMinutes: Math.round(PAYOUT_DELAY_DEFAULT_MS / 60_000),
  minAge: AGE.min,
  maxAge: AGE.max,
  firstRepaymentEarliestDays: FIRST_REPAYMENT.earliestInDays,
  firstRepaymentLatestDays: FIRST_REPAYMENT.latestInDays,
} as const;

/** The minipréstamo's figures (loan-constants.ts, the built-in definition's source): amounts, term, price, offer. */
export const miniLoanFacts = {
  amountMin: wholeEuros(MINI_LOAN.amountMin),
  amountMax: wholeEuros(MINI_LOAN.amountMax),
  amountStep: wholeEuros(MINI_LOAN.amountStep),
  earliestDays: FIRST_REPAYMENT.earliestInDays,
  latestDays: FIRST_REPAYMENT.latestInDays,
  defaultDays: LOAN_DURATION_DAYS,
  dailyRate: formatPercent(DAILY_RATE_PERCENT, 2),
  firstLoanFreeMax: wholeEuros(MINI_LOAN.firstLoanFreeMax),
} as const;
