import { LoanFlowScreenLog } from './LoanFlowScreenLog.tsx';
import { ResumeLoanFlowOffer } from './ResumeLoanFlowOffer.tsx';

/**
 * The loan flow's part of the shell, for logged-in customers (loaded on demand, with the loan contract): the
 * screen-visit logs of every loan-flow route and the 'Continúa tu solicitud' offer.
 */
export default function LoanFlowShell() {
  return (
    <>
      <ResumeLoanFlowOffer />
      <LoanFlowScreenLog />
    </>
  );
}
