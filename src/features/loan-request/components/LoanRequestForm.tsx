import { Button } from '../../../lib/ui/Button.tsx';
import { AGREEMENT_STEP_TEXTS, FIELD_LABELS, MINI_FIELD_LABELS, LOAN_FORM_TEXTS as TEXT } from '../texts.ts';
import { useLoanRequestForm, type LoanRequestFormInput } from '../use-loan-request-form.ts';
import { FieldChecklist } from './FieldChecklist.tsx';
import { LoanFormModals } from './LoanFormModals.tsx';
import { AcceptAgreementStep } from './steps/AcceptAgreementStep.tsx';
import { AccountStep } from './steps/AccountStep.tsx';
import { AmountStep } from './steps/AmountStep.tsx';
import { CardStep } from './steps/CardStep.tsx';
import { CreditSummaryStep } from './steps/CreditSummaryStep.tsx';
import { FirstRepaymentDateStep } from './steps/FirstRepaymentDateStep.tsx';
import { InstallmentStep } from './steps/InstallmentStep.tsx';

export interface LoanRequestFormProps extends LoanRequestFormInput {
  /** 'Añadir nueva cuenta bancaria' (RTB, securityChecked, not blacklisted). */
  canAddAccount: boolean;
  email: string;
}

/** The credit-payload form of the loan request (second document §2, §5): seven numbered steps with banners. */
export function LoanRequestForm({ canAddAccount, email, ...input }: LoanRequestFormProps) {
  const form = useLoanRequestForm(input);
  const { values, change, header, agreement } = form;
  const { accounts, holidays, hasCommunicationPreferences } = input.loaded;

  return (
    <form
      className="loan-request-form"
      noValidate
      aria-label={TEXT.formLabel}
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      <AmountStep
        {...header('product')}
        products={form.products}
        loanProduct={form.loanProduct}
        onChooseProduct={form.chooseLoanProduct}
        amounts={form.amounts}
        value={values.product}
        notice={form.productNotice}
        onChoose={form.chooseProduct}
      />
      <FirstRepaymentDateStep
        {...header('firstRepaymentDate')}
        label={form.loanProduct === 'mini' ? TEXT.miniDateLabel : TEXT.dateLabel}
        value={values.firstRepaymentDate}
        repayWindow={form.repayWindow}
        holidays={holidays}
        alert={form.dateAlert}
        onChoose={form.chooseDate}
      />
      <InstallmentStep
        {...header('installment')}
        loanProduct={form.loanProduct}
        value={values.installment}
        plans={form.plans}
        plansLoading={form.plansLoading}
        notice={form.installmentNotice}
        onChoose={form.chooseInstallment}
      />
      <AccountStep
        {...header('accountId')}
        accounts={accounts}
        value={values.accountId}
        onChoose={(accountId) => change({ accountId })}
        canAddAccount={canAddAccount}
        flowId={input.flow.id}
      />
      <CreditSummaryStep
        {...header('creditSummary')}
        loanProduct={form.loanProduct}
        product={values.product}
        plan={form.selectedPlan}
      />
      <CardStep
        {...header('cardId')}
        cards={form.cards}
        showCardSelection={form.showCardSelection}
        value={values.cardId}
        onChoose={(cardId) => change({ cardId })}
        showErrors={form.showErrors}
        onAddCard={() => form.setModal('addCard')}
      />
      <AcceptAgreementStep
        {...header('acceptAgreement')}
        values={values}
        change={change}
        ready={form.ready}
        hasCommunicationPreferences={hasCommunicationPreferences}
        onOpen={form.setModal}
      />

      <FieldChecklist
        labels={form.loanProduct === 'mini' ? { ...FIELD_LABELS, ...MINI_FIELD_LABELS } : FIELD_LABELS}
        fields={form.visibleFields}
        valid={form.fieldValid}
        shown={form.showErrors}
      />

      {form.offlineRefused && (
        <p className="loan-offline-refused" role="alert">
          {TEXT.offlineSubmit}
        </p>
      )}

      {agreement.requestedLoanId === null ? (
        <Button type="submit" fullWidth isDisabled={!form.ready || form.plansLoading} isLoading={form.submitting}>
          {TEXT.next}
        </Button>
      ) : (
        <div className="loan-requested" role="status">
          <p>{AGREEMENT_STEP_TEXTS.requested}</p>
          <Button fullWidth onPress={agreement.openAgreement}>
            {AGREEMENT_STEP_TEXTS.reviewAgreement}
          </Button>
        </div>
      )}

      <LoanFormModals
        modal={form.modal}
        setModal={form.setModal}
        offer={form.offerOnForm}
        email={email}
        onCardsAdded={form.cardsAdded}
        agreementLoanId={agreement.agreementOpen ? agreement.requestedLoanId : null}
        closeAgreement={agreement.closeAgreement}
        onAgreementAccepted={agreement.goToNextStep}
      />
    </form>
  );
}
