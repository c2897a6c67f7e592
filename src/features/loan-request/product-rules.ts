import type { LoanFlowDtoWire, LoanFlowFormValues } from '../../shared/api/loan.ts';
import { addDaysIso, type IsoDate } from '../../shared/calendar.ts';
import { LOAN_REQUEST, MINI_LOAN } from '../../shared/loan-constants.ts';
import type { LoanProduct } from '../../shared/loan/loan-definition.ts';
import {
  isSelectableRepaymentDate,
  nextWorkingDay,
  type HolidayList,
  type RepaymentWindow,
} from '../../shared/loan/repayment-window.ts';
import { formatMessage } from '../../shared/messages.ts';
import { eurosToCents, formatMoney } from '../../shared/money.ts';
import { LOAN_FORM_TEXTS } from './texts.ts';

/**
 * The two products of the loan request (issue 25): the instalment loan and the minipréstamo — one repayment on the
 * first repayment date, so its step 3 is fixed at one payment. The server checks every rule again (RequestLoanPost).
 */

export type { LoanProduct };

/** What the customer may borrow, in cents: CreditLimitGet's `availableLimit` and `miniAvailableLimit`. */
export interface AvailableLimits {
  readonly availableLimitCents: number;
  readonly miniAvailableLimitCents: number;
}

/** Instalment amounts in euros: 2500 up to availableLimit + 500, step 500 (architecture: the limit from CreditLimitGet). */
export function amountOptions(availableLimitCents: number): number[] {
  const highest = Math.floor(availableLimitCents / 100) + LOAN_REQUEST.amountAboveLimit;
  return steps(LOAN_REQUEST.amountMin, highest, LOAN_REQUEST.amountStep);
}

/** Minipréstamo amounts in euros: 100 up to the lower of 600 and the minipréstamo's available limit, step 50. */
export function miniAmountOptions(miniAvailableLimitCents: number): number[] {
  const highest = Math.min(MINI_LOAN.amountMax, Math.floor(miniAvailableLimitCents / 100));
  return steps(MINI_LOAN.amountMin, highest, MINI_LOAN.amountStep);
}

function steps(lowest: number, highest: number, step: number): number[] {
  const options: number[] = [];
  for (let amount = lowest; amount <= highest; amount += step) options.push(amount);
  return options;
}

/** The amounts offered for `product`. */
export function amountsFor(product: LoanProduct, limits: AvailableLimits): number[] {
  return product === 'mini'
    ? miniAmountOptions(limits.miniAvailableLimitCents)
    : amountOptions(limits.availableLimitCents);
}

/** The products the customer can take now: those with at least one amount. */
export function productsOffered(limits: AvailableLimits): LoanProduct[] {
  return (['mini', 'installment'] as const).filter((product) => amountsFor(product, limits).length > 0);
}

/**
 * The product of saved form values: the one saved, else the instalment loan when an amount or a count was saved (a
 * flow saved before the minipréstamo existed), else none yet.
 */
export function savedProduct(values: LoanFlowFormValues): LoanProduct | null {
  if (values.loanProduct) return values.loanProduct;
  return (values.product ?? null) !== null || (values.installment ?? null) !== null ? 'installment' : null;
}

/** The number of payments a product's request is priced and signed with when the customer has not chosen one. */
export const defaultInstallments = (product: LoanProduct): number =>
  product === 'mini' ? 1 : LOAN_REQUEST.installmentsDefault;

/** A date `days` after today as a repayment date: moved to the next working day, kept inside the window. */
export function repaymentDateIn(days: number, today: IsoDate, window: RepaymentWindow, holidays: HolidayList): IsoDate {
  const wanted = nextWorkingDay(addDaysIso(today, days), holidays);
  if (wanted > window.latest) return window.latest;
  return wanted < window.earliest ? nextWorkingDay(window.earliest, holidays) : wanted;
}

/** The home calculator's choice as calculatorChoiceAtom keeps it (no `product`: the instalment loan). */
export interface CalculatorChoiceInput {
  readonly product?: LoanProduct | undefined;
  readonly amount: number;
  readonly installments: number;
  readonly days?: number | undefined;
}

/** Where a new request starts: values to apply to the form, and the notices that say why a choice was not applied. */
export interface RequestStart {
  readonly values: Pick<LoanFlowFormValues, 'loanProduct' | 'product' | 'installment'> & {
    firstRepaymentDate?: IsoDate;
  };
  readonly productNotice: string | null;
  readonly installmentNotice: string | null;
}

export interface StartContext {
  readonly limits: AvailableLimits;
  readonly today: IsoDate;
  readonly window: RepaymentWindow;
  readonly holidays: HolidayList;
  /** The flow's request parameters: a new flow's are the default flow (100 €, one date 30 days ahead). */
  readonly dto: LoanFlowDtoWire;
  /** The product saved with the flow before an amount was chosen (the customer's switch), if any. */
  readonly savedProduct?: LoanProduct | null | undefined;
}

/**
 * Where a new request starts (second document §2, §4; first document §5):
 * - the home calculator's choice when the form can offer it — a minipréstamo's amount and its days as a working date
 *   in the window, an instalment loan's amount and count; otherwise the amount stays to be chosen and the count is
 *   the product's default, each with a notice saying why in Spanish instead of changing the choice silently;
 * - without a choice, the product saved with the flow, else the default flow: a minipréstamo of the flow's amount
 *   (100 €) repaid on its one date (30 days ahead, or the next working day in the window); the instalment loan when
 *   no minipréstamo can be offered.
 */
export function startRequest(choice: CalculatorChoiceInput | null, context: StartContext): RequestStart {
  const offered = productsOffered(context.limits);
  if (!choice) {
    const saved = context.savedProduct && offered.includes(context.savedProduct) ? context.savedProduct : null;
    const product: LoanProduct = saved ?? (offered.includes('mini') || offered.length === 0 ? 'mini' : 'installment');
    if (product === 'installment') {
      return {
        values: { loanProduct: product, product: null, installment: defaultInstallments(product) },
        productNotice: null,
        installmentNotice: null,
      };
    }
    const amounts = miniAmountOptions(context.limits.miniAvailableLimitCents);
    const [date] = context.dto.paymentDates;
    const firstRepaymentDate =
      date && isSelectableRepaymentDate(date, context.window, context.holidays)
        ? date
        : repaymentDateIn(LOAN_REQUEST.defaultFlowPaymentInDays, context.today, context.window, context.holidays);
    return {
      values: {
        loanProduct: 'mini',
        product: amounts.includes(context.dto.amount) ? context.dto.amount : null,
        installment: 1,
        firstRepaymentDate,
      },
      productNotice: null,
      installmentNotice: null,
    };
  }
  const product: LoanProduct = choice.product ?? 'installment';
  const amounts = amountsFor(product, context.limits);
  const productNotice = amountNotice(choice.amount, amounts);
  if (product === 'mini') {
    const days = choice.days ?? LOAN_REQUEST.defaultFlowPaymentInDays;
    return {
      values: {
        loanProduct: 'mini',
        product: amounts.includes(choice.amount) ? choice.amount : null,
        installment: 1,
        firstRepaymentDate: repaymentDateIn(days, context.today, context.window, context.holidays),
      },
      productNotice,
      installmentNotice: null,
    };
  }
  const enabled = LOAN_REQUEST.enabledInstallmentOptions as readonly number[];
  const installment = enabled.includes(choice.installments) ? choice.installments : defaultInstallments(product);
  const installmentNotice =
    choice.installments !== installment
      ? formatMessage(LOAN_FORM_TEXTS.calculatorInstallmentsUnavailable, {
          chosen: choice.installments,
          offered: installment,
        })
      : null;
  return {
    values: {
      loanProduct: 'installment',
      product: amounts.includes(choice.amount) ? choice.amount : null,
      installment,
    },
    productNotice,
    installmentNotice,
  };
}

/** Why the calculator's amount is not among those offered (null when it is, or when nothing is offered). */
function amountNotice(chosen: number, amounts: readonly number[]): string | null {
  const lowest = amounts[0];
  const highest = amounts.at(-1);
  if (amounts.includes(chosen) || lowest === undefined || highest === undefined) return null;
  const euros = (amount: number) => formatMoney(eurosToCents(amount));
  if (chosen < lowest)
    return formatMessage(LOAN_FORM_TEXTS.calculatorAmountBelow, { chosen: euros(chosen), min: euros(lowest) });
  if (chosen > highest)
    return formatMessage(LOAN_FORM_TEXTS.calculatorAmountAbove, { chosen: euros(chosen), max: euros(highest) });
  return null;
}
