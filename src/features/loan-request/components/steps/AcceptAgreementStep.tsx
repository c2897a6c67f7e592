import { Button } from '../../../../lib/ui/Button.tsx';
import { Checkbox } from '../../../../lib/ui/Checkbox.tsx';
import type { LoanFlowFormValues } from '../../../../shared/api/loan.ts';
import { LOAN_FORM_TEXTS as TEXT } from '../../texts.ts';
import type { FormModal, StepHeader } from '../../use-loan-request-form.ts';
import { Step } from './Step.tsx';

interface AcceptAgreementStepProps extends StepHeader {
  values: LoanFlowFormValues;
  change: (patch: LoanFlowFormValues) => void;
  /** The consents can be given once the instalments and the account are chosen. */
  ready: boolean;
  /** The customer has communication preferences: the commercial communications are asked too. */
  hasCommunicationPreferences: boolean;
  onOpen: (modal: FormModal) => void;
}

/** Step 'Condiciones': the documents, the e-mail update and the consents ('ACEPTAR TODO' sets them all). */
export function AcceptAgreementStep({
  values,
  change,
  ready,
  hasCommunicationPreferences,
  onOpen,
  ...header
}: AcceptAgreementStepProps) {
  return (
    <Step name="acceptAgreement" {...header}>
      <p className="loan-agreement-links">
        <Button variant="link" onPress={() => onOpen('termsAndConditions')}>
          {TEXT.termsLink}
        </Button>
        <Button variant="link" onPress={() => onOpen('loanExplanation')}>
          {TEXT.explanationLink}
        </Button>
        <Button variant="link" onPress={() => onOpen('email')}>
          {TEXT.updateEmail}
        </Button>
      </p>
      <Checkbox
        isDisabled={!ready}
        isSelected={
          values.acceptAgreement === true && (!hasCommunicationPreferences || values.acceptCommunications === true)
        }
        onChange={(selected) =>
          change(
            hasCommunicationPreferences
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
      {hasCommunicationPreferences && (
        <Checkbox
          isDisabled={!ready}
          isSelected={values.acceptCommunications === true}
          onChange={(selected) => change({ acceptCommunications: selected })}
        >
          {TEXT.acceptCommunications}
        </Checkbox>
      )}
    </Step>
  );
}
