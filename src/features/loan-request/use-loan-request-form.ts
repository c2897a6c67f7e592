import { useAtomValue, useStore } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { onlineAtom } from '../../lib/pwa/network-status.ts';
import { calculatorChoiceAtom } from '../../lib/storage/atoms.ts';
import type { LoanFlowLoaded, SavedLoanFlow } from '../../lib/storage/loan-flow-atom.ts';
import type { CardEntity } from '../../shared/api/card.ts';
import type { LoanFlowFormValues, LoanFlowStep } from '../../shared/api/loan.ts';
import type { IsoDate } from '../../shared/calendar.ts';
import { firstRepaymentWindow, isSelectableRepaymentDate } from '../../shared/loan/repayment-window.ts';
import { loadPlans } from './api/load-plans.ts';
import {
  bannerText,
  fieldValidity,
  initialValues,
  installmentOptions,
  isValidCard,
  requiredFields,
  stepStates,
} from './form-rules.ts';
import { amountsFor, defaultInstallments, productsOffered, startRequest, type LoanProduct } from './product-rules.ts';
import { LOAN_FORM_TEXTS, MINI_STEP_TITLES, STEP_TITLES, type StepName } from './texts.ts';
import { useFormPersistence } from './use-form-persistence.ts';
import { useLoanRequestSubmit } from './use-loan-request-submit.ts';
import { useRequestedLoan } from './use-requested-loan.ts';

/** What the form works from. */
export interface LoanRequestFormInput {
  flow: SavedLoanFlow;
  step: LoanFlowStep;
  /** What the form works from: fresh from the API, or what the flow saved when offline. */
  loaded: Required<Omit<LoanFlowLoaded, 'plans'>> & Pick<LoanFlowLoaded, 'plans'>;
  customerId: number;
  today: IsoDate;
}

type Values = LoanFlowFormValues;
export type FormModal = 'termsAndConditions' | 'loanExplanation' | 'email' | 'addCard';

/** Where a step stands: its number in the form and its status banner. */
export interface StepHeader {
  number: number;
  /** The step's heading (a minipréstamo's where it differs). */
  title: string;
  banner: { state: string; text: string };
}

/**
 * The state of the loan request form: its values (saved with the flow on every change), the plans of the chosen
 * amount and date, each field's validity, the open modal and 'Siguiente'.
 */
export function useLoanRequestForm({ flow, step, loaded, customerId, today }: LoanRequestFormInput) {
  const store = useStore();
  const navigate = useNavigate();
  const online = useAtomValue(onlineAtom);
  const { accounts, holidays } = loaded;
  // The cards as loaded, or as read again after the add-card modal added one.
  const [cards, setCards] = useState(loaded.cards);
  const repayWindow = useMemo(() => firstRepaymentWindow(today, holidays), [today, holidays]);
  const { availableLimitCents, miniAvailableLimitCents } = loaded;
  const limits = useMemo(
    () => ({ availableLimitCents, miniAvailableLimitCents }),
    [availableLimitCents, miniAvailableLimitCents],
  );
  const showCardSelection = cards.length > 0;
  // A new request starts from the home calculator's choice (or says why it cannot), else from the default flow: a
  // minipréstamo of 100 € repaid 30 days ahead (product-rules.ts `startRequest`).
  const [start] = useState(() => {
    const saved = flow.formValues;
    if ((saved.product ?? null) !== null || (saved.installment ?? null) !== null) return null;
    const choice = store.get(calculatorChoiceAtom);
    return startRequest(choice instanceof Promise ? null : choice, {
      limits,
      today,
      window: repayWindow,
      holidays,
      dto: flow.dto,
      savedProduct: saved.loanProduct,
    });
  });
  const [values, setValues] = useState<Values>(() => {
    const initial = initialValues(flow.formValues, limits, repayWindow, holidays, accounts);
    if (!start) return initial;
    // A date saved with the flow (or cleared as no longer selectable) stays: the start's date fills an empty flow.
    const { firstRepaymentDate, ...rest } = start.values;
    const keepDate = (flow.formValues.firstRepaymentDate ?? null) !== null || !firstRepaymentDate;
    return { ...initial, ...rest, ...(keepDate ? {} : { firstRepaymentDate }) };
  });
  const loanProduct: LoanProduct = values.loanProduct ?? 'installment';
  const amounts = useMemo(() => amountsFor(loanProduct, limits), [loanProduct, limits]);
  const [productNotice, setProductNotice] = useState(start?.productNotice ?? null);
  const [installmentNotice, setInstallmentNotice] = useState(start?.installmentNotice ?? null);

  // A saved date that is no longer selectable (a holiday list or today moved on) is cleared with an alert.
  const [dateAlert, setDateAlert] = useState<string | null>(() => {
    const saved = flow.formValues.firstRepaymentDate;
    return saved && !isSelectableRepaymentDate(saved, repayWindow, holidays) ? LOAN_FORM_TEXTS.invalidDate : null;
  });
  const [planSet, setPlanSet] = useState<LoanFlowLoaded['plans']>(loaded.plans);
  const [failedPlanKey, setFailedPlanKey] = useState<string | null>(null);
  const [modal, setModal] = useState<FormModal | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const agreement = useRequestedLoan(flow.id);

  const { persist, change, valuesRef, planSetRef } = useFormPersistence({
    store,
    flow,
    step,
    loaded,
    today,
    values,
    planSet,
    setValues,
  });

  // The plans (the instalment loan's four, the minipréstamo's one): one PaymentPlansPost when the product, the amount
  // or the first date changes (dimmed while loading). Offline, only the plans saved with the flow for the same
  // product, amount and date are shown.
  const { product, firstRepaymentDate } = values;
  const planKey = product && firstRepaymentDate ? `${loanProduct}|${product}|${firstRepaymentDate}` : null;
  const plansMatch = Boolean(
    planSet &&
    (planSet.loanProduct ?? 'installment') === loanProduct &&
    planSet.product === product &&
    planSet.firstRepaymentDate === firstRepaymentDate,
  );
  const plans = plansMatch ? (planSet?.options ?? null) : null;
  const plansLoading = planKey !== null && !plansMatch && online && failedPlanKey !== planKey;
  useEffect(() => {
    if (!plansLoading || !product || !firstRepaymentDate || !planKey) return;
    const controller = new AbortController();
    loadPlans(
      loanProduct,
      product,
      firstRepaymentDate,
      today,
      customerId,
      installmentOptions.map((option) => option.value),
      controller.signal,
    ).then(
      (options) => {
        if (controller.signal.aborted) return;
        const next = { loanProduct, product, firstRepaymentDate, options };
        planSetRef.current = next;
        setPlanSet(next);
        persist(valuesRef.current, next);
      },
      () => {
        if (!controller.signal.aborted) setFailedPlanKey(planKey);
      },
    );
    return () => controller.abort();
  }, [
    plansLoading,
    planKey,
    loanProduct,
    product,
    firstRepaymentDate,
    today,
    customerId,
    persist,
    valuesRef,
    planSetRef,
  ]);

  const selectedPlan = plans?.find((plan) => plan.installments === values.installment) ?? null;
  // The documents before the request describe this offer, and only once it is complete.
  const offerOnForm = useMemo(
    () =>
      values.product && values.installment && values.firstRepaymentDate && values.accountId
        ? {
            loanProduct,
            product: values.product,
            installment: values.installment,
            firstRepaymentDate: values.firstRepaymentDate,
            accountId: values.accountId,
          }
        : null,
    [loanProduct, values.product, values.installment, values.firstRepaymentDate, values.accountId],
  );
  const states = stepStates({ ...values, showCardSelection });
  const ready = Boolean(values.installment && values.accountId);

  const fieldValid = fieldValidity(values, {
    loanProduct,
    amounts,
    repayWindow,
    holidays,
    accounts,
    cards,
    showCardSelection,
  });
  const visibleFields = requiredFields(showCardSelection);

  const { submit, submitting, offlineRefused } = useLoanRequestSubmit({
    store,
    navigate,
    flowId: flow.id,
    values,
    showCardSelection,
    complete: visibleFields.every((field) => fieldValid[field]),
    setShowErrors,
    requested: agreement.requested,
  });

  const header = (name: StepName): StepHeader => {
    const state = states.find((item) => item.step === name)?.state ?? 'notYet';
    const account = accounts.find((item) => item.accountId === values.accountId);
    const card = cards.find((item) => item.id === values.cardId);
    const text = bannerText(name, state, values, account, card);
    const title = (loanProduct === 'mini' ? MINI_STEP_TITLES[name] : undefined) ?? STEP_TITLES[name];
    return { number: states.findIndex((item) => item.step === name) + 1, title, banner: { state, text } };
  };

  return {
    values,
    change,
    loanProduct,
    limits,
    chooseLoanProduct: (next: LoanProduct) => {
      if (next === loanProduct) return;
      setProductNotice(null);
      setInstallmentNotice(null);
      const kept = values.product && amountsFor(next, limits).includes(values.product) ? values.product : null;
      change({ loanProduct: next, product: kept, installment: defaultInstallments(next) });
    },
    products: productsOffered(limits).map((offered) => ({ product: offered, amounts: amountsFor(offered, limits) })),
    amounts,
    repayWindow,
    cards,
    showCardSelection,
    productNotice,
    chooseProduct: (amount: number) => {
      setProductNotice(null);
      change({ product: amount });
    },
    dateAlert,
    chooseDate: (date: IsoDate | null) => {
      if (date && !isSelectableRepaymentDate(date, repayWindow, holidays)) {
        setDateAlert(LOAN_FORM_TEXTS.invalidDate);
        change({ firstRepaymentDate: null });
        return;
      }
      setDateAlert(null);
      change({ firstRepaymentDate: date });
    },
    installmentNotice,
    chooseInstallment: (installment: number) => {
      setInstallmentNotice(null);
      change({ installment });
    },
    plans,
    plansLoading,
    selectedPlan,
    offerOnForm,
    ready,
    showErrors,
    fieldValid,
    visibleFields,
    header,
    modal,
    setModal,
    cardsAdded: (latest: CardEntity[]) => {
      const known = latest.map(({ id, maskedCardNumber, cardStatus, brand }) => ({
        id,
        maskedCardNumber,
        cardStatus,
        brand,
      }));
      setCards(known);
      // The card just added: the newest valid one the form did not have.
      const added = known.filter((card) => isValidCard(card) && !cards.some((old) => old.id === card.id));
      const chosen = added.at(-1);
      if (chosen) change({ cardId: chosen.id });
    },
    submit,
    submitting,
    offlineRefused,
    agreement,
  };
}
