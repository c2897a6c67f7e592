import { useAtomValue, useStore } from 'jotai';
import { RESET } from 'jotai/utils';
import { Suspense, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api/errors.ts';
import { getJourney } from '../../../lib/api/calls/journey.ts';
import { useGoToNextStep } from '../../../lib/loan-flow/next-step.ts';
import { flowPath, saveFlow } from '../../../lib/loan-flow/saved-flow.ts';
import { onlineAtom } from '../../../lib/pwa/network-status.ts';
import { calculatorChoiceAtom } from '../../../lib/storage/atoms.ts';
import type { LoanFlowLoaded, SavedLoanFlow } from '../../../lib/storage/loan-flow-atom.ts';
import { Button } from '../../../lib/ui/Button.tsx';
import { ADD_CARD_TEXTS } from '../../../lib/add-card/texts.ts';
import { Checkbox } from '../../../lib/ui/Checkbox.tsx';
import { DatePicker } from '../../../lib/ui/DatePicker.tsx';
import { showToast } from '../../../lib/ui/toast-store.ts';
import { useSingleFlight } from '../../../lib/ui/use-single-flight.ts';
import type { LoanFlowFormValues, LoanFlowStep } from '../../../shared/api/loan.ts';
import { formatIsoDate, type IsoDate } from '../../../shared/calendar.ts';
import {
  firstRepaymentWindow,
  isSelectableRepaymentDate,
  isWorkingDay,
} from '../../../shared/loan/repayment-window.ts';
import { formatMoney, formatMoneyParts, formatPercent } from '../../../shared/money.ts';
import { formatMessage } from '../../../shared/messages.ts';
import { buildPath } from '../../../shared/routes/paths.ts';
import { loadPlans, paymentDatesFrom, requestLoan, type PlanOption } from '../api/loan-request-api.ts';
import {
  amountOptions,
  groupsOfFour,
  installmentOptions,
  maskedCard,
  showsBrandIcon,
  startFromCalculator,
  stepStates,
} from '../form-rules.ts';
import {
  AGREEMENT_STEP_TEXTS,
  FIELD_LABELS,
  FIELD_TODO,
  LOAN_FORM_TEXTS,
  STEP_TEXTS,
  STEP_TITLES,
  type StepName,
} from '../texts.ts';
import { AccountSelect } from './AccountSelect.tsx';
import { AddCardModal, AgreementModal, AgreementStepModal, EmailModal } from './LazyModals.tsx';
import { CardBrandIcon } from '../../../lib/ui/CardBrandIcon.tsx';
import { isUsableCardStatus } from '../../../shared/card-statuses.ts';

export interface LoanRequestFormProps {
  flow: SavedLoanFlow;
  step: LoanFlowStep;
  /** What the form works from: fresh from the API, or what the flow saved when offline. */
  loaded: Required<Omit<LoanFlowLoaded, 'plans'>> & Pick<LoanFlowLoaded, 'plans'>;
  customerId: number;
  today: IsoDate;
  /** 'Añadir nueva cuenta bancaria' (RTB, securityChecked, not blacklisted). */
  canAddAccount: boolean;
  email: string;
}

type Values = LoanFlowFormValues;
type RequiredField = keyof typeof FIELD_LABELS;

const TEXT = LOAN_FORM_TEXTS;
const OFFLINE_TOAST_ID = 'loan-request-offline';

/** The credit-payload form of the loan request (second document §2, §5): seven numbered steps with banners. */
export function LoanRequestForm({ flow, step, loaded, customerId, today, canAddAccount, email }: LoanRequestFormProps) {
  const store = useStore();
  const navigate = useNavigate();
  const online = useAtomValue(onlineAtom);
  const { accounts, holidays } = loaded;
  // The cards as loaded, or as read again after the add-card modal added one.
  const [cards, setCards] = useState(loaded.cards);
  const repayWindow = useMemo(() => firstRepaymentWindow(today, holidays), [today, holidays]);
  const amounts = useMemo(() => amountOptions(loaded.availableLimitCents), [loaded.availableLimitCents]);
  const showCardSelection = cards.length > 0;
  // A new request starts from the home calculator's choice (or says why it cannot), with 12 instalments by default.
  const [start] = useState(() => {
    const saved = flow.formValues;
    if ((saved.product ?? null) !== null || (saved.installment ?? null) !== null) return null;
    const choice = store.get(calculatorChoiceAtom);
    return startFromCalculator(choice instanceof Promise ? null : choice, amounts);
  });
  const [values, setValues] = useState<Values>(() => ({
    ...initialValues(flow.formValues, amounts, repayWindow, holidays, accounts),
    ...(start ? { product: start.product, installment: start.installment } : {}),
  }));
  const [productNotice, setProductNotice] = useState(start?.productNotice ?? null);
  const [installmentNotice, setInstallmentNotice] = useState(start?.installmentNotice ?? null);

  // A saved date that is no longer selectable (a holiday list or today moved on) is cleared with an alert.
  const [dateAlert, setDateAlert] = useState<string | null>(() => {
    const saved = flow.formValues.firstRepaymentDate;
    return saved && !isSelectableRepaymentDate(saved, repayWindow, holidays) ? TEXT.invalidDate : null;
  });
  const [planSet, setPlanSet] = useState<LoanFlowLoaded['plans']>(loaded.plans);
  const [failedPlanKey, setFailedPlanKey] = useState<string | null>(null);
  const [modal, setModal] = useState<'termsAndConditions' | 'loanExplanation' | 'email' | 'addCard' | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  /** The requested loan whose agreement is read and accepted next; the modal is open while `agreementOpen`. */
  const [requestedLoanId, setRequestedLoanIdState] = useState<number | null>(null);
  const [agreementOpen, setAgreementOpen] = useState(false);
  const setRequestedLoanId = (loanId: number) => {
    setRequestedLoanIdState(loanId);
    setAgreementOpen(true);
  };
  const closeAgreement = useCallback(() => setAgreementOpen(false), []);
  const goToNextStep = useGoToNextStep(flow.id);

  // A loan requested earlier whose agreement was not accepted (the page was closed, the agreement failed to load):
  // its agreement step opens again, since a new request would be refused (ActiveLoanExists); one already accepted
  // goes on to the next step. Without an answer (offline, an error) the form stays as it is.
  const goToNextStepRef = useRef(goToNextStep);
  useLayoutEffect(() => {
    goToNextStepRef.current = goToNextStep;
  }, [goToNextStep]);
  useEffect(() => {
    const controller = new AbortController();
    getJourney({ ignoreErrors: true, signal: controller.signal }).then(
      ({ loanDetails }) => {
        if (controller.signal.aborted || !loanDetails) return;
        if (loanDetails.status === 'requested') {
          setRequestedLoanIdState(loanDetails.loanId);
          setAgreementOpen(true);
        } else if (loanDetails.status === 'agreementAssigned') {
          void goToNextStepRef.current();
        }
      },
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  const flowRef = useRef(flow);
  const valuesRef = useRef(values);
  const planSetRef = useRef(planSet);
  const loadedRef = useRef(loaded);
  useLayoutEffect(() => {
    flowRef.current = flow;
    loadedRef.current = loaded;
  }, [flow, loaded]);

  const persist = useCallback(
    (next: Values, nextPlans: LoanFlowLoaded['plans']) => {
      const current = flowRef.current;
      const date = next.firstRepaymentDate ?? null;
      const dto = date
        ? {
            ...current.dto,
            amount: next.product ?? current.dto.amount,
            issueDate: today,
            paymentDates: paymentDatesFrom(date),
            salaryCalculationDetails: { ...current.dto.salaryCalculationDetails, nextSalaryDate: date },
          }
        : { ...current.dto, amount: next.product ?? current.dto.amount };
      const saved: SavedLoanFlow = {
        ...current,
        step,
        dto,
        formValues: next,
        loaded: { ...loadedRef.current, plans: nextPlans },
      };
      flowRef.current = saved;
      void saveFlow(store, saved);
    },
    [store, step, today],
  );

  const change = (patch: Values) => {
    const next = { ...valuesRef.current, ...patch };
    valuesRef.current = next;
    setValues(next);
    persist(next, planSetRef.current);
  };

  // Initial values that differ from the saved ones (the default date, a single account) are saved once.
  const initialSaved = useRef(false);
  useEffect(() => {
    if (initialSaved.current) return;
    initialSaved.current = true;
    if (JSON.stringify(valuesRef.current) !== JSON.stringify(flow.formValues))
      persist(valuesRef.current, planSetRef.current);
  }, [flow.formValues, persist]);

  // The four plans: one PaymentPlansPost when the amount or the first date changes (dimmed while loading). Offline,
  // only the plans saved with the flow for the same amount and date are shown.
  const { product, firstRepaymentDate } = values;
  const planKey = product && firstRepaymentDate ? `${product}|${firstRepaymentDate}` : null;
  const plansMatch = Boolean(
    planSet && planSet.product === product && planSet.firstRepaymentDate === firstRepaymentDate,
  );
  const plans = plansMatch ? (planSet?.options ?? null) : null;
  const plansLoading = planKey !== null && !plansMatch && online && failedPlanKey !== planKey;
  useEffect(() => {
    if (!plansLoading || !product || !firstRepaymentDate || !planKey) return;
    const controller = new AbortController();
    loadPlans(
      product,
      firstRepaymentDate,
      today,
      customerId,
      installmentOptions.map((option) => option.value),
      controller.signal,
    ).then(
      (options) => {
        if (controller.signal.aborted) return;
        const next = { product, firstRepaymentDate, options };
        planSetRef.current = next;
        setPlanSet(next);
        persist(valuesRef.current, next);
      },
      () => {
        if (!controller.signal.aborted) setFailedPlanKey(planKey);
      },
    );
    return () => controller.abort();
  }, [plansLoading, planKey, product, firstRepaymentDate, today, customerId, persist]);

  const selectedPlan = plans?.find((plan) => plan.installments === values.installment) ?? null;
  // The documents before the request describe this offer, and only once it is complete.
  const offerOnForm = useMemo(
    () =>
      values.product && values.installment && values.firstRepaymentDate && values.accountId
        ? {
            product: values.product,
            installment: values.installment,
            firstRepaymentDate: values.firstRepaymentDate,
            accountId: values.accountId,
          }
        : null,
    [values.product, values.installment, values.firstRepaymentDate, values.accountId],
  );
  const states = stepStates({ ...values, showCardSelection });
  const ready = Boolean(values.installment && values.accountId);

  const fieldValid: Record<RequiredField, boolean> = {
    product: Boolean(values.product && amounts.includes(values.product)),
    firstRepaymentDate: Boolean(
      values.firstRepaymentDate && isSelectableRepaymentDate(values.firstRepaymentDate, repayWindow, holidays),
    ),
    installment: Boolean(
      values.installment && installmentOptions.some((o) => o.enabled && o.value === values.installment),
    ),
    accountId: Boolean(values.accountId && accounts.some((account) => account.accountId === values.accountId)),
    cardId: !showCardSelection || Boolean(values.cardId && cards.some((card) => card.id === values.cardId)),
    acceptAgreement: values.acceptAgreement === true,
  };
  const visibleFields = (Object.keys(FIELD_LABELS) as RequiredField[]).filter(
    (field) => field !== 'cardId' || showCardSelection,
  );

  // The offline refusal is also written under the button: the toast layer is code loaded on demand, which a first
  // visit not yet served by the service worker cannot fetch while offline.
  const [offlineRefused, setOfflineRefused] = useState(false);
  const refuseOffline = () => {
    setOfflineRefused(true);
    showToast({ id: OFFLINE_TOAST_ID, alertType: 'warning', content: TEXT.offlineSubmit, autoDismiss: false });
  };

  const [submit, submitting] = useSingleFlight(async () => {
    setShowErrors(true);
    setOfflineRefused(false);
    if (!visibleFields.every((field) => fieldValid[field])) return;
    if (!store.get(onlineAtom) || (typeof navigator !== 'undefined' && navigator.onLine === false)) {
      refuseOffline();
      return;
    }
    try {
      const result = await requestLoan({
        product: values.product!,
        installment: values.installment!,
        firstRepaymentDate: values.firstRepaymentDate!,
        accountId: values.accountId!,
        cardId: showCardSelection ? (values.cardId ?? null) : null,
        acceptCommunications: values.acceptCommunications === true,
      });
      switch (result.result) {
        case 'success':
        case 'successWithLimitUpdate':
        case 'cardEntryRequired': {
          // The calculator's choice served this request: a later one starts from its own flow (or a new choice).
          void store.set(calculatorChoiceAtom, RESET);
          // The agreement step (second document §4): the loan is requested; its agreement is read and accepted next.
          const loanId = result.journey.loanDetails?.loanId;
          if (loanId) setRequestedLoanId(loanId);
          else
            navigate(flowPath(result.result === 'cardEntryRequired' ? 'financialInfoAddCard' : 'documents', flow.id));
          return;
        }
        case 'failed':
          if (result.subReason) {
            navigate(flowPath('loanRequestDeclined', flow.id));
            return;
          }
          showToast({ alertType: 'warning', content: result.message });
          return;
      }
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.kind === 'offline' || error.kind === 'network') {
        refuseOffline();
        return;
      }
      if (error.kind !== 'business') return;
      if (error.has('CustomerBlacklisted')) {
        navigate(buildPath('addressDetailsDeclined'), { replace: true });
      } else if (error.has('EligibleAgeError') || error.has('NotAllowedCustomerStatus')) {
        navigate(buildPath('dashboardDeclined'), { replace: true });
      } else {
        showToast({ alertType: 'warning', content: error.errors[0]?.message ?? error.message });
      }
    }
  });

  const banner = (name: StepName) => {
    const state = states.find((item) => item.step === name)?.state ?? 'notYet';
    const account = accounts.find((item) => item.accountId === values.accountId);
    const card = cards.find((item) => item.id === values.cardId);
    const text = formatMessage(STEP_TEXTS[name][state], {
      product: values.product ? formatEuros(values.product) : '',
      date: values.firstRepaymentDate ? formatIsoDate(values.firstRepaymentDate) : '',
      installment: values.installment ?? '',
      account: account ? groupsOfFour(account.accountNumber) : '',
      card: card ? maskedCard(card.maskedCardNumber) : '',
    });
    return { state, text };
  };

  const stepNumber = (name: StepName) => states.findIndex((item) => item.step === name) + 1;

  return (
    <form
      className="loan-request-form"
      noValidate
      aria-label={TEXT.formLabel}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Step name="product" number={stepNumber('product')} banner={banner('product')}>
        <fieldset className="loan-options">
          <legend>{TEXT.amountLabel}</legend>
          {amounts.map((amount) => (
            <label key={amount} className="loan-option">
              <input
                type="radio"
                name="product"
                value={amount}
                checked={values.product === amount}
                onChange={() => {
                  setProductNotice(null);
                  change({ product: amount });
                }}
              />
              <span>{formatAmount(amount)}</span>
            </label>
          ))}
        </fieldset>
        {productNotice && (
          <p className="loan-notice" role="status">
            {productNotice}
          </p>
        )}
      </Step>

      <Step name="firstRepaymentDate" number={stepNumber('firstRepaymentDate')} banner={banner('firstRepaymentDate')}>
        <DatePicker
          label={TEXT.dateLabel}
          value={values.firstRepaymentDate ?? null}
          min={repayWindow.earliest}
          max={repayWindow.latest}
          placeholderValue={repayWindow.defaultDate}
          isDateUnavailable={(date) => !isWorkingDay(date, holidays)}
          onChange={(date) => {
            if (date && !isSelectableRepaymentDate(date, repayWindow, holidays)) {
              setDateAlert(TEXT.invalidDate);
              change({ firstRepaymentDate: null });
              return;
            }
            setDateAlert(null);
            change({ firstRepaymentDate: date });
          }}
          isRequired
        />
        {dateAlert && (
          <p className="loan-alert" role="alert">
            {dateAlert}
          </p>
        )}
      </Step>

      <Step name="installment" number={stepNumber('installment')} banner={banner('installment')}>
        <fieldset className="loan-options loan-installments" aria-busy={plansLoading} data-loading={plansLoading}>
          <legend>{TEXT.installmentsLabel}</legend>
          {installmentOptions.map((option) => {
            const plan = plans?.find((item) => item.installments === option.value);
            return (
              <InstallmentOption
                key={option.value}
                value={option.value}
                enabled={option.enabled}
                plan={plan}
                checked={values.installment === option.value}
                onChoose={() => {
                  setInstallmentNotice(null);
                  change({ installment: option.value });
                }}
              />
            );
          })}
          {plansLoading && <p className="visually-hidden">{TEXT.loadingPlans}</p>}
        </fieldset>
        {installmentNotice && (
          <p className="loan-notice" role="status">
            {installmentNotice}
          </p>
        )}
      </Step>

      <Step name="accountId" number={stepNumber('accountId')} banner={banner('accountId')}>
        {accounts.length > 1 && (
          <AccountSelect
            label={TEXT.accountLabel}
            options={accounts.map((account) => ({
              value: String(account.accountId),
              label: `${account.bankValue} · ${groupsOfFour(account.accountNumber)}`,
            }))}
            value={values.accountId ? String(values.accountId) : null}
            onChange={(value) => change({ accountId: value ? Number(value) : null })}
            isRequired
          />
        )}
        {accounts.length === 1 && accounts[0] && (
          <div className="loan-account-readonly">
            <span className="ui-field-label" id="loan-account-label">
              {TEXT.accountLabel}
            </span>
            <p aria-labelledby="loan-account-label">
              {accounts[0].bankValue} ·{' '}
              <span className="loan-account-number">{groupsOfFour(accounts[0].accountNumber)}</span>
            </p>
          </div>
        )}
        {accounts.length === 0 && <p>{TEXT.noAccount}</p>}
        {canAddAccount && (
          <Link className="ui-button ui-button--link" to={flowPath('bankCredentials', flow.id)}>
            {TEXT.addBankAccount}
          </Link>
        )}
      </Step>

      <Step name="creditSummary" number={stepNumber('creditSummary')} banner={banner('creditSummary')}>
        {selectedPlan && values.product && (
          <dl className="loan-summary" aria-label={STEP_TITLES.creditSummary}>
            <dt>{TEXT.summaryAmount}</dt>
            <dd>{formatAmount(values.product)}</dd>
            <dt>{TEXT.summaryInstallments}</dt>
            <dd>{selectedPlan.installments}</dd>
            <dt>{TEXT.summaryFirstPayment}</dt>
            <dd>{formatMoney(selectedPlan.firstPaymentCents)}</dd>
            <dt>{TEXT.summaryFirstPaymentDate}</dt>
            <dd>{formatIsoDate(selectedPlan.firstDate)}</dd>
            <dt>{TEXT.summaryInterest}</dt>
            <dd>{formatMoney(selectedPlan.totalInterestCents)}</dd>
            <dt>{TEXT.summaryTotal}</dt>
            <dd>{formatMoney(selectedPlan.totalCents)}</dd>
            <dt>{TEXT.summaryTae}</dt>
            <dd>{formatPercent(selectedPlan.taePercent)}</dd>
          </dl>
        )}
      </Step>

      {showCardSelection ? (
        <Step name="cardId" number={stepNumber('cardId')} banner={banner('cardId')}>
          <fieldset className="loan-options loan-cards">
            <legend>{TEXT.cardLabel}</legend>
            {cards.map((card) => (
              <label key={card.id} className="loan-option">
                <input
                  type="radio"
                  name="cardId"
                  value={card.id}
                  checked={values.cardId === card.id}
                  onChange={() => change({ cardId: card.id })}
                />
                {showsBrandIcon(card) && <CardBrandIcon />}
                <span>{maskedCard(card.maskedCardNumber)}</span>
              </label>
            ))}
          </fieldset>
          {!cards.some(isValidCard) && (
            <NoCardNotice otherCards shown={showErrors} onAddCard={() => setModal('addCard')} />
          )}
        </Step>
      ) : (
        <NoCardNotice otherCards={false} shown={showErrors} onAddCard={() => setModal('addCard')} />
      )}

      <Step name="acceptAgreement" number={stepNumber('acceptAgreement')} banner={banner('acceptAgreement')}>
        <p className="loan-agreement-links">
          <Button variant="link" onPress={() => setModal('termsAndConditions')}>
            {TEXT.termsLink}
          </Button>
          <Button variant="link" onPress={() => setModal('loanExplanation')}>
            {TEXT.explanationLink}
          </Button>
          <Button variant="link" onPress={() => setModal('email')}>
            {TEXT.updateEmail}
          </Button>
        </p>
        <Checkbox
          isDisabled={!ready}
          isSelected={
            values.acceptAgreement === true &&
            (!loaded.hasCommunicationPreferences || values.acceptCommunications === true)
          }
          onChange={(selected) =>
            change(
              loaded.hasCommunicationPreferences
                ? { acceptAgreement: selected, acceptCommunications: selected }
                : { acceptAgreement: selected },
            )
          }
        >
          {TEXT.acceptAll}
        </Checkbox>
        <Checkbox
          isDisabled={!ready}
          isRequired
          isSelected={values.acceptAgreement === true}
          onChange={(selected) => change({ acceptAgreement: selected })}
        >
          {TEXT.acceptAgreement}
        </Checkbox>
        {loaded.hasCommunicationPreferences && (
          <Checkbox
            isDisabled={!ready}
            isSelected={values.acceptCommunications === true}
            onChange={(selected) => change({ acceptCommunications: selected })}
          >
            {TEXT.acceptCommunications}
          </Checkbox>
        )}
      </Step>

      <ul className="loan-field-list" aria-label={TEXT.formErrors} data-shown={showErrors}>
        {visibleFields.map((field) =>
          fieldValid[field] ? (
            <li key={field} data-valid>
              {FIELD_LABELS[field]}
              <span className="visually-hidden">: {TEXT.fieldValid}</span>
            </li>
          ) : (
            <li key={field} data-valid={false}>
              {FIELD_TODO[field]}
            </li>
          ),
        )}
      </ul>

      {offlineRefused && (
        <p className="loan-offline-refused" role="alert">
          {TEXT.offlineSubmit}
        </p>
      )}

      {requestedLoanId === null ? (
        <Button type="submit" fullWidth isDisabled={!ready || plansLoading} isLoading={submitting}>
          {TEXT.next}
        </Button>
      ) : (
        <div className="loan-requested" role="status">
          <p>{AGREEMENT_STEP_TEXTS.requested}</p>
          <Button fullWidth onPress={() => setAgreementOpen(true)}>
            {AGREEMENT_STEP_TEXTS.reviewAgreement}
          </Button>
        </div>
      )}

      <Suspense fallback={null}>
        {(modal === 'termsAndConditions' || modal === 'loanExplanation') && (
          <AgreementModal
            type={modal}
            title={modal === 'termsAndConditions' ? TEXT.termsLink : TEXT.explanationLink}
            offer={offerOnForm}
            onClose={closeModal(setModal)}
          />
        )}
        {modal === 'email' && <EmailModal defaultEmail={email} onClose={closeModal(setModal)} />}
        {modal === 'addCard' && (
          <AddCardModal
            onClose={closeModal(setModal)}
            onAdded={(latest) => {
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
            }}
          />
        )}
        {agreementOpen && requestedLoanId !== null && (
          <AgreementStepModal
            loanId={requestedLoanId}
            email={email}
            onClose={closeAgreement}
            onAccepted={goToNextStep}
          />
        )}
      </Suspense>
    </form>
  );
}

const closers = new WeakMap<object, () => void>();
/** A stable close callback per setter (the agreement modal's effect depends on it). */
function closeModal(setModal: (value: null) => void): () => void {
  let close = closers.get(setModal);
  if (!close) {
    close = () => setModal(null);
    closers.set(setModal, close);
  }
  return close;
}

/** Whole euros with the es-ES thousands dot ('2.500'; es-ES leaves 4-digit numbers ungrouped by default). */
const formatEuros = (euros: number): string => new Intl.NumberFormat('es-ES', { useGrouping: 'always' }).format(euros);

function formatAmount(euros: number): string {
  return formatMessage(TEXT.amountOption, { amount: formatEuros(euros) });
}

const isValidCard = (card: { cardStatus: string }): boolean => isUsableCardStatus(card.cardStatus);

function initialValues(
  saved: Values,
  amounts: readonly number[],
  repayWindow: ReturnType<typeof firstRepaymentWindow>,
  holidays: readonly string[],
  accounts: ReadonlyArray<{ accountId: number }>,
): Values {
  const values: Values = { ...saved };
  if (values.product && !amounts.includes(values.product)) values.product = null;
  if (!values.firstRepaymentDate) values.firstRepaymentDate = repayWindow.defaultDate;
  else if (!isSelectableRepaymentDate(values.firstRepaymentDate, repayWindow, holidays))
    values.firstRepaymentDate = null;
  if (values.accountId && !accounts.some((account) => account.accountId === values.accountId)) values.accountId = null;
  if (!values.accountId && accounts.length === 1) values.accountId = accounts[0]?.accountId ?? null;
  return values;
}

interface StepProps {
  name: StepName;
  number: number;
  banner: { state: string; text: string };
  children?: React.ReactNode;
}

/** One numbered step: its heading, its status banner and its field. */
function Step({ name, number, banner, children }: StepProps) {
  const headingId = useId();
  return (
    <section className="loan-step" data-step={name} data-state={banner.state} aria-labelledby={headingId}>
      <h2 id={headingId} className="loan-step-title">
        {number}. {STEP_TITLES[name]}
      </h2>
      <p className="loan-step-banner" data-state={banner.state} data-testid={`banner-${name}`}>
        {banner.text}
      </p>
      {children}
    </section>
  );
}

function InstallmentOption({
  value,
  enabled,
  plan,
  checked,
  onChoose,
}: {
  value: number;
  enabled: boolean;
  plan: PlanOption | undefined;
  checked: boolean;
  onChoose: () => void;
}) {
  const tooltipId = useId();
  const parts = plan ? formatMoneyParts(plan.monthlyCents) : null;
  return (
    <div className="loan-installment-wrap" data-disabled={!enabled}>
      <label className="loan-option loan-installment" data-disabled={!enabled}>
        <input
          type="radio"
          name="installment"
          value={value}
          checked={checked}
          disabled={!enabled}
          aria-describedby={enabled ? undefined : tooltipId}
          onChange={onChoose}
        />
        <span>{formatMessage(TEXT.installmentOption, { installments: value })}</span>{' '}
        {parts && (
          <span className="loan-monthly">
            <span className="loan-monthly-integer">{parts.integer}</span>
            <span className="loan-monthly-cents">,{parts.cents} €</span> <span>{TEXT.perMonth}</span>
          </span>
        )}
      </label>
      {!enabled && (
        <span role="tooltip" id={tooltipId} className="loan-tooltip">
          {TEXT.installmentUnavailable}
        </span>
      )}
    </div>
  );
}

function NoCardNotice({
  otherCards,
  shown,
  onAddCard,
}: {
  otherCards: boolean;
  shown: boolean;
  onAddCard: () => void;
}) {
  return (
    <div className="loan-no-card" role="note" data-shown={shown}>
      <p>
        {TEXT.noCardStart}
        {otherCards ? TEXT.noCardChooseOther : ''}
        {TEXT.noCardEnd}
      </p>
      <Button variant="secondary" onPress={onAddCard}>
        {ADD_CARD_TEXTS.openModal}
      </Button>
    </div>
  );
}
