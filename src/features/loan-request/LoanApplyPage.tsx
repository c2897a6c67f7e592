import { LoanRequestView } from './components/LoanRequestView.tsx';

/** `loanApply` (/loan-apply): the same credit-payload form, reached from the loan call-to-action with a saved flow. */
export default function LoanApplyPage() {
  return <LoanRequestView step="loanApply" />;
}
