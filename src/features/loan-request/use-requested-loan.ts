import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { getJourney } from '../../lib/api/calls/journey.ts';
import { usePageData } from '../../lib/api/use-page-data.ts';
import { useGoToNextStep } from '../../lib/loan-flow/next-step.ts';

/**
 * The requested loan whose agreement is read and accepted next; the agreement modal is open while `agreementOpen`.
 * `requested` records a loan just requested and opens its agreement.
 */
export function useRequestedLoan(flowId: string) {
  const [requestedLoanId, setRequestedLoanId] = useState<number | null>(null);
  const [agreementOpen, setAgreementOpen] = useState(false);
  const requested = (loanId: number) => {
    setRequestedLoanId(loanId);
    setAgreementOpen(true);
  };
  const closeAgreement = useCallback(() => setAgreementOpen(false), []);
  const goToNextStep = useGoToNextStep(flowId);

  // A loan requested earlier whose agreement was not accepted (the page was closed, the agreement failed to load):
  // its agreement step opens again, since a new request would be refused (ActiveLoanExists); one already accepted
  // goes on to the next step. Without an answer (an error) the form stays as it is; offline, the journey is asked
  // again once the connection comes back.
  const goToNextStepRef = useRef(goToNextStep);
  useLayoutEffect(() => {
    goToNextStepRef.current = goToNextStep;
  }, [goToNextStep]);
  usePageData(async (signal) => {
    const { loanDetails } = await getJourney({ ignoreErrors: true, signal });
    if (signal.aborted || !loanDetails) return;
    if (loanDetails.status === 'requested') {
      setRequestedLoanId(loanDetails.loanId);
      setAgreementOpen(true);
    } else if (loanDetails.status === 'agreementAssigned') {
      void goToNextStepRef.current();
    }
  });

  return {
    requestedLoanId,
    agreementOpen,
    requested,
    openAgreement: () => setAgreementOpen(true),
    closeAgreement,
    goToNextStep,
  };
}
