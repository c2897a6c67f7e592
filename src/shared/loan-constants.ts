/**
 * Constants of the loans themselves (the loan request, overdue thresholds, rollover, restructure, withdrawal), apart
 * from constants.ts: a logged-in customer's pages use them, the first load does not.
 */

/** Loan request form (second document §2, §9). */
export const LOAN_REQUEST = {
  amountMin: 2500,
  amountStep: 500,
  /** The highest amount offered is availableLimit plus this. */
  amountAboveLimit: 500,
  installmentOptions: [12, 16, 20, 24] as const,
  enabledInstallmentOptions: [12] as const,
  installmentsDefault: 12,
  salaryDatesComputed: 24,
  defaultFlowAmount: 100,
  defaultFlowPaymentInDays: 30,
  initialDraftPaymentDates: 12,
  helperDefaultMonths: 4,
} as const;

/**
 * Overdue thresholds in days (second document §5, §9), read with `overdueDay` = the first unpaid instalment's date
 * minus today in Europe/Madrid (architecture §7): negative when late (−1 = due yesterday), positive before the date.
 * Pago Flexible: between −60 and −35 exclusive (35 to 60 days late, before external collection); '¿Problemas con un
 * reembolso?': below −3 (more than 3 days late); Prórroga: from −35 (35 days late) to 5 (5 days before the date).
 */
export const OVERDUE = {
  repaymentProblemsBelow: -3,
  flexiblePaymentUpper: -35,
  flexiblePaymentLower: -60,
  rolloverUpper: 5,
  arrangedRolloverWindowDays: 35,
} as const;

export const FLEXIBLE_PAYMENT_MAX_ACTIVE_LOANS = 1;

/**
 * Rollover ('Prórroga', docs/rules/payments.md "Rollover"): the new date is a working day (not a weekend, not
 * a holiday) from `minDays` to `maxDays` calendar days after the later of today and the instalment's current date.
 */
export const ROLLOVER = { minDays: 7, maxDays: 30 } as const;

/**
 * Restructure ('Pago Flexible', docs/rules/payments.md "Restructure"): the debt is spread over `installments`
 * monthly instalments, the first one month after today, each moved forward to a working day.
 */
export const RESTRUCTURE = { installments: 3 } as const;

/**
 * The right of withdrawal (Directive 2023/2225 art. 26, Ley 16/2011 art. 28): `days` calendar days from the
 * payout (the issue date) inclusive; the money is returned within `repayDays` calendar days of the notice.
 */
export const WITHDRAWAL = { days: 14, repayDays: 30 } as const;
/** The minipréstamo (second document §9): its default term in days and its daily rate in percent of the amount. */
export const LOAN_DURATION_DAYS = 20;
export const DAILY_RATE_PERCENT = 0.75;

/** The minipréstamo's amounts in euros (100–600 by 50, the first loan free up to 300): see mini-loan-amounts.ts. */
export { MINI_LOAN } from './mini-loan-amounts.ts';

/** Illustrative disclaimer figures the spec quotes (first document §9); the app renders its own from the loan definition. */
export const ILLUSTRATIVE_EXAMPLE = {
  amountEuros: 2500,
  months: 12,
  installmentEuros: 299.99,
  interestEuros: 1099.88,
  specTaePercent: 102,
} as const;
