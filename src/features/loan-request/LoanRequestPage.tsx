import { LoanRequestView } from './components/LoanRequestView.tsx';

/** `loanRequest` (/loan-request): the seven-step loan request of the saved flow `l` (second document §2). */
export default function LoanRequestPage() {
  return <LoanRequestView step="loanRequest" />;
}
