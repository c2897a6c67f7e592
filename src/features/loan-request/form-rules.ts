import type { LoanFlowFormValues } from '../../shared/api/loan.ts';
import { formatIsoDate } from '../../shared/calendar.ts';
import { groupsOfFour, maskedCard } from '../../shared/card-display.ts';
import { isUsableCardStatus } from '../../shared/card-statuses.ts';
import { LOAN_REQUEST } from '../../shared/loan-constants.ts';
import {
  isSelectableRepaymentDate,
  type HolidayList,
  type RepaymentWindow,
} from '../../shared/loan/repayment-window.ts';
import { formatMessage } from '../../shared/messages.ts';
import { formatEuros } from './format.ts';
import {
  amountsFor,
  defaultInstallments,
  productsOffered,
  savedProduct,
  type AvailableLimits,
  type LoanProduct,
} from './product-rules.ts';
import { FIELD_LABELS, MINI_STEP_TEXTS, STEP_TEXTS } from './texts.ts';
import type { StepName, StepState } from './texts.ts';

/** Pure rules of the loan request form (second document §2, §5, §9). */

export { amountOptions } from './product-rules.ts';

/** The four instalment options (value = 4 × index + 12); only those of the enabled list can be chosen. */
export const installmentOptions = LOAN_REQUEST.installmentOptions.map((_, index) => {
  const value = 4 * index + 12;
  return { value, enabled: (LOAN_REQUEST.enabledInstallmentOptions as readonly number[]).includes(value) };
});

/** Card and account number display, shared with the cards feature. */
export { groupsOfFour, maskedCard, showsBrandIcon } from '../../shared/card-display.ts';

/** A card the gateway has validated: one the form can offer without the no-card notice. */
export const isValidCard = (card: { cardStatus: string }): boolean => isUsableCardStatus(card.cardStatus);

/**
 * The values the form starts from: the saved ones (a saved flow's product made explicit), without an amount no longer
 * offered, a date no longer selectable or an account no longer linked; the window's default date when none was
 * saved; the only account when there is one.
 */
export function initialValues(
  saved: LoanFlowFormValues,
  limits: AvailableLimits,
  repayWindow: RepaymentWindow,
  holidays: readonly string[],
  accounts: ReadonlyArray<{ accountId: number }>,
): LoanFlowFormValues {
  const values: LoanFlowFormValues = { ...saved };
  const offered = productsOffered(limits);
  let product = savedProduct(saved);
  // A product no longer offered (its limit fell under its lowest amount): the one that is, its amount to choose.
  if (product && offered[0] && !offered.includes(product)) {
    product = offered[0];
    values.product = null;
    values.installment = defaultInstallments(product);
  }
  if (product) {
    values.loanProduct = product;
    if (values.product && !amountsFor(product, limits).includes(values.product)) values.product = null;
    if (product === 'mini') values.installment = 1;
  }
  if (!values.firstRepaymentDate) values.firstRepaymentDate = repayWindow.defaultDate;
  else if (!isSelectableRepaymentDate(values.firstRepaymentDate, repayWindow, holidays))
    values.firstRepaymentDate = null;
  if (values.accountId && !accounts.some((account) => account.accountId === values.accountId)) values.accountId = null;
  if (!values.accountId && accounts.length === 1) values.accountId = accounts[0]?.accountId ?? null;
  return values;
}

export interface StepInput {
  readonly product?: number | null | undefined;
  readonly firstRepaymentDate?: string | null | undefined;
  readonly installment?: number | null | undefined;
  readonly accountId?: number | null | undefined;
  readonly cardId?: number | null | undefined;
  readonly acceptAgreement?: boolean | null | undefined;
  readonly showCardSelection: boolean;
}

/** The steps shown, in order (cardId only when card selection is visible). */
export function visibleSteps(showCardSelection: boolean): StepName[] {
  return [
    'product',
    'firstRepaymentDate',
    'installment',
    'accountId',
    'creditSummary',
    ...(showCardSelection ? (['cardId'] as const) : []),
    'acceptAgreement',
  ];
}

const filled = (step: StepName, input: StepInput): boolean => {
  switch (step) {
    case 'product':
      return Boolean(input.product);
    case 'firstRepaymentDate':
      return Boolean(input.firstRepaymentDate);
    case 'installment':
    case 'creditSummary':
      // The credit summary counts as done once the installment is set.
      return Boolean(input.installment);
    case 'accountId':
      return Boolean(input.accountId);
    case 'cardId':
      return Boolean(input.cardId);
    case 'acceptAgreement':
      return input.acceptAgreement === true;
  }
};

/** Each step: 'success' when filled, 'active' for the first incomplete one, 'notYet' for the rest. */
export function stepStates(input: StepInput): Array<{ step: StepName; state: StepState }> {
  let activeGiven = false;
  return visibleSteps(input.showCardSelection).map((step) => {
    if (filled(step, input)) return { step, state: 'success' as const };
    if (activeGiven) return { step, state: 'notYet' as const };
    activeGiven = true;
    return { step, state: 'active' as const };
  });
}

/** A field of the form's checklist: every step but the credit summary. */
export type RequiredField = keyof typeof FIELD_LABELS;

/** The checklist's fields, in order (cardId only when card selection is visible). */
export function requiredFields(showCardSelection: boolean): RequiredField[] {
  return (Object.keys(FIELD_LABELS) as RequiredField[]).filter((field) => field !== 'cardId' || showCardSelection);
}

/** What the form offers to choose from. */
export interface FormChoices {
  readonly loanProduct: LoanProduct;
  readonly amounts: readonly number[];
  readonly repayWindow: RepaymentWindow;
  readonly holidays: HolidayList;
  readonly accounts: ReadonlyArray<{ accountId: number }>;
  readonly cards: ReadonlyArray<{ id: number }>;
  readonly showCardSelection: boolean;
}

/** Each field valid or not: a value among those offered (any card when card selection is not visible). */
export function fieldValidity(values: LoanFlowFormValues, choices: FormChoices): Record<RequiredField, boolean> {
  const { loanProduct, amounts, repayWindow, holidays, accounts, cards, showCardSelection } = choices;
  return {
    product: Boolean(values.product && amounts.includes(values.product)),
    firstRepaymentDate: Boolean(
      values.firstRepaymentDate && isSelectableRepaymentDate(values.firstRepaymentDate, repayWindow, holidays),
    ),
    installment:
      loanProduct === 'mini'
        ? values.installment === 1
        : Boolean(values.installment && installmentOptions.some((o) => o.enabled && o.value === values.installment)),
    accountId: Boolean(values.accountId && accounts.some((account) => account.accountId === values.accountId)),
    cardId: !showCardSelection || Boolean(values.cardId && cards.some((card) => card.id === values.cardId)),
    acceptAgreement: values.acceptAgreement === true,
  };
}

/** A step's banner: the text of its state, filled with the step's value. */
export function bannerText(
  name: StepName,
  state: StepState,
  values: LoanFlowFormValues,
  account: { accountNumber: string } | undefined,
  card: { maskedCardNumber: string } | undefined,
): string {
  const texts = values.loanProduct === 'mini' ? { ...STEP_TEXTS, ...MINI_STEP_TEXTS } : STEP_TEXTS;
  return formatMessage(texts[name][state], {
    product: values.product ? formatEuros(values.product) : '',
    date: values.firstRepaymentDate ? formatIsoDate(values.firstRepaymentDate) : '',
    installment: values.installment ?? '',
    account: account ? groupsOfFour(account.accountNumber) : '',
    card: card ? maskedCard(card.maskedCardNumber) : '',
  });
}
